import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';

/**
 * Statements that insert, update and delete many spaces at once (run them in one transaction), for the
 * tests that check a search index kept by triggers against the spaces (SQLite's stored scores,
 * PostgreSQL's space_words): `copies` copies of existing spaces named "Harbourside …" (ids `copy-N`),
 * then the views of some, the searched text of others, `more` (the caller's own statements), the
 * visibility of others, a statement that changes nothing searched, and a delete.
 */
export async function bulkSpaceChanges(tx: Kysely<Database>, copies: number, more: () => Promise<void> = () => Promise.resolve()): Promise<void> {
  const some = await tx.selectFrom('spaces').selectAll().orderBy('id').limit(copies).execute();
  await tx
    .insertInto('spaces')
    .values(some.map((s, i) => ({ ...s, id: `copy-${i}`, modelId: `COPY${i}`, slug: `copy-${i}`, name: `Harbourside ${s.name} Café` })))
    .execute();
  await tx
    .updateTable('spaces')
    .set({ views: sql`views + 7` })
    .where('id', 'like', 'copy-1%')
    .execute();
  await tx.updateTable('spaces').set({ name: 'Lighthouse keeper cottage' }).where('id', 'like', 'copy-2%').execute();
  await more();
  await tx.updateTable('spaces').set({ visibility: 'PRIVATE' }).where('id', 'like', 'copy-3%').execute();
  // A statement that changes nothing searched leaves the index alone.
  await tx.updateTable('spaces').set({ updatedAt: '2026-11-27T00:00:00.000Z' }).where('id', 'like', 'copy-%').execute();
  await tx.deleteFrom('spaces').where('id', 'like', 'copy-4%').execute();
}
