import { sql, type Kysely } from 'kysely';
import type { AdminTag } from '../../../domain/admin.ts';
import { slugify } from '../../../domain/urls.ts';
import type { Database } from '../../db/schema.ts';
import { anyContains } from '../../platform/admin/query.ts';
import { newId } from '../../platform/ids.ts';

/** A stored tag. */
export interface TagRow {
  id: string;
  name: string;
  slug: string;
}

/**
 * The tags named (any case; a name whose slug matches an existing tag's is that tag), creating the
 * missing ones (created at `now`, ISO). Answers them in the order named, without repeats.
 */
export async function ensureTags(db: Kysely<Database>, names: readonly string[], now: string): Promise<TagRow[]> {
  const wanted = names.map((n) => n.trim()).filter((n) => slugify(n).length > 0);
  if (!wanted.length) return [];
  const lower = [...new Set(wanted.map((n) => n.toLowerCase()))];
  const slugs = [...new Set(wanted.map(slugify))];
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'name', 'slug'])
    .where((eb) => eb.or([eb(sql<string>`lower(name)`, 'in', lower), eb('slug', 'in', slugs)]))
    .execute();
  const byName = new Map(rows.map((t) => [t.name.toLowerCase(), t]));
  const bySlug = new Map(rows.map((t) => [t.slug, t]));
  const out: TagRow[] = [];
  for (const name of wanted) {
    let tag = byName.get(name.toLowerCase()) ?? bySlug.get(slugify(name));
    if (!tag) {
      tag = { id: newId(), name, slug: slugify(name) };
      await db
        .insertInto('tags')
        .values({ ...tag, createdAt: now, updatedAt: now })
        .execute();
      byName.set(name.toLowerCase(), tag);
      bySlug.set(tag.slug, tag);
    }
    if (!out.some((t) => t.id === tag.id)) out.push(tag);
  }
  return out;
}

/** Replaces a space's tags: the space_tags rows and the denormalised `spaces.tags` JSON (FTS follows by trigger). */
export async function setSpaceTags(db: Kysely<Database>, spaceId: string, tags: readonly TagRow[], now: string): Promise<void> {
  await db.deleteFrom('space_tags').where('spaceId', '=', spaceId).execute();
  if (tags.length)
    await db
      .insertInto('space_tags')
      .values(tags.map((t) => ({ spaceId, tagId: t.id })))
      .execute();
  await db
    .updateTable('spaces')
    .set({ tags: JSON.stringify(tags.map((t) => t.name)), updatedAt: now })
    .where('id', '=', spaceId)
    .execute();
}

/** The tag whose lower-cased name is `name`'s or whose slug is `slug`, if any (the one a new tag would clash with). */
export async function findClashingTag(db: Kysely<Database>, name: string, slug: string): Promise<{ name: string } | undefined> {
  return db
    .selectFrom('tags')
    .select('name')
    .where((eb) => eb.or([eb(sql<string>`lower(name)`, '=', name.toLowerCase()), eb('slug', '=', slug)]))
    .executeTakeFirst();
}

/** Stores a new tag, created and updated at `now` (ISO). */
export async function insertTag(db: Kysely<Database>, tag: TagRow, now: string): Promise<void> {
  await db
    .insertInto('tags')
    .values({ ...tag, createdAt: now, updatedAt: now })
    .execute();
}

/** One window of the console's tags by name (text over name and slug), each with its space count, and the total. */
export async function listConsoleTags(
  db: Kysely<Database>,
  opts: { searchText: string | undefined; limit: number; offset: number },
): Promise<{ results: AdminTag[]; total: number }> {
  let query = db.selectFrom('tags as t');
  if (opts.searchText?.trim()) query = query.where(anyContains([sql.ref('t.name'), sql.ref('t.slug')], opts.searchText.trim()));
  const [rows, count] = await Promise.all([
    query
      .select(['t.id', 't.name', 't.slug', sql<number>`(SELECT count(*) FROM space_tags st WHERE st."tagId" = t.id)`.as('spaceCount')])
      .orderBy('t.name')
      .orderBy('t.id')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const results: AdminTag[] = rows.map((t) => ({ id: t.id, name: t.name, slug: t.slug, spaceCount: Number(t.spaceCount) }));
  return { results, total: Number(count?.n ?? 0) };
}
