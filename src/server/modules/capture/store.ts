import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Parses a JSON column written by this module. */
export const parseJson = <T>(text: string): T => JSON.parse(text) as T;

/**
 * The next value of a named sequence (order and invoice numbers), inside the caller's transaction:
 * an update takes the row's write lock on PostgreSQL, and SQLite runs one writer at a time, so two
 * orders never get the same number.
 */
export async function nextNumber(tx: Transaction<Database>, name: string): Promise<number> {
  const updated = await tx
    .updateTable('capture_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirst();
  if (updated) return Number(updated.value);
  await tx
    .insertInto('capture_counters')
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: (eb) => eb('capture_counters.value', '+', 1) }))
    .execute();
  const row = await tx.selectFrom('capture_counters').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.value);
}
