import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/accounts/routes.tsx';
import { auditLogRoutes } from '../features/audit-log/routes.tsx';
import { searchInsightRoutes } from '../features/search-insights/routes.tsx';
import { bannerRoutes } from '../features/banners/routes.tsx';
import { carouselRoutes } from '../features/carousel/routes.tsx';
import { collectionRoutes } from '../features/collections/routes.tsx';
import { featuredTagRoutes } from '../features/featured-tags/routes.tsx';
import { moderationRoutes } from '../features/moderation/routes.tsx';
import { spaceRoutes } from '../features/spaces/routes.tsx';
import { submissionRoutes } from '../features/submissions/routes.tsx';
import { marketplaceRoutes } from '../features/marketplace/routes.tsx';
import { jobRoutes } from '../features/jobs/routes.tsx';
import { orderRoutes } from '../features/orders/routes.tsx';
import { technicianRoutes } from '../features/technicians/routes.tsx';
import { AdminLayout } from './AdminLayout.tsx';
import { ADMIN_BASE, PATHS } from './paths.ts';
import { NotFound, RouteError } from './RouteError.tsx';

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
          ...collectionRoutes,
          ...carouselRoutes,
          ...spaceRoutes,
          ...bannerRoutes,
          ...auditLogRoutes,
          ...searchInsightRoutes,
          ...moderationRoutes,
          ...accountRoutes,
          ...submissionRoutes,
          ...marketplaceRoutes,
          ...orderRoutes,
          ...jobRoutes,
          ...technicianRoutes,
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
