import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { SpaceAbout } from './components/SpaceAbout.tsx';
import { SpacesList } from './components/SpacesList.tsx';

/** Spaces: the list (with the view-count switch and the import) and 'About space' (spec 2). */
export const spaceRoutes: RouteObject[] = [
  { path: PATHS.spaces, element: <SpacesList /> },
  { path: `${PATHS.spaces}/:spaceId`, element: <SpaceAbout /> },
];
