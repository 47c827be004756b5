import type { AttachmentType } from '../domain/enums.ts';
import type { Profile } from '../domain/profile.ts';
import type { FileAttachment, UserProfileInput, UserProfileSocialMedia } from '../domain/user-inputs.ts';
import { requireParams, type Http } from './http.ts';

/** Whose profile a call edits: the signed-in user's own, or an account they may edit. */
export type ProfileOwner = { kind: 'me' } | { kind: 'account'; accountId: string };

/** The account of an account-owned edit (the spec's required-parameter error when it has no id), or null for the user's own. */
const accountOf = (owner: ProfileOwner, operation: string): string | null => {
  if (owner.kind === 'me') return null;
  requireParams(operation, { accountId: owner.accountId });
  return owner.accountId;
};

/** Saves description, location and url (only the fields given change). */
export function updateProfile(http: Http, owner: ProfileOwner, input: UserProfileInput): Promise<Profile> {
  const accountId = accountOf(owner, 'updateProfile');
  return accountId === null
    ? http('POST', '/api/content/user/me/profile/', { body: input })
    : http('POST', '/api/content/account/{accountId}/profile/', { params: { accountId }, body: input });
}

/** Saves every social link at once (each a link or null). */
export function updateSocialMedia(http: Http, owner: ProfileOwner, input: UserProfileSocialMedia): Promise<Profile> {
  const accountId = accountOf(owner, 'updateSocialMedia');
  return accountId === null
    ? http('PUT', '/api/content/user/me/profile/socialmedia/', { body: input })
    : http('PUT', '/api/content/account/{accountId}/profile/socialmedia/', { params: { accountId }, body: input });
}

/** Sends a new or reused picture (a FormData upload or a FileAttachment body) to the owner's attachment. */
function putAttachment(http: Http, owner: ProfileOwner, operation: string, body: FormData | FileAttachment): Promise<Profile> {
  const accountId = accountOf(owner, operation);
  return accountId === null
    ? http('PUT', '/api/content/user/me/profile/attachment/', { body })
    : http('PUT', '/api/content/account/{accountId}/profile/attachment/', { params: { accountId }, body });
}

/** Uploads a new profile photo or cover (the server checks, re-encodes and stores it). */
export function uploadAttachment(http: Http, owner: ProfileOwner, params: { file: Blob; type: AttachmentType; fileName?: string }): Promise<Profile> {
  const form = new FormData();
  form.set('file', params.file, params.fileName ?? (params.file instanceof File ? params.file.name : 'picture'));
  form.set('type', params.type);
  return putAttachment(http, owner, 'uploadAttachment', form);
}

/** Puts a picture uploaded before back on the profile. */
export function reuseAttachment(http: Http, owner: ProfileOwner, input: FileAttachment): Promise<Profile> {
  requireParams('reuseAttachment', { id: input.id });
  return putAttachment(http, owner, 'reuseAttachment', input);
}

/** Removes the profile photo or cover. */
export function deleteAttachment(http: Http, owner: ProfileOwner, params: { type: AttachmentType }): Promise<Profile> {
  const accountId = accountOf(owner, 'deleteAttachment');
  const query = { type: params.type };
  return accountId === null
    ? http('DELETE', '/api/content/user/me/profile/attachment/', { query })
    : http('DELETE', '/api/content/account/{accountId}/profile/attachment/', { params: { accountId }, query });
}
