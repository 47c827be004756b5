import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { adminAccountsRouter } from './accounts/admin-accounts.index.ts';
import { adminAuditRouter } from './audit/admin-audit.index.ts';
import { adminSearchInsightsRouter } from './analytics/admin-search-insights.index.ts';
import { adminBannersRouter } from './banners/admin-banners.index.ts';
import { adminCollectionsRouter } from './collections/admin-collections.index.ts';
import { adminCarouselRouter } from './collections/admin-fci.index.ts';
import { adminFeaturedTagsRouter } from './featured-tags/admin-featured-tags.index.ts';
import { adminModerationRouter } from './moderation/admin-moderation.index.ts';
import { adminSpacesRouter } from './spaces/admin-spaces.index.ts';
import { adminTagsRouter } from './tags/admin-tags.index.ts';
import { adminUsersRouter } from './profiles/admin-users.index.ts';
import { adminWebhooksRouter } from './webhooks/admin-webhooks.index.ts';

/** Every /admin/api router (spec 7). The app-wide guard refuses non-administrators before any of them runs. */
export function adminRouters(): OpenAPIHono<AppEnv>[] {
  return [
    adminAccountsRouter(),
    adminUsersRouter(),
    adminAuditRouter(),
    adminBannersRouter(),
    adminCollectionsRouter(),
    adminCarouselRouter(),
    adminFeaturedTagsRouter(),
    adminModerationRouter(),
    adminSpacesRouter(),
    adminSearchInsightsRouter(),
    adminTagsRouter(),
    adminWebhooksRouter(),
  ];
}
