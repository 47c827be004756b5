import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { readAccountProfile } from '../profiles/profiles.queries.ts';
import { accountTarget, deleteAttachment, putAttachment, updateProfileText, updateSocialMedia, type ProfileTarget } from '../profiles/profile-writes.ts';
import { attachmentInput } from '../profiles/users-write.handlers.ts';
import { pathAccountId } from './account-editor.ts';
import type * as r from './accounts-write.routes.ts';

/** The account the path names (the route's middleware has checked the caller may edit it). */
async function target(c: Context<AppEnv>): Promise<ProfileTarget> {
  return accountTarget(c.get('deps').db.kysely, await pathAccountId(c));
}

/** The account's profile as its editor sees it after a write. */
const profileOf = async (c: Context<AppEnv>, t: ProfileTarget) => readAccountProfile(await contentCtx(c), t.owner.id);

/** POST /account/{accountId}/profile/ */
export const postAccountProfile: RouteHandler<typeof r.postAccountProfile, AppEnv> = async (c) => {
  const t = await target(c);
  await updateProfileText(c, t, c.req.valid('json'));
  return c.json(await profileOf(c, t), 200);
};

/** PUT /account/{accountId}/profile/socialmedia/ */
export const putAccountSocialMedia: RouteHandler<typeof r.putAccountSocialMedia, AppEnv> = async (c) => {
  const t = await target(c);
  await updateSocialMedia(c, t, c.req.valid('json'));
  return c.json(await profileOf(c, t), 200);
};

/** PUT /account/{accountId}/profile/attachment/ */
export const putAccountAttachment: RouteHandler<typeof r.putAccountAttachment, AppEnv> = async (c) => {
  const t = await target(c);
  await putAttachment(c, t, attachmentInput(c.req.valid('form'), c.req.valid('json')));
  return c.json(await profileOf(c, t), 200);
};

/** DELETE /account/{accountId}/profile/attachment/ */
export const deleteAccountAttachment: RouteHandler<typeof r.deleteAccountAttachment, AppEnv> = async (c) => {
  const t = await target(c);
  await deleteAttachment(c, t, c.req.valid('query').type);
  return c.json(await profileOf(c, t), 200);
};
