import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { AttachmentType, OwnerKind } from '../../../domain/enums.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { mediaStoreOf } from '../media/store.ts';
import { processUpload, removeVariants, writeVariants } from './images.ts';
import { newId } from '../ids.ts';

/** Who an attachment belongs to: the profile it was uploaded for. */
export interface AttachmentOwner {
  kind: OwnerKind;
  id: string;
}

/** Unused pictures kept per owner and type, so a user can switch back to a recent one by id. */
export const KEEP_UNUSED = 3;

/** The local media folder (served at /media); uploads go to the environment's media store (`mediaStoreOf`), this folder by default. */
export const mediaDirOf = (env: Env) => join(env.dataDir, 'media');

/**
 * Checks, re-encodes and stores an uploaded picture for an owner: files first, then the row, so a
 * row never names missing files (files of a failed insert are removed); the row is dated `now` (ISO). Answers the attachment id.
 */
export async function storeUpload(
  db: Kysely<Database>,
  env: Env,
  owner: AttachmentOwner,
  type: AttachmentType,
  bytes: Uint8Array,
  now: string,
): Promise<string> {
  const image = await processUpload(bytes, type);
  const id = newId();
  const store = mediaStoreOf(env);
  const variants = await writeVariants(store, id, image.variants);
  try {
    await db
      .insertInto('attachments')
      .values({ id, ownerKind: owner.kind, ownerId: owner.id, type, width: image.width, height: image.height, variants, createdAt: now, updatedAt: now })
      .execute();
  } catch (error) {
    await removeVariants(store, id);
    throw error;
  }
  return id;
}

/** Ids of attachments some profile (user or account) shows right now. */
async function inUse(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const [users, accounts] = await Promise.all([
    db
      .selectFrom('users')
      .select(['photoId', 'coverId'])
      .where((eb) => eb.or([eb('photoId', 'in', ids), eb('coverId', 'in', ids)]))
      .execute(),
    db
      .selectFrom('accounts')
      .select(['photoId', 'coverId'])
      .where((eb) => eb.or([eb('photoId', 'in', ids), eb('coverId', 'in', ids)]))
      .execute(),
  ]);
  return new Set([...users, ...accounts].flatMap((r) => [r.photoId, r.coverId]).filter((x): x is string => !!x));
}

/** Deletes attachments (rows, then files) that no profile shows any more. */
export async function deleteUnused(db: Kysely<Database>, env: Env, ids: readonly string[]): Promise<void> {
  const used = await inUse(db, ids);
  const doomed = ids.filter((id) => !used.has(id));
  if (!doomed.length) return;
  await db.deleteFrom('attachments').where('id', 'in', doomed).execute();
  for (const id of doomed) await removeVariants(mediaStoreOf(env), id);
}

/** Keeps the owner's few most recent unused pictures of a type and deletes older ones. */
export async function pruneUnused(db: Kysely<Database>, env: Env, owner: AttachmentOwner, type: AttachmentType): Promise<void> {
  const rows = await db
    .selectFrom('attachments')
    .select('id')
    .where('ownerKind', '=', owner.kind)
    .where('ownerId', '=', owner.id)
    .where('type', '=', type)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const used = await inUse(
    db,
    rows.map((r) => r.id),
  );
  const unused = rows.map((r) => r.id).filter((id) => !used.has(id));
  await deleteUnused(db, env, unused.slice(KEEP_UNUSED));
}

/** An attachment the caller may put on a profile: of the right type and uploaded for that profile or by that user. */
export async function findReusable(db: Kysely<Database>, id: string, type: AttachmentType, owners: readonly AttachmentOwner[]) {
  const row = await db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !owners.some((o) => o.kind === row.ownerKind && o.id === row.ownerId)) return null;
  return row.type === type ? row : 'wrong-type';
}
