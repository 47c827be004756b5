import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../src/server/db/schema.ts';
import { createSiteApp } from '../../src/server/site.ts';
import { preferredEncoding } from '../../src/server/static-encoding.ts';
import { precompressSite, writeSiblingsSync } from '../../src/site/precompress.ts';

/**
 * Static serving of the built site: brotli and gzip siblings written at build time (and by the
 * publisher's render worker for the pages it re-renders) are sent with their Content-Encoding and
 * `Vary: Accept-Encoding`; a sibling older than its page is never sent; hashed assets are immutable.
 */

let dir: string;
let root: Hono;
const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body>${`<p>${name} is a space.</p>`.repeat(80)}</body></html>`;
const script = `export const list = [${Array.from({ length: 200 }, (_, i) => `"item ${i}"`).join(',')}];`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'discover-static-'));
  mkdirSync(join(dir, '_astro'), { recursive: true });
  mkdirSync(join(dir, 'space', 'm1'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), page('Home'));
  writeFileSync(join(dir, 'space', 'm1', 'index.html'), page('Old Name'));
  writeFileSync(join(dir, '_astro', 'client.AbC123.js'), script);
  writeFileSync(join(dir, 'tiny.txt'), 'small');
  await precompressSite(dir);
  const site = createSiteApp({ currentDir: dir, mediaDir: join(dir, 'media'), db: {} as Kysely<Database>, isBuilding: () => false });
  root = new Hono();
  root.use('*', compress()); // as src/server/main.ts
  root.route('/', site);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  root.request(path, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
const text = async (res: Response) => {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  return (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
};

describe('precompressed static files', () => {
  test('brotli when accepted, with Vary and a revalidating Cache-Control for pages', async () => {
    const res = await get('/discover/', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await text(res)).toBe(page('Home'));
  });

  test('gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await get('/discover/space/m1/', accept);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await text(res)).toBe(page('Old Name'));
    }
  });

  test('identity without Accept-Encoding, still with Vary', async () => {
    const res = await get('/discover/space/m1/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await text(res)).toBe(page('Old Name'));
  });

  test('hashed assets: the right type and a year of immutable caching, in every encoding', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      const res = await get('/discover/_astro/client.AbC123.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await text(res)).toBe(script);
    }
  });

  test('HEAD answers the headers of the encoded file without a body', async () => {
    const res = await get('/discover/', 'br', 'HEAD');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  test('the site routes answer with validators too: 304 on If-None-Match and If-Modified-Since, HEAD without a body', async () => {
    const res = await get('/discover/', 'br');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+-br"$/);
    const again = await root.request('/discover/', { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const since = await root.request('/discover/', { headers: { 'if-modified-since': res.headers.get('last-modified') ?? '' } });
    expect(since.status).toBe(304);
    const head = await get('/discover/', 'br', 'HEAD');
    expect(head.headers.get('etag')).toBe(etag);
  });

  test('a file too large to keep in memory is streamed, with a validator and 304 all the same', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 'a');
    writeFileSync(join(dir, '_astro', 'big.AbC123.bin'), big);
    const res = await get('/discover/_astro/big.AbC123.bin');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBe(big.length);
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await root.request('/discover/_astro/big.AbC123.bin', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  test('small files get no siblings and are sent as they are', async () => {
    const res = await get('/discover/tiny.txt', 'br');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('small');
  });

  test('a page re-rendered with its siblings (a space renamed) is served new in every encoding', async () => {
    const file = join(dir, 'space', 'm1', 'index.html');
    writeFileSync(file, page('New Name'));
    expect(writeSiblingsSync(file, 'space/m1/index.html', page('New Name'))).toBe(true);
    for (const accept of ['br', 'gzip', undefined]) expect(await text(await get('/discover/space/m1/', accept))).toBe(page('New Name'));
  });

  test('a page rewritten without its siblings never gets the stale sibling', async () => {
    const file = join(dir, 'space', 'm1', 'index.html');
    writeFileSync(file, page('Newest Name'));
    const future = new Date(Date.now() + 60_000);
    utimesSync(file, future, future);
    for (const accept of ['br', 'gzip', undefined]) {
      const res = await get('/discover/space/m1/', accept);
      expect(await text(res)).toBe(page('Newest Name'));
    }
  });

  test('a page served before its siblings were written (a fresh build, just swapped in) is sent compressed once they are', async () => {
    mkdirSync(join(dir, 'later'), { recursive: true });
    const file = join(dir, 'later', 'index.html');
    writeFileSync(file, page('Later'));
    const res = await get('/discover/later/', 'br');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await text(res)).toBe(page('Later'));
    expect(writeSiblingsSync(file, 'later/index.html', page('Later'))).toBe(true);
    await expect.poll(async () => (await get('/discover/later/', 'br')).headers.get('content-encoding'), { timeout: 5000, interval: 200 }).toBe('br');
    expect(await text(await get('/discover/later/', 'br'))).toBe(page('Later'));
  });
});

describe('preferredEncoding', () => {
  test('br first, then gzip; q=0 refuses; * accepts', () => {
    expect(preferredEncoding('gzip, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
