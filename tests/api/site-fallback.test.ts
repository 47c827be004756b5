import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FallbackRenderInput } from '../../src/server/fallback-renderer.ts';
import { createSiteApp } from '../../src/server/site.ts';
import { fixtureApp } from './fixtures.ts';

/** Pages the served build does not have yet: the server asks the fallback renderer for the registry's `render` page types only. */

let dir: string;
let root: Hono;
let close: () => Promise<void>;
const asked: FallbackRenderInput[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-fallback-'));
  mkdirSync(join(dir, 'media'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Page unavailable</title>');
  mkdirSync(join(dir, 'collection', 'built'), { recursive: true });
  writeFileSync(join(dir, 'collection', 'built', 'index.html'), '<!doctype html><title>built</title>');
  mkdirSync(join(dir, 'de'));
  const t = await fixtureApp();
  const site = createSiteApp({
    currentDir: dir,
    mediaDir: join(dir, 'media'),
    db: t.db.kysely,
    isBuilding: () => false,
    renderFallback: (input) => {
      asked.push(input);
      const id = Object.values(input.match.params)[0] ?? '';
      return Promise.resolve(id.startsWith('new') ? `<!doctype html><html lang="${input.match.locale || 'en'}"><h1>${id}</h1></html>` : null);
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

const get = (path: string, cookie = '') => root.request(path, { headers: cookie ? { cookie } : {} });

describe('a page the build does not have yet', () => {
  test('is the rendered page, never indexed nor cached, rendered as the visitor who asks', async () => {
    asked.length = 0;
    const res = await get('/discover/collection/new1/', 'session=abc');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('<h1>new1</h1>');
    expect(asked).toEqual([{ match: { type: 'collection', params: { sid: 'new1' }, locale: '' }, cookie: 'session=abc' }]);
  });

  test('every render page type, in a locale the build has', async () => {
    asked.length = 0;
    for (const path of [
      '/discover/de/profile/new2/',
      '/discover/profile/new3/collections/',
      '/discover/account/new4',
      '/discover/de/tag/new-tag/',
      '/discover/camera/new-cam/',
    ])
      expect((await get(path)).status, path).toBe(200);
    expect(asked.map((a) => [a.match.type, a.match.locale])).toEqual([
      ['profile', 'de'],
      ['profileCollections', ''],
      ['account', ''],
      ['tag', 'de'],
      ['camera', ''],
    ]);
  });

  test('nothing to render, a locale the build lacks, a type without a render fallback or a built page: no render asked, or 404', async () => {
    asked.length = 0;
    expect((await get('/discover/collection/gone1/')).status).toBe(404);
    expect(asked).toHaveLength(1);
    asked.length = 0;
    expect((await get('/discover/xx/collection/new5/')).status).toBe(404);
    expect((await get('/discover/marketplace/app/new-app/')).status).toBe(404);
    expect((await get('/discover/collection/built/')).status).toBe(200);
    expect(asked).toEqual([]);
  });
});
