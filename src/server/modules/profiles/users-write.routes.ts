import { createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { Profile } from '../../../domain/profile.ts';
import {
  AttachmentTypeQuery,
  FileAttachment,
  FileUpload,
  FollowAccountInput,
  FollowState,
  UserProfileInput,
  UserProfileSocialMedia,
} from '../../../domain/user-inputs.ts';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../../../domain/user-rules.ts';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import { signedIn } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import { ApiError } from '../../platform/errors.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';

const tags = ['Users'];
const errorBody = (description: string) => ({ description, content: { 'application/json': { schema: ApiErrorBody } } });

/**
 * Refuses an upload body over the cap before it is parsed (the multipart envelope gets some room
 * on top of the file), answering the spec's 'Your file is too large' message.
 */
export const uploadLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + 256 * 1024,
  onError: (c) => c.json(new ApiError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE).toBody(), 413),
});

/** Request body of the attachment PUTs: a multipart upload, or JSON naming an attachment already uploaded. */
export const attachmentBody = {
  body: {
    content: { 'multipart/form-data': { schema: FileUpload }, 'application/json': { schema: FileAttachment } },
    required: false,
    description:
      'multipart/form-data with `file` and `type` uploads a new picture; JSON `{ id, type }` re-uses one uploaded before for this profile or by you.',
  },
};

/** Answers of the attachment PUTs. */
export const attachmentResponses = {
  ...ok(Profile, 'The profile with its new picture'),
  ...errorResponses(400, 401, 403, 404, 507),
  413: errorBody(`File over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB or picture over the pixel cap`),
  415: errorBody('Not a JPEG, PNG, WebP, AVIF or GIF image (checked by content, not name)'),
};

/** POST /api/content/user/me/profile/ */
export const postMyProfile = createRoute({
  method: 'post',
  path: '/api/content/user/me/profile/',
  tags,
  summary: 'Edit my profile',
  description:
    'Description, location and url of the signed-in user; only the fields given change, blank clears. https:// is prepended to a url without a scheme; other schemes than http(s) answer 400.',
  middleware: [signedIn] as const,
  request: jsonBody(UserProfileInput),
  responses: { ...ok(Profile, 'The updated profile'), ...errorResponses(400, 401) },
});

/** PUT /api/content/user/me/profile/socialmedia/ */
export const putMySocialMedia = createRoute({
  method: 'put',
  path: '/api/content/user/me/profile/socialmedia/',
  tags,
  summary: 'Set my social links',
  description: 'facebook, instagram, linkedin, twitter: each a link or null (missing ones are cleared). Links are http(s) only.',
  middleware: [signedIn] as const,
  request: jsonBody(UserProfileSocialMedia),
  responses: { ...ok(Profile, 'The updated profile'), ...errorResponses(400, 401) },
});

/** PUT /api/content/user/me/profile/attachment/ */
export const putMyAttachment = createRoute({
  method: 'put',
  path: '/api/content/user/me/profile/attachment/',
  tags,
  summary: 'Set my profile photo or cover',
  description:
    'The upload is checked by its bytes, capped in size and pixels, auto-rotated, stripped of metadata and re-encoded to WebP at responsive widths; the original is never stored.',
  middleware: [signedIn, uploadLimit] as const,
  request: attachmentBody,
  responses: attachmentResponses,
});

/** DELETE /api/content/user/me/profile/attachment/ */
export const deleteMyAttachment = createRoute({
  method: 'delete',
  path: '/api/content/user/me/profile/attachment/',
  tags,
  summary: 'Remove my profile photo or cover',
  middleware: [signedIn] as const,
  request: { query: AttachmentTypeQuery },
  responses: { ...ok(Profile, 'The profile without that picture'), ...errorResponses(400, 401) },
});

/** PUT /api/content/user/follow/ */
export const putFollow = createRoute({
  method: 'put',
  path: '/api/content/user/follow/',
  tags,
  summary: 'Follow or unfollow an account',
  description: 'Acts as the signed-in user. Following is idempotent; an account that is not visible answers 404 (unfollowing always works).',
  middleware: [signedIn] as const,
  request: jsonBody(FollowAccountInput),
  responses: { ...ok(FollowState, 'Whether you follow it now, and its follower count'), ...errorResponses(400, 401, 404) },
});
