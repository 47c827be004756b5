import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { SearchInsightsScreen } from './components/SearchInsightsScreen.tsx';

/** Search insights: one screen (issue 25: what people look for and cannot find). */
export const searchInsightRoutes: RouteObject[] = [{ path: PATHS.searchInsights, element: <SearchInsightsScreen /> }];
