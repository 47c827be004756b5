import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { FileAttachment } from '../../../domain/user-inputs.ts';
import type { AttachmentType } from '../../../domain/enums.ts';
import { withUserAudit } from '../../platform/audit.ts';
import { requireUser } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { findAccount, readAccountRow, readUserProfile } from './profiles.queries.ts';
import { deleteAttachment, putAttachment, updateProfileText, updateSocialMedia, userTarget } from './profile-writes.ts';
import { addFollow, countFollowers, removeFollow } from './following.ts';
import type * as r from './users-write.routes.ts';
import { clockOf } from '../../platform/clock.ts';

/** The signed-in user's profile as they see it after a write. */
const myProfile = async (c: Context<AppEnv>, userId: string) => readUserProfile(await contentCtx(c), userId);

/**
 * The body of an attachment PUT, whichever of its two forms was sent. The route validated the one
 * matching the request's content type and left the other empty.
 */
export function attachmentInput(form: unknown, json: unknown): { upload: { file: File; type: AttachmentType } } | { existing: FileAttachment } {
  const f = form as Partial<{ file: File; type: AttachmentType }>;
  if (f.file && f.type) return { upload: { file: f.file, type: f.type } };
  const j = json as Partial<FileAttachment>;
  if (j.id && j.type) return { existing: { id: j.id, type: j.type } };
  throw invalid('form.file', 'Send a picture as multipart/form-data with `file` and `type`, or JSON `{ id, type }`.');
}

/** POST /user/me/profile/ */
export const postMyProfile: RouteHandler<typeof r.postMyProfile, AppEnv> = async (c) => {
  const user = requireUser(c);
  await updateProfileText(c, await userTarget(c.get('deps').db.kysely, user.id), c.req.valid('json'));
  return c.json(await myProfile(c, user.id), 200);
};

/** PUT /user/me/profile/socialmedia/ */
export const putMySocialMedia: RouteHandler<typeof r.putMySocialMedia, AppEnv> = async (c) => {
  const user = requireUser(c);
  await updateSocialMedia(c, await userTarget(c.get('deps').db.kysely, user.id), c.req.valid('json'));
  return c.json(await myProfile(c, user.id), 200);
};

/** PUT /user/me/profile/attachment/ */
export const putMyAttachment: RouteHandler<typeof r.putMyAttachment, AppEnv> = async (c) => {
  const user = requireUser(c);
  const input = attachmentInput(c.req.valid('form'), c.req.valid('json'));
  await putAttachment(c, await userTarget(c.get('deps').db.kysely, user.id), input);
  return c.json(await myProfile(c, user.id), 200);
};

/** DELETE /user/me/profile/attachment/ */
export const deleteMyAttachment: RouteHandler<typeof r.deleteMyAttachment, AppEnv> = async (c) => {
  const user = requireUser(c);
  await deleteAttachment(c, await userTarget(c.get('deps').db.kysely, user.id), c.req.valid('query').type);
  return c.json(await myProfile(c, user.id), 200);
};

/** PUT /user/follow/: follows a visible account, or unfollows any; one event when the follower count changed. */
export const putFollow: RouteHandler<typeof r.putFollow, AppEnv> = async (c) => {
  const user = requireUser(c);
  const { accountId, follow } = c.req.valid('json');
  const ctx = await contentCtx(c);
  const account = follow ? await readAccountRow(ctx, accountId) : await findAccount(ctx, accountId);
  if (!account) throw notFound('Account');
  if (follow && account.id === user.accountId) throw invalid('json.accountId', 'You cannot follow yourself.');
  // The follow and its audit entry commit together; a repeated call changes nothing and writes none.
  await withUserAudit(c.get('deps'), user, { type: 'ACCOUNT', action: follow ? 'FOLLOW' : 'UNFOLLOW' }, async (tx) => {
    let done: boolean;
    if (follow) {
      done = await addFollow(tx, user.id, account.id, clockOf(c.get('deps')).now().toISOString());
    } else {
      done = await removeFollow(tx, user.id, account.id);
    }
    const side = (following: boolean) => ({ id: account.id, name: account.name, following });
    // One ACCOUNT event when the follower count changed.
    return { from: side(!follow), to: side(follow), result: undefined, noop: !done, changed: { type: 'ACCOUNT', ids: [account.id] } };
  });
  const followers = await countFollowers(ctx.db, account.id);
  return c.json({ accountId: account.id, following: follow, followers }, 200);
};
