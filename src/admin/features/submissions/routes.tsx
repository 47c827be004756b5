import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { SubmissionsScreen } from './components/SubmissionsScreen.tsx';

/** Submissions: one screen (/admin/submissions). */
export const submissionRoutes: RouteObject[] = [{ path: PATHS.submissions, element: <SubmissionsScreen /> }];
