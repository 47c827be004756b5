import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Whether an account with this id exists. */
export async function accountExists(db: Kysely<Database>, accountId: string): Promise<boolean> {
  const account = await db.selectFrom('accounts').select(['id']).where('id', '=', accountId).executeTakeFirst();
  return account !== undefined;
}

/** One window of an account's spaces by name (an organization's, or those its person owns), with the total. */
export async function listAccountSpaces(
  db: Kysely<Database>,
  accountId: string,
  w: { limit: number; offset: number },
): Promise<{ rows: { id: string; modelId: string; name: string }[]; total: number }> {
  const base = db
    .selectFrom('spaces as s')
    .where((eb) =>
      eb.or([eb('s.organizationId', '=', accountId), eb('s.ownerUserId', 'in', eb.selectFrom('users').select('id').where('accountId', '=', accountId))]),
    );
  const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const rows = await base.select(['s.id', 's.modelId', 's.name']).orderBy('s.name').orderBy('s.id').limit(w.limit).offset(w.offset).execute();
  return { rows, total: Number(count?.n ?? 0) };
}
