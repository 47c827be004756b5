import { sql, type Kysely, type Selectable } from 'kysely';
import type { ItemType } from '../../../domain/enums.ts';
import type { Database } from '../../db/schema.ts';
import { findAccount, findCollection, findSpace } from '../../platform/admin/items.ts';
import { anyContains } from '../../platform/admin/query.ts';

/** A stored moderation record. */
export type ModerationRow = Selectable<Database['moderation_records']>;

/** The canonical id of a moderatable item given by any of its keys (a user's means their personal account); null when there is none. */
export async function resolveItemId(db: Kysely<Database>, itemType: ItemType, key: string): Promise<string | null> {
  const found = itemType === 'SPACE' ? await findSpace(db, key) : itemType === 'COLLECTION' ? await findCollection(db, key) : await findAccount(db, key);
  if (found) return found.id;
  if (itemType === 'ACCOUNT') {
    const person = await db
      .selectFrom('users')
      .select('accountId')
      .where((eb) => eb.or([eb('id', '=', key), eb('sid', '=', key)]))
      .executeTakeFirst();
    if (person) return person.accountId;
  }
  return null;
}

/** The id of the record that moderates an item, if any. */
export async function findRecordOf(db: Kysely<Database>, itemType: ItemType, itemId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('moderation_records').select('id').where('itemType', '=', itemType).where('itemId', '=', itemId).executeTakeFirst();
}

/** Stores a moderation record. */
export async function insertRecord(db: Kysely<Database>, row: ModerationRow): Promise<void> {
  await db.insertInto('moderation_records').values(row).execute();
}

/** A person's stored email, or undefined. */
export async function findUserEmail(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const creator = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return creator?.email;
}

/** One window of the moderation records, newest first, by reason text and item type, each with its creator's email; with the total. */
export async function listModerationRecords(
  db: Kysely<Database>,
  q: { reason?: string | undefined; itemType?: ItemType | undefined; limit: number; offset: number },
): Promise<{ rows: (ModerationRow & { email: string | null })[]; total: number }> {
  let query = db.selectFrom('moderation_records as m').leftJoin('users as u', 'u.id', 'm.creatorUserId');
  if (q.reason?.trim()) query = query.where(anyContains([sql.ref('m.reason')], q.reason.trim()));
  if (q.itemType) query = query.where('m.itemType', '=', q.itemType);
  const [rows, count] = await Promise.all([
    query.selectAll('m').select('u.email').orderBy('m.createdAt', 'desc').orderBy('m.id').limit(q.limit).offset(q.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One moderation record by id, or undefined. */
export async function findRecord(db: Kysely<Database>, id: string): Promise<ModerationRow | undefined> {
  return db.selectFrom('moderation_records').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Removes one moderation record. */
export async function deleteRecordRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('moderation_records').where('id', '=', id).execute();
}

/** The records that moderate an item. */
export async function listRecordsOf(db: Kysely<Database>, itemType: ItemType, itemId: string): Promise<ModerationRow[]> {
  return db.selectFrom('moderation_records').selectAll().where('itemType', '=', itemType).where('itemId', '=', itemId).execute();
}

/** Removes the records that moderate an item. */
export async function deleteRecordsOf(db: Kysely<Database>, itemType: ItemType, itemId: string): Promise<void> {
  await db.deleteFrom('moderation_records').where('itemType', '=', itemType).where('itemId', '=', itemId).execute();
}

/** Changes the reason of a moderation record, updated at `now` (ISO). */
export async function setRecordReason(db: Kysely<Database>, id: string, reason: string, now: string): Promise<void> {
  await db.updateTable('moderation_records').set({ reason, updatedAt: now }).where('id', '=', id).execute();
}
