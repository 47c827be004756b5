import { sql, type Kysely } from 'kysely';
import type { AuditEntry } from '../../../domain/admin.ts';
import { endOfDay, toStoredDate, type AuditSearchInput } from '../../../domain/admin-inputs.ts';
import type { Database } from '../../db/schema.ts';
import { anyContains, parseStored } from '../../platform/admin/query.ts';

/**
 * One window of the audit log (newest first unless `reversed`): admin entries only, a date range and
 * text over action, type, the person's email and both values, as the console's search asks; with the total.
 */
export async function searchAuditLog(
  db: Kysely<Database>,
  body: AuditSearchInput,
  w: { limit: number; offset: number },
): Promise<{ results: AuditEntry[]; total: number }> {
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
  return { results, total: Number(count?.n ?? 0) };
}
