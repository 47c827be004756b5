import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { adminAccountsRouter } from './accounts/accounts.index.ts';
import { adminAuditRouter } from './audit/audit.index.ts';
import { adminBannersRouter } from './banners/banners.index.ts';
import { adminCollectionsRouter } from './collections/collections.index.ts';
import { adminCarouselRouter } from './fci/fci.index.ts';
import { adminFeaturedTagsRouter } from './featured-tags/featured-tags.index.ts';
import { adminModerationRouter } from './moderation/moderation.index.ts';
import { adminSpacesRouter } from './spaces/spaces.index.ts';
import { adminTagsRouter } from './tags/tags.index.ts';
import { adminUsersRouter } from './users/users.index.ts';
import { adminWebhooksRouter } from './webhooks/webhooks.index.ts';

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
    adminTagsRouter(),
    adminWebhooksRouter(),
  ];
}
