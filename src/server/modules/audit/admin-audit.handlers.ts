import type { RouteHandler } from '@hono/zod-openapi';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import type { AppEnv } from '../../context.ts';
import { searchAuditLog } from './admin-audit.queries.ts';
import type * as r from './admin-audit.routes.ts';

/** Default audit page size. */
const AUDIT_PAGE = 50;

/** POST /audit/ */
export const searchAudit: RouteHandler<typeof r.searchAudit, AppEnv> = async (c) => {
  const w = resolveWindow(c.req.valid('query'), AUDIT_PAGE);
  const body = c.req.valid('json');
  const { results, total } = await searchAuditLog(c.get('deps').db.kysely, body, w);
  return c.json(makePage(results, total, w), 200);
};
