import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { accountsRouter } from './accounts/accounts.index.ts';
import { analyticsRouter } from './analytics/analytics.index.ts';
import { consentRouter } from './analytics/consent.index.ts';
import { adminRouters } from './admin.index.ts';
import { bannersRouter } from './banners/banners.index.ts';
import { captureRouters } from './capture/capture.index.ts';
import { capturesRouter } from './captures/captures.index.ts';
import { carouselRouter } from './carousel/carousel.index.ts';
import { collectionsRouter } from './collections/collections.index.ts';
import { contentCacheRouter } from './system/content-cache.index.ts';
import { docsRouter } from './system/docs.index.ts';
import { featuredTagsRouter } from './featured-tags/featured-tags.index.ts';
import { marketplaceRouters } from './marketplace/marketplace.index.ts';
import { formsRouters } from './forms/forms.index.ts';
import { insightsRouter } from './analytics/insights.index.ts';
import { prosRouter } from './pros/pros.index.ts';
import { spacesRouter } from './spaces/spaces.index.ts';
import { searchFacetsRouter } from './spaces/search-facets.index.ts';
import { systemRouter } from './system/system.index.ts';
import { toursRouter } from './tours/tours.index.ts';
import { sessionRouter } from './auth/session.index.ts';
import { signInRouter } from './auth/sign-in.index.ts';
import { usersRouter } from './profiles/users.index.ts';

/** Every resource router of the API, mounted at the root (their routes carry full paths). Add new resources here. */
export function routers(): OpenAPIHono<AppEnv>[] {
  return [
    systemRouter(),
    docsRouter(routers),
    contentCacheRouter(),
    spacesRouter(),
    searchFacetsRouter(),
    toursRouter(),
    collectionsRouter(),
    featuredTagsRouter(),
    carouselRouter(),
    bannersRouter(),
    accountsRouter(),
    usersRouter(),
    sessionRouter(),
    signInRouter(),
    consentRouter(),
    analyticsRouter(),
    ...adminRouters(),
    ...captureRouters(),
    capturesRouter(),
    ...marketplaceRouters(),
    ...formsRouters(),
    insightsRouter(),
    prosRouter(),
  ];
}
