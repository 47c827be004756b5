import { sql, type Kysely } from 'kysely';
import type { AccountRef } from '../../../domain/admin.ts';
import type { EntityStatus } from '../../../domain/enums.ts';
import type { Database } from '../../db/schema.ts';
import { anyContains } from '../../platform/admin/query.ts';
import { EMPTY_PROFILE } from '../profiles/empty-profile.ts';

/** The profile fields an account feed may set, as stored. */
export type ImportedFields = Partial<Record<'name' | 'status' | 'description' | 'url' | 'locationDescription' | 'visibility', string | null>>;

/** The stored accounts with these sids. */
export async function findAccountsBySid(db: Kysely<Database>, sids: readonly string[]) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('sid', 'in', [...sids])
    .execute();
}

/** Stores an organization account a feed brings, with an empty profile but the fields it sets, at `now` (ISO). */
export async function insertImportedAccount(
  db: Kysely<Database>,
  id: string,
  item: { sid: string; name: string },
  fields: ImportedFields,
  now: string,
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      id,
      sid: item.sid,
      name: item.name,
      status: fields.status ?? 'ACTIVE',
      isPersonal: 0,
      flags: '[]',
      ...EMPTY_PROFILE,
      description: fields.description ?? null,
      url: fields.url ?? null,
      locationDescription: fields.locationDescription ?? null,
      visibility: fields.visibility ?? EMPTY_PROFILE.visibility,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

/** Writes the changed fields of an account, updated at `now` (ISO). */
export async function updateAccountFields(db: Kysely<Database>, id: string, changed: Record<string, unknown>, now: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ ...changed, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** One window of the console's account search (text over name and sid, or the id), by name; with the total. */
export async function searchAccounts(
  db: Kysely<Database>,
  body: { searchText?: string | undefined; idsToExclude?: string[] | undefined; status?: string | undefined },
  w: { limit: number; offset: number },
): Promise<{ results: AccountRef[]; total: number }> {
  let q = db.selectFrom('accounts');
  const text = body.searchText?.trim();
  if (text) q = q.where((eb) => eb.or([anyContains([sql.ref('name'), sql.ref('sid')], text), eb('id', '=', text)]));
  if (body.idsToExclude?.length) q = q.where('id', 'not in', body.idsToExclude);
  if (body.status) q = q.where('status', '=', body.status);
  const [rows, count] = await Promise.all([
    q.select(['id', 'name', 'sid', 'status', 'isPersonal']).orderBy('name').orderBy('id').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const results: AccountRef[] = rows.map((a) => ({ id: a.id, name: a.name, sid: a.sid, status: a.status as EntityStatus, isPersonal: a.isPersonal === 1 }));
  return { results, total: Number(count?.n ?? 0) };
}

/**
 * Sets the status of accounts (by canonical id) and of the users whose personal accounts they are,
 * so a person and their personal account never disagree, updated at `now` (ISO). Answers the accounts that changed.
 */
export async function setAccountsStatus(db: Kysely<Database>, ids: readonly string[], status: EntityStatus, now: string) {
  const rows = ids.length ? await db.selectFrom('accounts').select(['id', 'status']).where('id', 'in', ids).where('status', '<>', status).execute() : [];
  const changed = rows.map((a) => a.id);
  if (changed.length) {
    await db.updateTable('accounts').set({ status, updatedAt: now }).where('id', 'in', changed).execute();
    await db.updateTable('users').set({ status, updatedAt: now }).where('accountId', 'in', changed).execute();
  }
  return { from: rows.map((a) => ({ id: a.id, status: a.status })), to: changed.map((id) => ({ id, status })), changed };
}

/** The ids of the disabled accounts. */
export async function listDisabledAccountIds(db: Kysely<Database>): Promise<{ id: string }[]> {
  return db.selectFrom('accounts').select('id').where('status', '=', 'DISABLED').execute();
}
