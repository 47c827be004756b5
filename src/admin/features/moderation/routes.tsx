import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { ModerationScreen } from './components/ModerationScreen.tsx';

/** Moderation: records, moderate and lift on one screen (spec 2: /admin/moderation). */
export const moderationRoutes: RouteObject[] = [{ path: PATHS.moderation, element: <ModerationScreen /> }];
