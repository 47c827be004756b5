import type { Transaction } from 'kysely';
import type { Deps, SessionUser } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { clockOf } from './clock.ts';
import type { ContentType } from '../../domain/content-change.ts';
import { timeOrderedId } from './ids.ts';

/** What an audit entry is about (its `type`): public content, and what only administrators see. */
export type AuditType = ContentType | 'MODERATION' | 'TAG' | 'SUBMISSION' | 'TECHNICIAN' | 'CAPTURE_ORDER';

/** What an audited piece of work did. */
export interface AuditedChange<T> {
  /** The before value (JSON-serialisable; null for a creation). */
  from: unknown;
  /** The after value (null for a deletion). */
  to: unknown;
  /** What the caller gets back. */
  result: T;
  /** The public content changed: one content-change event after commit. Leave out when nothing public changed. */
  changed?: { type: ContentType; ids: readonly string[] } | undefined;
  /** Nothing changed at all: no audit entry, no event. */
  noop?: boolean;
  /** The entry's action when the work only knows it after reading (a PATCH that merely reorders); else the one given up front. */
  action?: string | undefined;
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

/** One audit entry as written: who did what, to what, from which value to which. */
export interface AuditRecord {
  type: AuditType;
  action: string;
  /** The acting user (null only for a change no signed-in person made). */
  userId: string | null;
  /** Made through the admin API (`adminOnly` narrows the log to these). */
  isAdmin: boolean;
  from: unknown;
  to: unknown;
}

/**
 * Writes one audit entry with the caller's transaction, so the entry commits or rolls back with the
 * change it describes.
 */
export async function recordAudit(tx: Transaction<Database>, entry: AuditRecord, at: Date): Promise<void> {
  const now = at.getTime();
  await tx
    .insertInto('audit_log')
    .values({
      id: timeOrderedId(now),
      action: entry.action,
      date: new Date(now).toISOString(),
      type: entry.type,
      userId: entry.userId,
      isAdmin: entry.isAdmin ? 1 : 0,
      fromValue: json(entry.from),
      toValue: json(entry.to),
    })
    .execute();
}

/**
 * The fields that differ between two flat snapshots, each side keeping `id` (when it has one) so an
 * entry says which item it is about; null when nothing differs.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { from: Record<string, unknown>; to: Record<string, unknown> } | null {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'id') continue;
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    from[key] = a;
    to[key] = b;
  }
  if (!Object.keys(to).length) return null;
  const id = after['id'] ?? before['id'];
  return id === undefined ? { from, to } : { from: { id, ...from }, to: { id, ...to } };
}

/**
 * Runs audited work in one transaction that also writes its audit entry and its content event (the
 * outbox of rebuilds and webhooks), so a crash can lose none of them; announces the event after commit.
 */
async function audited<T>(
  deps: Deps,
  user: SessionUser | null,
  what: { type: AuditType; action: string },
  isAdmin: boolean,
  work: (tx: Transaction<Database>) => Promise<AuditedChange<T>>,
): Promise<T> {
  const db = deps.db.kysely;
  const out = await db.transaction().execute(async (tx) => {
    const change = await work(tx);
    if (change.noop) return { change, event: null };
    const action = change.action ?? what.action;
    await recordAudit(tx, { type: what.type, action, userId: user?.id ?? null, isAdmin, from: change.from, to: change.to }, clockOf(deps).now());
    const event = change.changed?.ids.length ? await deps.events.record(tx, change.changed.type, [...new Set(change.changed.ids)], action) : null;
    return { change, event };
  });
  if (out.event) deps.events.announce(out.event);
  return out.change.result;
}

/**
 * Runs an admin mutation in one transaction that also writes its audit entry, so nothing changes
 * without its entry and no entry exists for a change that rolled back. After commit it emits one
 * content-change event for the public content the work says it touched. Inside `work`, use only
 * `tx`: on SQLite the one connection is held by the transaction, so a query on `deps.db` would wait
 * forever.
 */
export async function withAudit<T>(
  deps: Deps,
  user: SessionUser,
  what: { type: AuditType; action: string },
  work: (tx: Transaction<Database>) => Promise<AuditedChange<T>>,
): Promise<T> {
  return audited(deps, user, what, true, work);
}

/**
 * `withAudit` for a signed-in user's own change through the content API (profile, collections,
 * follows, their space): the same one-transaction entry, with `isAdmin = 0` even when the user is an
 * administrator, because `adminOnly` means changes made through the admin API.
 */
export async function withUserAudit<T>(
  deps: Deps,
  user: SessionUser | null,
  what: { type: AuditType; action: string },
  work: (tx: Transaction<Database>) => Promise<AuditedChange<T>>,
): Promise<T> {
  return audited(deps, user, what, false, work);
}
