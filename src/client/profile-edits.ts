import type { AttachmentType } from '../domain/enums.ts';
import type { Profile } from '../domain/profile.ts';
import type { FileAttachment, UserProfileInput, UserProfileSocialMedia } from '../domain/user-inputs.ts';
import { requireParams, type Http } from './http.ts';

/** Whose profile a call edits: the signed-in user's own, or an account they may edit. */
export type ProfileOwner = { kind: 'me' } | { kind: 'account'; accountId: string };

const base = (owner: ProfileOwner, operation: string) => {
  if (owner.kind === 'me') return '/api/content/user/me/profile/';
  requireParams(operation, { accountId: owner.accountId });
  return `/api/content/account/${encodeURIComponent(owner.accountId)}/profile/`;
};

/** Saves description, location and url (only the fields given change). */
export function updateProfile(http: Http, owner: ProfileOwner, input: UserProfileInput): Promise<Profile> {
  return http<Profile>('POST', base(owner, 'updateProfile'), { body: input });
}

/** Saves every social link at once (each a link or null). */
export function updateSocialMedia(http: Http, owner: ProfileOwner, input: UserProfileSocialMedia): Promise<Profile> {
  return http<Profile>('PUT', `${base(owner, 'updateSocialMedia')}socialmedia/`, { body: input });
}

/** Uploads a new profile photo or cover (the server checks, re-encodes and stores it). */
export function uploadAttachment(http: Http, owner: ProfileOwner, params: { file: Blob; type: AttachmentType; fileName?: string }): Promise<Profile> {
  const form = new FormData();
  form.set('file', params.file, params.fileName ?? (params.file instanceof File ? params.file.name : 'picture'));
  form.set('type', params.type);
  return http<Profile>('PUT', `${base(owner, 'uploadAttachment')}attachment/`, { body: form });
}

/** Puts a picture uploaded before back on the profile. */
export function reuseAttachment(http: Http, owner: ProfileOwner, input: FileAttachment): Promise<Profile> {
  requireParams('reuseAttachment', { id: input.id });
  return http<Profile>('PUT', `${base(owner, 'reuseAttachment')}attachment/`, { body: input });
}

/** Removes the profile photo or cover. */
export function deleteAttachment(http: Http, owner: ProfileOwner, params: { type: AttachmentType }): Promise<Profile> {
  return http<Profile>('DELETE', `${base(owner, 'deleteAttachment')}attachment/`, { query: { type: params.type } });
}
