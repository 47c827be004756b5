import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { JobsScreen } from './components/JobsScreen.tsx';

/** Jobs: a technician's schedule (/admin/jobs). */
export const jobRoutes: RouteObject[] = [{ path: PATHS.jobs, element: <JobsScreen /> }];
