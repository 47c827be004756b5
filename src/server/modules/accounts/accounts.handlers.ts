import type { RouteHandler } from '@hono/zod-openapi';
import { sql } from 'kysely';
import { makePage, type PageWindow } from '../../../domain/page.ts';
import type { AppEnv } from '../../context.ts';
import { invalid } from '../../platform/errors.ts';
import { contentCtx, type ContentCtx } from '../../platform/content/context.ts';
import { accountSpacesCondition, listAccounts as queryAccounts, readAccountProfile, readAccountRow } from '../profiles/profiles.queries.ts';
import { cardsPage } from '../spaces/spaces.queries.ts';
import type * as r from './accounts.routes.ts';

/** Account spaces page size (spec 9). */
export const ACCOUNT_PAGE_SIZE = 12;

/** A page of an account's spaces: listed ones for everyone; members and admins see all but moderated. */
async function accountSpaces(ctx: ContentCtx, accountKey: string, w: PageWindow) {
  const account = await readAccountRow(ctx, accountKey);
  const ofAccount = await accountSpacesCondition(ctx, account);
  const insider = ctx.viewer.isAdmin || ctx.viewer.accountIds.includes(account.id);
  const visible = insider
    ? sql`s.id NOT IN (SELECT "itemId" FROM moderation_records WHERE "itemType" = 'SPACE')`
    : sql`s.visibility = 'PUBLIC' AND s.id NOT IN (SELECT "itemId" FROM moderation_records WHERE "itemType" = 'SPACE')`;
  if (w.limit <= 0) return makePage([], 0, w);
  return cardsPage(ctx, sql`${ofAccount} AND ${visible}`, sql`s."createdAt" DESC`, w);
}

/** GET /account/{accountId}/profile/ */
export const getAccountProfile: RouteHandler<typeof r.getAccountProfile, AppEnv> = async (c) =>
  c.json(await readAccountProfile(await contentCtx(c), c.req.valid('param').accountId), 200);

/** POST /account/spaces/ */
export const postAccountSpaces: RouteHandler<typeof r.postAccountSpaces, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  if (!body.accountId) throw invalid('json.accountId', 'accountId is required');
  const w = body.page !== undefined ? { offset: (body.page - 1) * body.pageSize, limit: body.pageSize } : { offset: body.offset ?? 0, limit: body.pageSize };
  return c.json(await accountSpaces(await contentCtx(c), body.accountId, w), 200);
};

/** GET /account/{accountId}/spaces */
export const getAccountSpaces: RouteHandler<typeof r.getAccountSpaces, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  return c.json(await accountSpaces(await contentCtx(c), c.req.valid('param').accountId, { offset: q.offset ?? 0, limit: q.limit ?? ACCOUNT_PAGE_SIZE }), 200);
};

/** GET /account/ */
export const listAccounts: RouteHandler<typeof r.listAccounts, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  return c.json(await queryAccounts(await contentCtx(c), { offset: q.offset ?? 0, limit: q.limit ?? 100 }), 200);
};
