import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A stored carousel slide. */
export type SlideRow = Selectable<Database['carousel_items']>;

/** Every slide in display order (the public order: priority, then age). */
export const orderedSlides = (db: Kysely<Database>): Promise<SlideRow[]> =>
  db.selectFrom('carousel_items').selectAll().orderBy('priority', 'desc').orderBy('createdAt').orderBy('id').execute();

/** The priority a new slide takes to come last: one less than the lowest (0 on an empty table). */
export async function lastSlidePriority(db: Kysely<Database>): Promise<number> {
  const last = await db
    .selectFrom('carousel_items')
    .select((eb) => eb.fn.min('priority').as('p'))
    .executeTakeFirst();
  return last?.p === null || last?.p === undefined ? 0 : Number(last.p) - 1;
}

/** Stores a new slide. */
export async function insertSlide(db: Kysely<Database>, row: SlideRow): Promise<void> {
  await db.insertInto('carousel_items').values(row).execute();
}

/** One slide by id, or undefined. */
export async function findSlide(db: Kysely<Database>, id: string): Promise<SlideRow | undefined> {
  return db.selectFrom('carousel_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Writes a slide's columns over the stored one. */
export async function updateSlideRow(db: Kysely<Database>, id: string, next: SlideRow): Promise<void> {
  await db.updateTable('carousel_items').set(next).where('id', '=', id).execute();
}

/** Sets one slide's priority (updated at `now`, ISO). */
export async function setSlidePriority(db: Kysely<Database>, id: string, priority: number, now: string): Promise<void> {
  await db.updateTable('carousel_items').set({ priority, updatedAt: now }).where('id', '=', id).execute();
}
