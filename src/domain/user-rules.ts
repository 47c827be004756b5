import { fixUrl, isSafeHttpUrl } from './urls.ts';

/**
 * Limits and plain rules of what users type, without zod: browser code uses them to guide forms
 * without shipping the schema library; the zod schemas (user-inputs.ts, admin-inputs.ts) build on
 * the same numbers, and forms load those schemas only when they validate.
 */

/** Longest profile description. Spec 5 lists 2000 among its length constants. */
export const MAX_DESCRIPTION = 2000;
/** Longest collection or profile name; spec 5 lists 70. */
export const MAX_NAME = 70;
/** Longest location text or meta title; spec 5 lists 50 and 70. */
export const MAX_LOCATION = 50;
/** Longest URL or meta description; spec 5 lists 320. */
export const MAX_URL = 320;

/** Longest collection meta title (spec 5 lists 70). */
export const MAX_META_TITLE = 70;
/** Most children one user collection holds. */
export const MAX_COLLECTION_CHILDREN = 1000;
/** Most collections one user owns. */
export const MAX_USER_COLLECTIONS = 500;
/** Most ids one bulk call takes. */
export const MAX_BULK_IDS = 500;

/** Largest upload in megabytes (spec 5's 'Your file is too large' message names it). */
export const MAX_UPLOAD_MB = 8;
/** @see MAX_UPLOAD_MB */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/** The 413 message of an upload over the limit (spec 5). */
export const FILE_TOO_LARGE_MESSAGE = `Your file is too large. The maximum size allowed is ${MAX_UPLOAD_MB} MB.`;
/** Largest picture in pixels an upload may decode to (guards against decompression bombs). */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** The image types an upload may be, as a file picker's `accept`. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** Social networks a profile can link to, in display order. */
export const SOCIAL_MEDIA_KEYS = ['twitter', 'facebook', 'linkedin', 'instagram'] as const;
/** @see SOCIAL_MEDIA_KEYS */
export type SocialMediaKey = (typeof SOCIAL_MEDIA_KEYS)[number];

/**
 * Whether a typed link is one a profile may carry: blank, or an http(s) URL with a dotted host once
 * https:// is prepended (spec 5). javascript:, data: and every other scheme are refused.
 */
export function isProfileLink(value: string | null | undefined): boolean {
  const fixed = fixUrl(value);
  if (fixed === undefined) return true;
  if (!isSafeHttpUrl(fixed)) return false;
  const host = new URL(fixed).hostname;
  return host.includes('.') || host === 'localhost';
}

/** The modelId in what a user pastes: a bare modelId, or a tour or Discover URL carrying one (`?m=`, `/space/…`, `/models/…`). */
export function modelIdFrom(input: string): string | null {
  const v = input.trim();
  if (/^\w{11}$/.test(v)) return v;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`);
  } catch {
    return null;
  }
  const m = url.searchParams.get('m') ?? url.searchParams.get('model');
  if (m && /^\w{11}$/.test(m)) return m;
  const parts = url.pathname.split('/').filter(Boolean);
  for (let i = 0; i < parts.length - 1; i++) {
    if (['space', 'models', 'show', 'model'].includes(parts[i] as string) && /^\w{11}$/.test(parts[i + 1] as string)) return parts[i + 1] as string;
  }
  return null;
}
