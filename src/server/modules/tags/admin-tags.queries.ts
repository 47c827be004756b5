import { sql, type Kysely } from 'kysely';
import { slugify } from '../../../domain/urls.ts';
import type { Database } from '../../db/schema.ts';
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
