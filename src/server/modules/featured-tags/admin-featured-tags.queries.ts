import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../platform/errors.ts';

/** A stored featured tag. */
export type FeaturedTagRow = Selectable<Database['featured_tags']>;

/** Featured tags in priority order (the public order when not randomized). */
export const orderedFeaturedTags = (db: Kysely<Database>): Promise<FeaturedTagRow[]> =>
  db.selectFrom('featured_tags').selectAll().orderBy('priority', 'desc').orderBy('name').orderBy('id').execute();

/** The canonical names of the tags an input names; every one must exist. */
export async function canonicalTags(db: Kysely<Database>, names: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))];
  const rows = await db
    .selectFrom('tags')
    .select(['name', 'slug'])
    .where((eb) => eb.or([eb(sql<string>`lower(name)`, 'in', wanted), eb('slug', 'in', wanted)]))
    .execute();
  const byKey = new Map<string, string>();
  for (const t of rows) {
    byKey.set(t.name.toLowerCase(), t.name);
    if (!byKey.has(t.slug)) byKey.set(t.slug, t.name);
  }
  const out: string[] = [];
  names.forEach((n, i) => {
    const name = byKey.get(n.toLowerCase());
    if (!name) throw fieldError(`json.tags.${i}`, `No tag named ${n}; create it with POST /admin/api/tag/ first`);
    if (!out.includes(name)) out.push(name);
  });
  return out;
}

/** The priority a new featured tag takes to come last: one less than the lowest (0 on an empty table). */
export async function lastFeaturedTagPriority(db: Kysely<Database>): Promise<number> {
  const last = await db
    .selectFrom('featured_tags')
    .select((eb) => eb.fn.min('priority').as('p'))
    .executeTakeFirst();
  return last?.p === null || last?.p === undefined ? 0 : Number(last.p) - 1;
}

/** Stores a new featured tag. */
export async function insertFeaturedTag(db: Kysely<Database>, row: FeaturedTagRow): Promise<void> {
  await db.insertInto('featured_tags').values(row).execute();
}

/** One featured tag by id, or undefined. */
export async function findFeaturedTag(db: Kysely<Database>, id: string): Promise<FeaturedTagRow | undefined> {
  return db.selectFrom('featured_tags').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Writes a featured tag's columns over the stored one. */
export async function updateFeaturedTagRow(db: Kysely<Database>, id: string, next: FeaturedTagRow): Promise<void> {
  await db.updateTable('featured_tags').set(next).where('id', '=', id).execute();
}

/** Sets one featured tag's priority (updated at `now`, ISO). */
export async function setFeaturedTagPriority(db: Kysely<Database>, id: string, priority: number, now: string): Promise<void> {
  await db.updateTable('featured_tags').set({ priority, updatedAt: now }).where('id', '=', id).execute();
}

/** The stored tags JSON of a space, or undefined when there is no such space. */
export async function findSpaceTagsJson(db: Kysely<Database>, spaceId: string): Promise<{ tags: string } | undefined> {
  return db.selectFrom('spaces').select('tags').where('id', '=', spaceId).executeTakeFirst();
}
