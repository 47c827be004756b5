import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Writes changed columns of a space, updated at `now` (ISO): the owner's edits and the console's. */
export async function updateSpaceFields(db: Kysely<Database>, id: string, changes: Partial<Database['spaces']>, now: string): Promise<void> {
  await db
    .updateTable('spaces')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Another space whose slug, model id or id is `slug`, if any. */
export async function findSlugClash(db: Kysely<Database>, slug: string, spaceId: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('spaces')
    .select('id')
    .where((eb) => eb.or([eb('slug', '=', slug), eb('modelId', '=', slug), eb('id', '=', slug)]))
    .where('id', '<>', spaceId)
    .executeTakeFirst();
}

/** The space that used `slug` before (old links still lead there), if any. */
export async function findFormerSlug(db: Kysely<Database>, slug: string): Promise<{ spaceId: string } | undefined> {
  return db.selectFrom('space_slugs').select('spaceId').where('slug', '=', slug).executeTakeFirst();
}

/**
 * Gives a space its new slug at `now` (ISO): a former slug of its own taken back stops being a former
 * one (`takesBack`), and the slug it leaves keeps working as a former slug.
 */
export async function setSpaceSlug(
  db: Kysely<Database>,
  space: { id: string; slug: string | null },
  slug: string,
  takesBack: boolean,
  now: string,
): Promise<void> {
  if (takesBack) await db.deleteFrom('space_slugs').where('slug', '=', slug).execute();
  if (space.slug)
    await db
      .insertInto('space_slugs')
      .values({ slug: space.slug, spaceId: space.id, createdAt: now })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  await db.updateTable('spaces').set({ slug, updatedAt: now }).where('id', '=', space.id).execute();
}

/**
 * The row of a new space before anything is known of it but its ids and name: no text, no place,
 * no views, no owner, PUBLIC, of no type, picture 1200×800 without a key. Callers spread their own
 * columns over it (an import's fields, an upload's owner and poster).
 */
export function blankSpaceRow(s: { id: string; modelId: string; name: string; slug: string; now: string }): Insertable<Database['spaces']> {
  return {
    id: s.id,
    modelId: s.modelId,
    name: s.name,
    slug: s.slug,
    summary: '',
    description: '',
    address: '',
    city: '',
    region: '',
    countryCode: '',
    countryName: '',
    lat: null,
    long: null,
    altitude: null,
    views: 0,
    visibility: 'PUBLIC',
    presentedBy: null,
    organizationId: null,
    ownerUserId: null,
    type: 'OTHER',
    imageKey: '',
    imageWidth: 1200,
    imageHeight: 800,
    tags: '[]',
    createdAt: s.now,
    updatedAt: s.now,
  };
}
