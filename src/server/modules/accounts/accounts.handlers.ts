import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { invalid } from '../../platform/errors.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { listAccounts as queryAccounts, readAccountProfile } from '../profiles/profiles.queries.ts';
import { accountSpaces } from './accounts.queries.ts';
import type * as r from './accounts.routes.ts';

/** Account spaces page size (spec 9). */
export const ACCOUNT_PAGE_SIZE = 12;

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
