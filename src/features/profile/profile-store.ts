import { map } from 'nanostores';
import { getAccountProfile } from '../../client/accounts.ts';
import { deleteAttachment, updateProfile, updateSocialMedia, uploadAttachment, type ProfileOwner } from '../../client/profile-edits.ts';
import { getUserProfile } from '../../client/users.ts';
import type { AttachmentType } from '../../domain/enums.ts';
import type { Profile } from '../../domain/profile.ts';
import type { UserProfileInput, UserProfileSocialMedia } from '../../domain/user-inputs.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { $session } from '../../shared/session/session-store.ts';

/**
 * Profiles being edited, live from the API (the static pages show them after the next publish),
 * keyed 'me' or 'account:<id>'.
 */
export const $profiles = map<Record<string, Profile>>({});

/** The cache key of a profile owner. */
export const keyOf = (owner: ProfileOwner) => (owner.kind === 'me' ? 'me' : `account:${owner.accountId}`);

const keep = (owner: ProfileOwner, profile: Profile) => {
  $profiles.setKey(keyOf(owner), profile);
  return profile;
};

/** Loads a profile as its editor sees it now. */
export async function loadProfile(owner: ProfileOwner): Promise<Profile> {
  const http = browserHttp();
  return keep(owner, owner.kind === 'me' ? await getUserProfile(http, { userId: 'me' }) : await getAccountProfile(http, { accountId: owner.accountId }));
}

/** Saves the text fields, then the social links; answers the profile as saved. */
export async function saveProfile(owner: ProfileOwner, text: UserProfileInput, social: UserProfileSocialMedia): Promise<Profile> {
  const http = browserHttp();
  await updateProfile(http, owner, text);
  return keep(owner, await updateSocialMedia(http, owner, social));
}

/** Uploads a new photo or cover. */
export async function uploadPicture(owner: ProfileOwner, file: File, type: AttachmentType): Promise<Profile> {
  return keep(owner, await uploadAttachment(browserHttp(), owner, { file, type }));
}

/** Removes the photo or cover. */
export async function removePicture(owner: ProfileOwner, type: AttachmentType): Promise<Profile> {
  return keep(owner, await deleteAttachment(browserHttp(), owner, { type }));
}

/** The id in the page's URL after `/<section>/` (`/discover/de/profile/<sid>/` → sid); '' outside the browser. */
export function idInPath(section: 'profile' | 'account'): string {
  if (typeof location === 'undefined') return '';
  return decodeURIComponent(new RegExp(`/${section}/([^/]+)`).exec(location.pathname)?.[1] ?? '');
}

/**
 * Shows the owner their profile as saved on a page built before the save: the static header's
 * name, place, description, photo and cover take the live values until the next publish makes
 * them static (other visitors see the static page, which follows within seconds).
 */
export function showLiveHeader(profile: Profile): void {
  const head = document.querySelector('.profile-head');
  if (!head) return;
  const set = (el: Element | null | undefined, text: string | null) => {
    if (el && text !== null && el.textContent !== text) el.textContent = text;
  };
  set(head.querySelector('h1'), profile.name);
  set(head.parentElement?.querySelector('.profile-head__desc'), profile.description);
  const avatar = head.querySelector<HTMLImageElement>('img.profile-head__avatar');
  if (avatar && profile.photoUrl && avatar.getAttribute('src') !== profile.photoUrl) avatar.src = profile.photoUrl;
  const cover = document.querySelector<HTMLImageElement>('.profile-cover img');
  if (cover && profile.coverUrl && cover.getAttribute('src') !== profile.coverUrl) cover.src = profile.coverUrl;
}

$session.listen((s) => {
  if (s.status !== 'ready') $profiles.set({});
});
