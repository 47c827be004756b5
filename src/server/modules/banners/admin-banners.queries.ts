import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A stored banner. */
export type BannerRow = Selectable<Database['banners']>;

/** The position a new banner takes to come first: one less than the lowest (0 on an empty table). */
export async function topBannerPosition(db: Kysely<Database>): Promise<number> {
  const first = await db
    .selectFrom('banners')
    .select((eb) => eb.fn.min('position').as('p'))
    .executeTakeFirst();
  return Number(first?.p ?? 1) - 1;
}

/** Stores a new banner. */
export async function insertBanner(db: Kysely<Database>, row: BannerRow): Promise<void> {
  await db.insertInto('banners').values(row).execute();
}

/** The console's banners by position; inactive ones only when asked, expired ones (before `now`, ISO) only when asked. */
export async function listConsoleBanners(db: Kysely<Database>, opts: { includeInactive: boolean; includeExpired: boolean; now: string }): Promise<BannerRow[]> {
  let query = db.selectFrom('banners').selectAll().orderBy('position').orderBy('createdAt');
  if (!opts.includeInactive) query = query.where('isActive', '=', 1);
  if (!opts.includeExpired) query = query.where((eb) => eb.or([eb('expirationDate', 'is', null), eb('expirationDate', '>', opts.now)]));
  return query.execute();
}

/** One banner by id, or undefined. */
export async function findBanner(db: Kysely<Database>, id: string): Promise<BannerRow | undefined> {
  return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Writes a banner's columns over the stored one. */
export async function updateBannerRow(db: Kysely<Database>, id: string, next: BannerRow): Promise<void> {
  await db.updateTable('banners').set(next).where('id', '=', id).execute();
}
