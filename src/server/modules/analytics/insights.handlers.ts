import type { RouteHandler } from '@hono/zod-openapi';
import { insightIds } from '../../../domain/insight.ts';
import { MAX_INSIGHT_IDS } from '../../../domain/insight-rules.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import { requireUser } from '../auth/guards.ts';
import { clockOf } from '../../platform/clock.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { readSpaceRow } from '../spaces/spaces.queries.ts';
import type { AppEnv } from '../../context.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import { canSeeAccountInsight, canSeeSpaceInsight, insightDetails, insightSummaries } from './insight-views.ts';
import { accountExists, listAccountSpaces } from './insights.queries.ts';
import type * as r from './insights.routes.ts';

const NOT_YOURS = 'Only the owner of this space, its organization and administrators can see its insight.';

/** GET /api/insights/space/{id}/ */
export const getSpaceInsight: RouteHandler<typeof r.getSpaceInsight, AppEnv> = async (c) => {
  const user = requireUser(c);
  const ctx = await contentCtx(c);
  const row = await readSpaceRow(ctx, c.req.valid('param').id);
  if (!canSeeSpaceInsight(user, row)) throw forbidden(NOT_YOURS);
  const [insight] = await insightDetails(ctx.db, [row], clockOf(c.get('deps')).now());
  c.header('Cache-Control', 'private, no-store');
  return c.json(insight as NonNullable<typeof insight>, 200);
};

/** GET /api/insights/spaces/ */
export const getSpaceInsights: RouteHandler<typeof r.getSpaceInsights, AppEnv> = async (c) => {
  const user = requireUser(c);
  const ctx = await contentCtx(c);
  const ids = insightIds(c.req.valid('query').ids);
  if (ids.length > MAX_INSIGHT_IDS) throw invalid('ids', `At most ${MAX_INSIGHT_IDS} spaces at a time.`);
  const rows = [];
  for (const id of ids) {
    const row = await readSpaceRow(ctx, id);
    if (!canSeeSpaceInsight(user, row)) throw forbidden(NOT_YOURS);
    rows.push(row);
  }
  c.header('Cache-Control', 'private, no-store');
  return c.json({ results: await insightSummaries(ctx.db, rows, clockOf(c.get('deps')).now()) }, 200);
};

/** GET /api/insights/account/{accountId}/ */
export const getAccountInsights: RouteHandler<typeof r.getAccountInsights, AppEnv> = async (c) => {
  const user = requireUser(c);
  const { accountId } = c.req.valid('param');
  const ctx = await contentCtx(c);
  if (!(await accountExists(ctx.db, accountId))) throw notFound('Account');
  if (!canSeeAccountInsight(user, accountId)) throw forbidden('Only the people of this account and administrators can see its insight.');
  const w = resolveWindow(c.req.valid('query'), 24);
  const { rows, total } = await listAccountSpaces(ctx.db, accountId, w);
  c.header('Cache-Control', 'private, no-store');
  return c.json(makePage(await insightSummaries(ctx.db, rows, clockOf(c.get('deps')).now()), total, w), 200);
};
