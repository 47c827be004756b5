import type { Kysely } from 'kysely';
import type { EntityStatus } from '../../../domain/enums.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';

/** Sets the status of users (canonical ids) and of their personal accounts at `now` (ISO); answers the users that changed. */
export async function setUsersStatus(db: Kysely<Database>, ids: readonly string[], status: EntityStatus, now: string) {
  const rows = ids.length
    ? await db.selectFrom('users').select(['id', 'accountId', 'status']).where('id', 'in', ids).where('status', '<>', status).execute()
    : [];
  if (rows.length) {
    await db
      .updateTable('users')
      .set({ status, updatedAt: now })
      .where(
        'id',
        'in',
        rows.map((u) => u.id),
      )
      .execute();
    await db
      .updateTable('accounts')
      .set({ status, updatedAt: now })
      .where('isPersonal', '=', 1)
      .where(
        'id',
        'in',
        rows.map((u) => u.accountId),
      )
      .execute();
  }
  return { from: rows.map((u) => ({ id: u.id, status: u.status })), to: rows.map((u) => ({ id: u.id, status })), changed: rows.map((u) => u.id) };
}

/** The ids of the disabled users. */
export async function listDisabledUserIds(db: Kysely<Database>): Promise<{ id: string }[]> {
  return db.selectFrom('users').select('id').where('status', '=', 'DISABLED').execute();
}

/** The person a path key names: their id or sid, or the id or sid of their personal account; 404 when none. */
export async function findPerson(db: Kysely<Database>, key: string) {
  const row = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.accountId')
    .select(['users.id', 'users.sid', 'users.email', 'users.firstName', 'users.lastName', 'users.flags', 'users.status'])
    .where((eb) => eb.or([eb('users.id', '=', key), eb('users.sid', '=', key), eb('accounts.id', '=', key), eb('accounts.sid', '=', key)]))
    .orderBy('users.id')
    .executeTakeFirst();
  if (!row) throw notFound('User');
  return row;
}

/** Writes a person's whole flags list, updated at `now` (ISO). */
export async function setUserFlagsColumn(db: Kysely<Database>, userId: string, flags: readonly string[], now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ flags: JSON.stringify(flags), updatedAt: now })
    .where('id', '=', userId)
    .execute();
}
