import type { RouteHandler } from '@hono/zod-openapi';
import { sql } from 'kysely';
import type { AuditEntry } from '../../../domain/admin.ts';
import { endOfDay, toStoredDate } from '../../../domain/admin-inputs.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import type { AppEnv } from '../../context.ts';
import { anyContains, parseStored } from '../../platform/admin/query.ts';
import type * as r from './admin-audit.routes.ts';

/** Default audit page size. */
const AUDIT_PAGE = 50;

/** POST /audit/ */
export const searchAudit: RouteHandler<typeof r.searchAudit, AppEnv> = async (c) => {
  const w = resolveWindow(c.req.valid('query'), AUDIT_PAGE);
  const body = c.req.valid('json');
  const db = c.get('deps').db.kysely;
  let q = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.userId');
  if (body.adminOnly) q = q.where('a.isAdmin', '=', 1);
  if (body.from) q = q.where('a.date', '>=', toStoredDate(body.from));
  if (body.to) q = q.where('a.date', '<=', endOfDay(body.to));
  const text = body.searchText?.trim();
  if (text) {
    q = q.where(
      anyContains([sql.ref('a.action'), sql.ref('a.type'), sql.ref('u.email'), sql`coalesce(a."fromValue", '')`, sql`coalesce(a."toValue", '')`], text),
    );
  }
  const dir = body.reversed ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    q
      .select(['a.id', 'a.action', 'a.date', 'a.fromValue', 'a.toValue', 'a.type', 'a.userId', 'a.isAdmin', 'u.email'])
      .orderBy('a.date', dir)
      .orderBy('a.id', dir)
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const results: AuditEntry[] = rows.map((e) => ({
    id: e.id,
    action: e.action,
    date: e.date,
    from: parseStored(e.fromValue),
    to: parseStored(e.toValue),
    type: e.type,
    user: e.email ?? e.userId,
    isAdmin: e.isAdmin === 1,
  }));
  return c.json(makePage(results, Number(count?.n ?? 0), w), 200);
};
