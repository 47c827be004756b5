import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { auditLogRoutes } from '../features/audit-log/routes.tsx';
import { bannerRoutes } from '../features/banners/routes.tsx';
import { carouselRoutes } from '../features/carousel/routes.tsx';
import { featuredTagRoutes } from '../features/featured-tags/routes.tsx';
import { AdminLayout } from './AdminLayout.tsx';
import { ComingSoon } from './ComingSoon.tsx';
import { ADMIN_BASE, PATHS } from './paths.ts';
import { NotFound, RouteError } from './RouteError.tsx';
import { t } from './texts.ts';

/** A section not built yet: its list and sub-pages show 'coming soon' (part 2 replaces these). */
const soon = (path: string, title: string, subPaths: string[] = []): RouteObject[] => [
  { path, element: <ComingSoon title={title} /> },
  ...subPaths.map((sub) => ({ path: `${path}/${sub}`, element: <ComingSoon title={title} back={{ to: path, title }} /> })),
];

/**
 * Every console screen (spec 2, "Admin routes"), under the basename /admin. Each section exports
 * its routes from `features/<resource>/routes.tsx`; add a section by importing its routes here.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AdminLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to={PATHS.featuredTags} replace /> },
          ...featuredTagRoutes,
          ...soon(PATHS.collections, t('nav.collections'), ['create', 'add', ':collectionId']),
          ...carouselRoutes,
          ...soon(PATHS.spaces, t('nav.spaces'), [':spaceId']),
          ...bannerRoutes,
          ...auditLogRoutes,
          ...soon(PATHS.moderation, t('nav.moderation')),
          ...soon(PATHS.accounts, t('nav.accounts')),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/** The console's router (browser history under /admin). */
export function createAdminRouter() {
  return createBrowserRouter(routes, { basename: ADMIN_BASE });
}
