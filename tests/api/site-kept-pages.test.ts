import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FallbackRenderInput } from '../../src/server/fallback-renderer.ts';
import { dropKeptCopies } from '../../src/server/publish/kept-copies.ts';
import { createSiteApp } from '../../src/server/site.ts';
import { fixtureApp } from './fixtures.ts';

/**
 * Space pages in another locale (issue 26): not pre-rendered, rendered on their first request by the
 * fallback renderer (stubbed here), kept in the served build as a static file, and dropped by a
 * publish that changes the English page.
 */

let dir: string;
let root: Hono;
let close: () => Promise<void>;
const renders: FallbackRenderInput[] = [];
/** Whether the renderer of the served build is still starting (a publish just replaced the build). */
let starting = false;
const page = (rel: string, html = `<!doctype html><title>${rel}</title>`) => {
  mkdirSync(join(dir, rel), { recursive: true });
  writeFileSync(join(dir, rel, 'index.html'), html);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-kept-pages-'));
  mkdirSync(join(dir, 'media'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Page unavailable</title>');
  for (const rel of ['de', 'space/LOFTPARIS01', 'space/LOFTPARIS01/related-collections', 'capture/order']) page(rel);
  const t = await fixtureApp();
  const site = createSiteApp({
    currentDir: dir,
    mediaDir: join(dir, 'media'),
    db: t.db.kysely,
    isBuilding: () => false,
    renderFallback: async (input) => {
      renders.push(input);
      if (input.current && starting) return null;
      await new Promise((r) => setTimeout(r, 20));
      return `<!doctype html><html lang="${input.match.locale}"><title>${input.match.type} ${input.match.params['modelId']}</title></html>`;
    },
  });
  root = new Hono();
  root.route('/', site);
  close = t.close;
});

afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, cookie?: string) => root.request(path, cookie ? { headers: { cookie } } : {});

describe('a space page in another locale', () => {
  test('is rendered on its first request (never a redirect), anonymously, kept as a static file, and served from it after', async () => {
    renders.length = 0;
    const [first, same] = await Promise.all([get('/discover/de/space/LOFTPARIS01/', 'session=abc'), get('/discover/de/space/LOFTPARIS01/')]);
    expect(first.status).toBe(200);
    expect(same.status).toBe(200);
    expect(await first.text()).toContain('<html lang="de">');
    // One render for both visitors, without the visitor's cookie: the kept page is everyone's.
    expect(renders).toHaveLength(1);
    expect(renders[0]?.cookie).toBe('');
    // From the content of the build served now (not a worker still on the previous build's store).
    expect(renders[0]?.current).toBe(true);
    expect(renders[0]?.match).toEqual({ type: 'space', params: { modelId: 'LOFTPARIS01' }, locale: 'de' });
    expect(readFileSync(join(dir, 'de/space/LOFTPARIS01/index.html'), 'utf8')).toContain('space LOFTPARIS01');
    // Cacheable like any static page (an ETag), not the fallback's no-store.
    expect(first.headers.get('cache-control')).not.toContain('no-store');
    expect(first.headers.get('etag')).toBeTruthy();
    const again = await get('/discover/de/space/LOFTPARIS01/');
    expect(again.status).toBe(200);
    expect(renders).toHaveLength(1);
  });

  test('while the renderer of a build just published is starting, the page is answered uncached and kept by a later request', async () => {
    starting = true;
    const path = '/discover/de/space/LOFTPARIS01/related-collections/';
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBeNull();
    expect(existsSync(join(dir, 'de/space/LOFTPARIS01/related-collections/index.html'))).toBe(false);
    starting = false;
  });

  test('its related collections too', async () => {
    const res = await get('/discover/de/space/LOFTPARIS01/related-collections/');
    expect(res.status).toBe(200);
    expect(existsSync(join(dir, 'de/space/LOFTPARIS01/related-collections/index.html'))).toBe(true);
  });

  test('a space the build does not have is rendered for the visitor who asks, and not kept', async () => {
    renders.length = 0;
    const res = await get('/discover/de/space/NEWSPACE01/', 'session=abc');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(renders[0]?.cookie).toBe('session=abc');
    expect(existsSync(join(dir, 'de/space/NEWSPACE01'))).toBe(false);
  });

  test('an English-only section still goes to English; a locale the build lacks is not guessed', async () => {
    const res = await get('/discover/de/capture/order/');
    expect(res.status).toBe(301);
    expect((await get('/discover/fr/space/LOFTPARIS01/')).status).toBe(404);
  });

  test('a publish that changes the English page drops its kept copies', () => {
    expect(existsSync(join(dir, 'de/space/LOFTPARIS01/index.html'))).toBe(true);
    dropKeptCopies(dir, { files: ['tag/museum/index.html'], dirs: [] });
    expect(existsSync(join(dir, 'de/space/LOFTPARIS01/index.html'))).toBe(true);
    dropKeptCopies(dir, { files: ['space/LOFTPARIS01/index.html'], dirs: [] });
    expect(existsSync(join(dir, 'de/space/LOFTPARIS01'))).toBe(false);
    expect(existsSync(join(dir, 'space/LOFTPARIS01/index.html'))).toBe(true);
    expect(existsSync(join(dir, 'de'))).toBe(true);
  });
});
