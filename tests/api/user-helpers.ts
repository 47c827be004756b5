import sharp from 'sharp';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { TEST_ORIGIN } from '../../src/server/testing.ts';
import { fixtureApp, type SESSIONS } from './fixtures.ts';

/** A fixture app plus the calls the signed-in user's tests make (same-site Origin on writes). */
export async function userApp(as: keyof typeof SESSIONS | null = null) {
  const t = await fixtureApp(as);
  const call = (method: string, path: string, body?: unknown) =>
    t.app.request(path, {
      method,
      headers: { Origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const upload = (path: string, file: Blob, type: string, name = 'picture.png') => {
    const form = new FormData();
    form.set('file', file, name);
    form.set('type', type);
    return t.app.request(path, { method: 'PUT', headers: { Origin: TEST_ORIGIN }, body: form });
  };
  return { ...t, call, upload, events: () => contentEvents(t.db.kysely) };
}

/** The content-change events recorded so far, oldest first. */
export async function contentEvents(db: Kysely<Database>): Promise<{ type: string; ids: string[] }[]> {
  const rows = await db.selectFrom('content_events').select(['type', 'ids']).orderBy('id').execute();
  return rows.map((r) => ({ type: r.type, ids: JSON.parse(r.ids) as string[] }));
}

/** A PNG of the given size with a gradient, so re-encoding has something to do. */
export async function makePng(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#4f3bd9"/><stop offset="1" stop-color="#ffbb00"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A landscape JPEG (400×200 stored) whose EXIF says "rotate 90° clockwise" (orientation 6), with
 * an artist and copyright that must not survive re-encoding.
 */
export async function makeRotatedJpeg(): Promise<Buffer> {
  return sharp(await makePng(400, 200))
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'GPS 48.8584 2.2945' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Bytes as a Blob for FormData. */
export const blob = (bytes: Uint8Array | string, type = 'image/png') => new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type });
