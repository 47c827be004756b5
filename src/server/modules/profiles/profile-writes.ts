import type { Context } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import type { AttachmentType } from '../../../domain/enums.ts';
import { socialLinkUrl } from '../../../domain/social-links.ts';
import { blankToNull, normaliseProfileLink, type FileAttachment, type UserProfileInput, type UserProfileSocialMedia } from '../../../domain/user-inputs.ts';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../../../domain/user-rules.ts';
import type { AppEnv } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { ProfileColumns } from '../../db/schema/content.ts';
import { changedFields, withUserAudit } from '../../platform/audit.ts';
import { ApiError, invalid, notFound } from '../../platform/errors.ts';
import { deleteUnused, findReusable, pruneUnused, storeUpload, type AttachmentOwner } from '../../platform/uploads/attachments.ts';
import { clockOf } from '../../platform/clock.ts';

/**
 * Profile writes shared by `/user/me/profile/…` and `/account/{accountId}/profile/…`. A person's
 * profile and their personal account's profile are one profile shown in two places, so a write to
 * either updates both rows. The caller has checked who may write; these only write.
 */

/** The profile being edited: who owns its uploads and which rows hold it. */
export interface ProfileTarget {
  owner: AttachmentOwner;
  /** The content-change event the write emits. */
  event: { type: 'USER' | 'ACCOUNT'; ids: string[] };
  userIds: string[];
  accountIds: string[];
}

/** The profile of a user (and their personal account). */
export async function userTarget(db: Kysely<Database>, userId: string): Promise<ProfileTarget> {
  const user = await db.selectFrom('users').select(['id', 'accountId']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('User');
  const personal = await db.selectFrom('accounts').select('id').where('id', '=', user.accountId).where('isPersonal', '=', 1).executeTakeFirst();
  return { owner: { kind: 'user', id: user.id }, event: { type: 'USER', ids: [user.id] }, userIds: [user.id], accountIds: personal ? [personal.id] : [] };
}

/** The profile of an account by id (and, for a personal account, its person's). */
export async function accountTarget(db: Kysely<Database>, accountId: string): Promise<ProfileTarget> {
  const account = await db.selectFrom('accounts').select(['id', 'isPersonal']).where('id', '=', accountId).executeTakeFirst();
  if (!account) throw notFound('Account');
  const people = account.isPersonal ? await db.selectFrom('users').select('id').where('accountId', '=', account.id).execute() : [];
  return {
    owner: { kind: 'account', id: account.id },
    event: { type: 'ACCOUNT', ids: [account.id] },
    userIds: people.map((p) => p.id),
    accountIds: [account.id],
  };
}

/** The profile's own row (the person's for a user profile, the account's otherwise) as a transaction reads it. */
async function profileRow(trx: Transaction<Database>, target: ProfileTarget): Promise<Partial<ProfileColumns>> {
  const row =
    target.owner.kind === 'user'
      ? await trx.selectFrom('users').selectAll().where('id', '=', target.owner.id).executeTakeFirst()
      : await trx.selectFrom('accounts').selectAll().where('id', '=', target.owner.id).executeTakeFirst();
  return row ?? {};
}

/**
 * Writes profile columns to every row of the target in one transaction, with an audit entry of the
 * acting user holding the columns that changed (none when nothing did).
 */
async function writeColumns(c: Context<AppEnv>, target: ProfileTarget, set: Partial<ProfileColumns>, action: string): Promise<void> {
  const values = { ...set, updatedAt: clockOf(c.get('deps')).now().toISOString() };
  await withUserAudit(c.get('deps'), c.get('user'), { type: target.event.type, action }, async (trx) => {
    const current = await profileRow(trx, target);
    const before = Object.fromEntries(Object.keys(set).map((k) => [k, current[k as keyof ProfileColumns] ?? null]));
    if (target.userIds.length) await trx.updateTable('users').set(values).where('id', 'in', target.userIds).execute();
    if (target.accountIds.length) await trx.updateTable('accounts').set(values).where('id', 'in', target.accountIds).execute();
    const diff = changedFields({ id: target.owner.id, ...before }, { id: target.owner.id, ...set });
    return diff ? { ...diff, result: undefined } : { from: null, to: null, result: undefined, noop: true };
  });
}

/** Announces a committed profile change; the change stands even if the event cannot be recorded. */
async function announce(c: Context<AppEnv>, target: ProfileTarget): Promise<void> {
  const { db, events } = c.get('deps');
  try {
    await events.emit(db.kysely, target.event.type, target.event.ids);
  } catch (cause) {
    console.error(new Error(`Content-change event ${target.event.type} was not recorded; the site rebuilds on the next change.`, { cause }));
  }
}

/** POST …/profile/: description, location and url; only the fields given change. */
export async function updateProfileText(c: Context<AppEnv>, target: ProfileTarget, input: UserProfileInput): Promise<void> {
  const set: Partial<ProfileColumns> = {};
  if (input.description !== undefined) set.description = blankToNull(input.description);
  if (input.location && input.location.description !== undefined) set.locationDescription = blankToNull(input.location.description);
  if (input.url !== undefined) set.url = normaliseProfileLink(input.url);
  if (!Object.keys(set).length) return;
  await writeColumns(c, target, set, 'UPDATE_PROFILE');
  await announce(c, target);
}

/** PUT …/profile/socialmedia/: every link at once; a missing one is cleared. */
export async function updateSocialMedia(c: Context<AppEnv>, target: ProfileTarget, input: UserProfileSocialMedia): Promise<void> {
  await writeColumns(
    c,
    target,
    {
      facebook: socialLinkUrl('facebook', input.facebook) ?? null,
      instagram: socialLinkUrl('instagram', input.instagram) ?? null,
      linkedin: socialLinkUrl('linkedin', input.linkedin) ?? null,
      twitter: socialLinkUrl('twitter', input.twitter) ?? null,
    },
    'UPDATE_SOCIAL_MEDIA',
  );
  await announce(c, target);
}

const columnOf = (type: AttachmentType) => (type === 'PROFILE_IMAGE' ? 'photoId' : 'coverId');

/** The attachment ids the target's rows show now in a column. */
async function currentIds(db: Kysely<Database>, target: ProfileTarget, column: 'photoId' | 'coverId'): Promise<string[]> {
  const rows = [
    ...(target.userIds.length ? await db.selectFrom('users').select(column).where('id', 'in', target.userIds).execute() : []),
    ...(target.accountIds.length ? await db.selectFrom('accounts').select(column).where('id', 'in', target.accountIds).execute() : []),
  ];
  return [...new Set(rows.map((r) => r[column]).filter((x): x is string => !!x))];
}

/** Refuses a multipart file over the size cap before it is read into memory twice. */
export function checkUploadSize(file: File): void {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
}

/**
 * PUT …/profile/attachment/: a new upload (multipart `file` + `type`), or an existing attachment of
 * this profile or this user (JSON `{ id, type }`), becomes the profile photo or cover.
 */
export async function putAttachment(
  c: Context<AppEnv>,
  target: ProfileTarget,
  input: { upload: { file: File; type: AttachmentType } } | { existing: FileAttachment },
): Promise<void> {
  const { db: handle, env } = c.get('deps');
  const db = handle.kysely;
  const user = c.get('user');
  let id: string;
  let type: AttachmentType;
  if ('upload' in input) {
    checkUploadSize(input.upload.file);
    type = input.upload.type;
    id = await storeUpload(db, env, target.owner, type, new Uint8Array(await input.upload.file.arrayBuffer()), clockOf(c.get('deps')).now().toISOString());
  } else {
    type = input.existing.type;
    const owners: AttachmentOwner[] = [target.owner, ...(user ? [{ kind: 'user' as const, id: user.id }] : [])];
    const found = await findReusable(db, input.existing.id, type, owners);
    if (!found) throw notFound('Attachment');
    if (found === 'wrong-type') throw invalid('json.type', `This picture was uploaded as another type than ${type}.`);
    id = found.id;
  }
  const column = columnOf(type);
  await writeColumns(c, target, { [column]: id }, `SET_${type}`);
  await announce(c, target);
  try {
    await pruneUnused(db, env, target.owner, type);
  } catch (cause) {
    console.error(new Error('Old profile pictures could not be pruned; they are retried on the next upload.', { cause }));
  }
}

/** DELETE …/profile/attachment/?type=: removes the photo or cover; a picture no profile shows any more is deleted. */
export async function deleteAttachment(c: Context<AppEnv>, target: ProfileTarget, type: AttachmentType): Promise<void> {
  const { db: handle, env } = c.get('deps');
  const db = handle.kysely;
  const column = columnOf(type);
  const before = await currentIds(db, target, column);
  if (!before.length) return;
  await writeColumns(c, target, { [column]: null }, `REMOVE_${type}`);
  await announce(c, target);
  try {
    await deleteUnused(db, env, before);
  } catch (cause) {
    console.error(new Error('A removed profile picture could not be deleted from storage.', { cause }));
  }
}
