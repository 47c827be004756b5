import type { Transaction } from 'kysely';
import type { Deps, SessionUser } from '../context.ts';
import type { Database } from '../db/schema.ts';

/** What an audit entry is about (its `type`). */
export type AuditType = 'ACCOUNT' | 'USER' | 'BANNER' | 'COLLECTION' | 'CAROUSEL_ITEM' | 'FEATURED_TAG' | 'MODERATION' | 'SPACE' | 'TAG' | 'SETTING';

/** Kinds of public content a content-change event names; the publisher rebuilds what they touch. */
export type ContentType = 'SPACE' | 'COLLECTION' | 'ACCOUNT' | 'USER' | 'BANNER' | 'CAROUSEL_ITEM' | 'FEATURED_TAG' | 'SETTING';

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
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

let sequence = 0;
/**
 * A time-ordered entry id (milliseconds, then a per-process sequence, then randomness), so entries
 * written in the same millisecond still list in the order they were made.
 */
export function auditId(now: number = Date.now()): string {
  sequence = (sequence + 1) % 0x1_0000_0000;
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${now.toString(16).padStart(12, '0')}${sequence.toString(16).padStart(8, '0')}${random}`;
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
  const db = deps.db.kysely;
  const out = await db.transaction().execute(async (tx) => {
    const change = await work(tx);
    if (!change.noop) {
      const now = Date.now();
      await tx
        .insertInto('audit_log')
        .values({
          id: auditId(now),
          action: what.action,
          date: new Date(now).toISOString(),
          type: what.type,
          userId: user.id,
          isAdmin: 1,
          fromValue: json(change.from),
          toValue: json(change.to),
        })
        .execute();
    }
    return change;
  });
  if (!out.noop && out.changed && out.changed.ids.length) {
    try {
      await deps.events.emit(db, out.changed.type, [...new Set(out.changed.ids)]);
    } catch (cause) {
      // The change is committed; failing the request now would tell the admin it was not.
      console.error(new Error(`Content-change event ${out.changed.type} was not recorded; the site rebuilds on the next change.`, { cause }));
    }
  }
  return out.result;
}
