import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { FeaturedTagForm } from './components/FeaturedTagForm.tsx';
import { FeaturedTagsList } from './components/FeaturedTagsList.tsx';

/** Featured Tags: the list, create and edit (spec 2). */
export const featuredTagRoutes: RouteObject[] = [
  { path: PATHS.featuredTags, element: <FeaturedTagsList /> },
  { path: PATHS.featuredTagCreate, element: <FeaturedTagForm key="create" /> },
  { path: `${PATHS.featuredTags}/:id`, element: <FeaturedTagForm key="edit" /> },
];
