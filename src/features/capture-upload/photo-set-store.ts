/**
 * Where a set of 360° photos stands, kept in localStorage so that the same photos chosen again
 * after a reload (or a closed tab) continue into the space their first photo made, instead of
 * making a second one: each photo's upload id from the moment the server gave it, and which photo
 * went first. tus finds a photo's unfinished bytes by its own fingerprint; this finds the set.
 */

const PREFIX = 'discover:photo-set:v1:';

/** A photo as the set knows it across a reload: its name, size and date (what the browser gives again). */
export const photoKey = (f: File): string => `${f.name}:${f.size}:${f.lastModified}`;

/** The key of a set: its photos in any order, and the account it goes to. */
export const photoSetKey = (files: readonly File[], account: string): string => `${PREFIX}${account}|${files.map(photoKey).sort().join('|')}`;

/** What a set keeps: the photo that made the space (`first`) and the upload id of each photo sent. */
export interface PhotoSetRecord {
  first: string;
  ids: Record<string, string>;
}

/** The record of a set chosen before, or null (none, unreadable, or storage unavailable). */
export function readPhotoSet(key: string): PhotoSetRecord | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<PhotoSetRecord> | null;
    if (!parsed || typeof parsed.first !== 'string' || !parsed.ids || typeof parsed.ids !== 'object') return null;
    const ids = Object.fromEntries(Object.entries(parsed.ids).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return { first: parsed.first, ids };
  } catch {
    return null;
  }
}

/** Keeps a set's record (nothing happens when storage is unavailable: the set then only lives in this page). */
export function savePhotoSet(key: string, record: PhotoSetRecord): void {
  try {
    localStorage.setItem(key, JSON.stringify(record));
  } catch {
    // Private mode or full storage: a reload starts the set anew, as before this record existed.
  }
}

/** Forgets a set: every photo is in the tour, or the space it went to is gone. */
export function forgetPhotoSet(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}

/** The photos in the order they go up: the one that made the space first, when the set was chosen before. */
export function inSetOrder(files: readonly File[], record: PhotoSetRecord | null): File[] {
  const first = record ? files.findIndex((f) => photoKey(f) === record.first) : -1;
  return first > 0 ? [files[first] as File, ...files.filter((_, i) => i !== first)] : [...files];
}
