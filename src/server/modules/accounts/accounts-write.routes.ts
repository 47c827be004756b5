import { createRoute, z } from '@hono/zod-openapi';
import { Profile } from '../../../domain/profile.ts';
import { AttachmentTypeQuery, UserProfileInput, UserProfileSocialMedia } from '../../../domain/user-inputs.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';
import { attachmentBody, attachmentResponses, uploadLimit } from '../profiles/users-write.routes.ts';
import { accountEditor } from './account-editor.ts';

const tags = ['Accounts'];
const params = z.object({ accountId: z.string().min(1).max(200).meta({ description: 'Account id or sid' }) });
const who = 'Allowed to an OWNER of the organization, the person of a personal account, and administrators.';

/** POST /api/content/account/{accountId}/profile/ */
export const postAccountProfile = createRoute({
  method: 'post',
  path: '/api/content/account/{accountId}/profile/',
  tags,
  summary: 'Edit an account profile',
  description: `Description, location and url; only the fields given change, blank clears. https:// is prepended to a url without a scheme; other schemes than http(s) answer 400. ${who}`,
  middleware: [accountEditor] as const,
  request: { params, ...jsonBody(UserProfileInput) },
  responses: { ...ok(Profile, 'The updated profile'), ...errorResponses(400, 401, 403, 404) },
});

/** PUT /api/content/account/{accountId}/profile/socialmedia/ */
export const putAccountSocialMedia = createRoute({
  method: 'put',
  path: '/api/content/account/{accountId}/profile/socialmedia/',
  tags,
  summary: "Set an account's social links",
  description: `facebook, instagram, linkedin, twitter: each a link or null (missing ones are cleared). ${who}`,
  middleware: [accountEditor] as const,
  request: { params, ...jsonBody(UserProfileSocialMedia) },
  responses: { ...ok(Profile, 'The updated profile'), ...errorResponses(400, 401, 403, 404) },
});

/** PUT /api/content/account/{accountId}/profile/attachment/ */
export const putAccountAttachment = createRoute({
  method: 'put',
  path: '/api/content/account/{accountId}/profile/attachment/',
  tags,
  summary: "Set an account's photo or cover",
  description: `Same upload rules as the user's own. ${who}`,
  middleware: [accountEditor, uploadLimit] as const,
  request: { params, ...attachmentBody },
  responses: attachmentResponses,
});

/** DELETE /api/content/account/{accountId}/profile/attachment/ */
export const deleteAccountAttachment = createRoute({
  method: 'delete',
  path: '/api/content/account/{accountId}/profile/attachment/',
  tags,
  summary: "Remove an account's photo or cover",
  description: who,
  middleware: [accountEditor] as const,
  request: { params, query: AttachmentTypeQuery },
  responses: { ...ok(Profile, 'The profile without that picture'), ...errorResponses(400, 401, 403, 404) },
});
