import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BulkResult } from '../../../domain/admin.ts';
import type { Deps, SessionUser } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, notFound } from '../errors.ts';
import type { ContentType } from '../../../domain/content-change.ts';
import { clockOf } from '../clock.ts';
import { withAudit, type AuditType } from '../audit.ts';

/** The ids of a bulk call without repeats, in the order given. */
export const uniqueIds = (ids: readonly string[]): string[] => [...new Set(ids)];

/**
 * Checks that every requested id was found; otherwise answers 404 naming the missing ones
 * (`extra.missing`). Called inside the transaction, so a bulk call changes all or nothing.
 */
export function requireAll<T>(what: string, ids: readonly string[], rows: readonly T[], keysOf: (row: T) => readonly (string | null)[]): void {
  const found = new Set(rows.flatMap((r) => keysOf(r).filter((k): k is string => k !== null)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new ApiError('NOT_FOUND', `${what} not found: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}.`, { missing });
}

/**
 * New priorities for moving one item to a 0-based position in a list ordered by priority
 * (highest first): the list is renumbered n-1…0 so the order is unambiguous afterwards.
 */
export function movedPriorities<T extends { id: string }>(ordered: readonly T[], id: string, position: number): Map<string, number> {
  const rest = ordered.filter((x) => x.id !== id);
  const moving = ordered.find((x) => x.id === id);
  if (moving) rest.splice(Math.min(position, rest.length), 0, moving);
  return new Map(rest.map((x, i) => [x.id, rest.length - 1 - i]));
}

/** Tables whose rows an admin call may name by key: each has a string id (and some a sid). */
type KeyedTable = { [T in keyof Database]: Database[T] extends { id: string; updatedAt: string } ? T : never }[keyof Database];

/** The columns the helpers below read and write, which every keyed table has. */
type KeyedRow = { id: string; updatedAt: string } & Record<string, unknown>;

/**
 * The handle the helpers query through. Kysely cannot check a query over a table chosen by a type
 * parameter, so they see every keyed table as rows of `KeyedRow`; `AdminResource` keeps the callers typed.
 */
const anyTable = (db: Kysely<Database>) => db.withTables<Record<string, KeyedRow>>();

/** Where to find the items of an admin call, and what to call one in a 404. */
export interface KeyedItems<T extends KeyedTable> {
  table: T;
  /** How messages name one item ('Banner' → "Banner not found"). */
  label: string;
  /** The columns an item may be given by (id, sid…): a call may use any of them. */
  keys: readonly (keyof Database[T] & string)[];
}

/**
 * What differs between the admin resources that share delete, bulk delete and (de)activate: the
 * table, the keys an item may be given by, the audit type, the content-change event and the audit
 * value of one item. The helpers keep the shared rules: all or nothing, 404 with `extra.missing`,
 * one audit entry and one event per call, none when nothing changed.
 */
export interface AdminResource<T extends KeyedTable> extends KeyedItems<T> {
  audit: AuditType;
  event: ContentType;
  /** The audit value of one item. */
  snapshot: (tx: Transaction<Database>, row: Selectable<Database[T]>) => unknown;
  /** More ids a deletion's event names (the collections holding a deleted collection). */
  alsoTouched?: (tx: Transaction<Database>, ids: readonly string[]) => Promise<string[]>;
  /** Deletes items by id with what hangs on them; by default their rows only. */
  remove?: (tx: Transaction<Database>, ids: readonly string[]) => Promise<void>;
}

/** The rows whose keys match any of `keys`, in table order (not the order asked). */
const rowsByKeys = <T extends KeyedTable>(db: Kysely<Database>, items: KeyedItems<T>, keys: readonly string[]) =>
  anyTable(db)
    .selectFrom(items.table as string)
    .selectAll()
    .where((eb) => eb.or(items.keys.map((k: string) => eb(k, 'in', [...keys]))))
    .execute() as Promise<Selectable<Database[T]>[]>;

const keysOf =
  <T extends KeyedTable>(items: KeyedItems<T>) =>
  (row: Selectable<Database[T]>): (string | null)[] =>
    items.keys.map((k) => (row as Record<string, unknown>)[k] as string | null);

const idOf = <T extends KeyedTable>(row: Selectable<Database[T]>): string => (row as Record<string, unknown>)['id'] as string;

/**
 * Every item named by `keys` (by any of its keys), or a 404 naming the missing ones; call it inside
 * the transaction so a bulk call changes all or nothing.
 */
export async function requireItems<T extends KeyedTable>(tx: Transaction<Database>, items: KeyedItems<T>, keys: readonly string[]) {
  const rows = keys.length ? await rowsByKeys(tx, items, keys) : [];
  requireAll(items.label, keys, rows, keysOf(items));
  return rows;
}

/** The canonical ids of `keys`, in the order asked, without repeats. */
function idsInOrder<T extends KeyedTable>(items: KeyedItems<T>, rows: readonly Selectable<Database[T]>[], keys: readonly string[]): string[] {
  const byKey = new Map(rows.flatMap((row) => keysOf(items)(row).map((k) => [k, idOf(row)] as const)));
  return uniqueIds(keys.map((k) => byKey.get(k) as string));
}

/** Deletes items of a resource (their ids given); answers their audit values and the ids the event names. */
async function removeItems<T extends KeyedTable>(tx: Transaction<Database>, r: AdminResource<T>, rows: readonly Selectable<Database[T]>[], ids: string[]) {
  const before = await Promise.all(rows.map((row) => r.snapshot(tx, row)));
  const touched = r.alsoTouched ? await r.alsoTouched(tx, ids) : [];
  if (r.remove) await r.remove(tx, ids);
  else
    await anyTable(tx)
      .deleteFrom(r.table as string)
      .where('id', 'in', ids)
      .execute();
  return { before, eventIds: [...ids, ...touched] };
}

/** DELETE …/{id}/: deletes one item given by any of its keys; 404 when there is none. */
export async function deleteOne<T extends KeyedTable>(deps: Deps, admin: SessionUser, r: AdminResource<T>, key: string): Promise<void> {
  await withAudit(deps, admin, { type: r.audit, action: 'DELETE' }, async (tx) => {
    const [row] = await rowsByKeys(tx, r, [key]);
    if (!row) throw notFound(r.label);
    const { before, eventIds } = await removeItems(tx, r, [row], [idOf(row)]);
    return { from: before[0], to: null, result: null, changed: { type: r.event, ids: eventIds } };
  });
}

/** DELETE …/ with a list: deletes every item named, or none when one is unknown (404 with `extra.missing`). */
export async function deleteAll<T extends KeyedTable>(deps: Deps, admin: SessionUser, r: AdminResource<T>, list: readonly string[]): Promise<void> {
  const keys = uniqueIds(list);
  await withAudit(deps, admin, { type: r.audit, action: 'DELETE_BULK' }, async (tx) => {
    const rows = await requireItems(tx, r, keys);
    const { before, eventIds } = await removeItems(tx, r, rows, idsInOrder(r, rows, keys));
    return { from: before, to: null, result: null, changed: { type: r.event, ids: eventIds } };
  });
}

/**
 * Sets a 0/1 column (isActive, isAdmin…) on every item named, all or nothing; answers the items that
 * changed. Nothing changing writes no audit entry and no event.
 */
export async function setFlagAll<T extends KeyedTable>(
  deps: Deps,
  admin: SessionUser,
  r: AdminResource<T>,
  list: readonly string[],
  column: keyof Database[T] & string,
  value: boolean,
  action: string,
): Promise<BulkResult> {
  const keys = uniqueIds(list);
  return withAudit(deps, admin, { type: r.audit, action }, async (tx) => {
    const rows = await requireItems(tx, r, keys);
    const changed = rows.filter((row) => ((row as Record<string, unknown>)[column] === 1) !== value).map(idOf);
    if (changed.length)
      await anyTable(tx)
        .updateTable(r.table as string)
        .set({ [column]: value ? 1 : 0, updatedAt: clockOf(deps).now().toISOString() })
        .where('id', 'in', changed)
        .execute();
    const out: BulkResult = { count: changed.length, ids: changed };
    return {
      from: changed.map((id) => ({ id, [column]: !value })),
      to: changed.map((id) => ({ id, [column]: value })),
      result: out,
      changed: { type: r.event, ids: changed },
      noop: !changed.length,
    };
  });
}
