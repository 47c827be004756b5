import { expect } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import type { Clock } from '../../src/server/platform/clock.ts';
import { SESSIONS, seedFixtures } from './fixtures.ts';

/** Who a request of the admin test app comes from; null is a guest. */
export type Who = keyof typeof SESSIONS | null;

/** An audit row as the tests read it, with its values parsed. */
export interface AuditRow {
  action: string;
  type: string;
  userId: string | null;
  isAdmin: number;
  from: unknown;
  to: unknown;
}

/** The fixture world as an administrator (switch with `as`), with helpers to read the audit log and content events. */
export async function adminApp(who: Who = 'admin', options: { clock?: Clock } = {}) {
  let current: Who = who;
  const t = await createTestApp({ session: () => Promise.resolve(current ? SESSIONS[current] : null), ...options });
  await seedFixtures(t.db.kysely);
  const call = (method: string, path: string, body?: unknown) =>
    t.app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  return {
    ...t,
    /** Makes the following requests come from someone else. */
    as(next: Who) {
      current = next;
    },
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    patch: (path: string, body?: unknown) => call('PATCH', path, body),
    del: (path: string, body?: unknown) => call('DELETE', path, body),
    /** Every audit row, oldest first. */
    async audit(): Promise<AuditRow[]> {
      // Audit ids sort in the order entries were made, also within one millisecond (auditId), on both engines.
      const rows = await t.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute();
      return rows.map((r) => ({
        action: r.action,
        type: r.type,
        userId: r.userId,
        isAdmin: r.isAdmin,
        from: r.fromValue === null ? null : (JSON.parse(r.fromValue) as unknown),
        to: r.toValue === null ? null : (JSON.parse(r.toValue) as unknown),
      }));
    },
    /** Every content-change event, oldest first. */
    async events(): Promise<{ type: string; ids: string[] }[]> {
      const rows = await t.db.kysely.selectFrom('content_events').selectAll().orderBy('id').execute();
      return rows.map((e) => ({ type: e.type, ids: JSON.parse(e.ids) as string[] }));
    },
  };
}
/** @see adminApp */
export type AdminApp = Awaited<ReturnType<typeof adminApp>>;

/** Reads a JSON answer and checks its status, showing the body when it differs. */
export async function body<T = unknown>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`Expected ${status}, got ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Checks a 400 answer lists a problem with each field path given. */
export async function expectInvalid(res: Response, ...paths: string[]): Promise<void> {
  const err = ApiErrorBody.parse(await body(res, 400));
  expect(err.code).toBe('VALIDATION_ERROR');
  const fields = (err.extra as { fields: { path: string; message: string }[] }).fields.map((f) => f.path);
  for (const p of paths) expect(fields, `fields of ${err.message}`).toContain(p);
}

/** Checks an error answer's status and code. */
export async function expectError(res: Response, status: number, code: string): Promise<ApiErrorBody> {
  const err = ApiErrorBody.parse(await body(res, status));
  expect(err.code).toBe(code);
  return err;
}

/** The last audit row, checked to be an admin entry of this type and action by the fixture admin. */
export async function lastAudit(t: AdminApp, type: string, action: string): Promise<AuditRow> {
  const rows = await t.audit();
  const last = rows[rows.length - 1];
  expect(last, 'an audit entry').toBeDefined();
  expect(last).toMatchObject({ type, action, userId: SESSIONS.admin.id, isAdmin: 1 });
  return last as AuditRow;
}

/** Checks that nothing was written: no audit row and no content event since the counts given. */
export async function expectNothingWritten(t: AdminApp, before: { audit: number; events: number }): Promise<void> {
  expect((await t.audit()).length).toBe(before.audit);
  expect((await t.events()).length).toBe(before.events);
}

/** How many audit rows and events exist now. */
export async function counts(t: AdminApp) {
  return { audit: (await t.audit()).length, events: (await t.events()).length };
}
