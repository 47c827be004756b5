import sharp, { type Metadata } from 'sharp';
import type { AttachmentType } from '../../../domain/enums.ts';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from '../../../domain/user-rules.ts';
import { ApiError } from '../errors.ts';
import { LocalMediaStore, type MediaStore } from '../media/store.ts';

/**
 * Turning an uploaded picture into the files the site serves. The upload is checked by its bytes
 * (never by its name or declared type), decoded by sharp within a pixel cap, auto-rotated from its
 * EXIF orientation and re-encoded to WebP at a few widths. Re-encoding drops every piece of
 * metadata (EXIF, GPS, XMP, ICC comments) and anything appended to the file (polyglots): the
 * original bytes are never written to disk.
 */

/** Widths each kind of picture is rendered at: small avatars, wide covers. */
export const VARIANT_WIDTHS: Record<AttachmentType, readonly number[]> = {
  PROFILE_IMAGE: [96, 256],
  COVER_IMAGE: [800, 1600],
};

/** The formats an upload may be, by what sharp reads them as. */
type Sniffed = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** The image format of a file from its first bytes; null when it is none of the accepted ones. */
export function sniffImage(bytes: Uint8Array): Sniffed | null {
  const b = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, text: string) => [...text].every((ch, i) => b(from + i) === ch.charCodeAt(0));
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x89 && ascii(1, 'PNG\r\n\x1a\n')) return 'png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(4, 'ftyp') && (ascii(8, 'avif') || ascii(8, 'avis'))) return 'avif';
  return null;
}

const unsupported = () =>
  new ApiError('UNSUPPORTED_MEDIA_TYPE', 'This file is not a picture we can use. Upload a JPEG, PNG, WebP, AVIF or GIF image.', {
    fields: [{ path: 'form.file', message: 'Upload a JPEG, PNG, WebP, AVIF or GIF image' }],
  });

/** One re-encoded rendition of an upload. */
export interface Variant {
  width: number;
  height: number;
  data: Buffer;
}

/** What processing an upload produced: the oriented size of the picture and its WebP renditions. */
export interface ProcessedImage {
  width: number;
  height: number;
  variants: Variant[];
}

/**
 * Checks and re-encodes an uploaded picture. Throws 413 with the spec's message when the file is
 * over the size cap, 413 when it decodes to more than the pixel cap, and 415 when its bytes are
 * not an accepted image (whatever its name says).
 */
export async function processUpload(bytes: Uint8Array, type: AttachmentType): Promise<ProcessedImage> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw unsupported();
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const open = () => sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error', animated: false, sequentialRead: true });
  let meta: Metadata;
  try {
    // The header alone: nothing is decoded yet, so an oversized picture can be named as such.
    meta = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (cause) {
    throw Object.assign(unsupported(), { cause });
  }
  // What the bytes start with and what the decoder finds must agree (AVIF is read as HEIF with AV1).
  const decoded = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format;
  if (decoded !== sniffed || !meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) {
    throw new ApiError('PAYLOAD_TOO_LARGE', `This picture is too large. The maximum is ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels.`);
  }
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const variants: Variant[] = [];
  try {
    for (const target of VARIANT_WIDTHS[type]) {
      const pipeline = open().rotate();
      const resized =
        type === 'PROFILE_IMAGE'
          ? pipeline.resize({ width: target, height: target, fit: 'cover', position: 'attention', withoutEnlargement: true })
          : pipeline.resize({ width: target, withoutEnlargement: true });
      const { data, info } = await resized.webp({ quality: 82, effort: 4 }).toBuffer({ resolveWithObject: true });
      if (variants.some((v) => v.width === info.width)) continue; // a small original gives the same rendition twice
      variants.push({ width: info.width, height: info.height, data });
    }
  } catch (cause) {
    throw Object.assign(unsupported(), { cause });
  }
  return { width: oriented.width, height: oriented.height, variants };
}

/** Where an attachment's files live under the media folder, relative to it (and to /media/). */
export const attachmentDir = (attachmentId: string) => `uploads/${attachmentId.slice(0, 2)}/${attachmentId}`;

/** A media store, or the path of a local media folder (the default store over it). */
export type MediaTarget = MediaStore | string;
const storeOf = (target: MediaTarget): MediaStore => (typeof target === 'string' ? new LocalMediaStore(target) : target);

/**
 * Writes the renditions of an attachment to the media store (or local folder) and answers the stored
 * variants JSON (`{ [width]: path relative to /media }`). Files appear whole or not at all.
 */
export async function writeVariants(target: MediaTarget, attachmentId: string, variants: readonly Variant[]): Promise<string> {
  const rel = attachmentDir(attachmentId);
  const store = storeOf(target);
  const out: Record<string, string> = {};
  try {
    for (const v of variants) {
      const key = `${rel}/${v.width}.webp`;
      await store.put(key, v.data, 'image/webp');
      out[String(v.width)] = key;
    }
  } catch (error) {
    // No half-stored attachment (a full disk fails the second rendition): remove the ones written.
    await removeVariants(store, attachmentId).catch(() => undefined);
    throw error;
  }
  return JSON.stringify(out);
}

/** Removes an attachment's files (no error when they are already gone). */
export async function removeVariants(target: MediaTarget, attachmentId: string): Promise<void> {
  await storeOf(target).removePrefix(attachmentDir(attachmentId));
}
