import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { affectedPages, type SiteContent } from '../../src/domain/page-dependencies.ts';
import { SYSTEM_PROFILE_SID } from '../../src/domain/system-profile.ts';
import { createSiteApp } from '../../src/server/site.ts';
import { fixtureApp, W } from './fixtures.ts';

/** The site's route fixes of issue 14: an account by its sid, locale prefixes on English-only pages, the system profile's page in the publishing map. */

let dir: string;
let root: Hono;
let close: () => Promise<void>;
const page = (rel: string) => {
  mkdirSync(join(dir, rel), { recursive: true });
  writeFileSync(join(dir, rel, 'index.html'), `<!doctype html><title>${rel}</title>`);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-route-redirects-'));
  mkdirSync(join(dir, 'media'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Page unavailable</title>');
  // A build with English and German: accounts and tags in both, space and capture pages in English only.
  for (const rel of [`account/${W.acc.orgA}`, `de/account/${W.acc.orgA}`, 'de', 'tag/museum', 'de/tag/museum', 'space/LOFTPARIS01', 'capture/order', 'about'])
    page(rel);
  const t = await fixtureApp();
  const site = createSiteApp({ currentDir: dir, mediaDir: join(dir, 'media'), db: t.db.kysely, isBuilding: () => false });
  root = new Hono();
  root.route('/', site);
  close = t.close;
});

afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string) => root.request(path);

describe('an organization by its sid', () => {
  test('/account/{sid} redirects to the canonical id page, in a locale too', async () => {
    const res = await get('/discover/account/orgasid001/');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/discover/account/${W.acc.orgA}/`);
    const de = await get('/discover/de/account/orgasid001');
    expect(de.headers.get('location')).toBe(`/discover/de/account/${W.acc.orgA}/`);
    expect((await get(`/discover/account/${W.acc.orgA}/`)).status).toBe(200);
  });

  test('an unknown sid, or a personal account, stays not found', async () => {
    expect((await get('/discover/account/nosuchsid0/')).status).toBe(404);
    expect((await get('/discover/account/aliceacc01/')).status).toBe(404);
  });
});

describe('a locale prefix on an English-only page', () => {
  test('goes to the English page, keeping the rest of the path and the query', async () => {
    for (const [from, to] of [
      ['/discover/de/space/LOFTPARIS01/', '/discover/space/LOFTPARIS01/'],
      ['/discover/de/capture/order/?step=contact', '/discover/capture/order/?step=contact'],
      ['/discover/de/about/', '/discover/about/'],
      ['/discover/de/capture/orders/ord-1/', '/discover/capture/orders/ord-1/'],
    ]) {
      const res = await get(from as string);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
    }
  });

  test('a localized section that exists keeps its own not-found page; an unbuilt locale is not guessed', async () => {
    expect((await get('/discover/de/tag/nothing/')).status).toBe(404);
    expect((await get('/discover/de/tag/museum/')).status).toBe(200);
    expect((await get('/discover/xx/space/LOFTPARIS01/')).status).toBe(404);
  });
});

test("a change of an editors' collection re-renders the system profile's collections page", () => {
  const col = (userInfo: { userSid: string } | null) => ({ sid: 'c1', name: 'C', createdAt: '2026-01-01', position: 0, spaceModelIds: [], userInfo });
  const content = (c: ReturnType<typeof col>): SiteContent => ({
    spaces: new Map(),
    collections: new Map([['c1', c]]),
    users: new Map(),
    accounts: new Map(),
    featuredTags: new Map(),
    carousel: new Map(),
    tags: new Map(),
  });
  const editors = affectedPages(content(col(null)), content(col(null)), [{ collection: 'collections', id: 'c1' }]);
  expect(editors.pages).toContain(`/profile/${SYSTEM_PROFILE_SID}/collections`);
  const users = affectedPages(content(col({ userSid: 'ana' })), content(col({ userSid: 'ana' })), [{ collection: 'collections', id: 'c1' }]);
  expect(users.pages).not.toContain(`/profile/${SYSTEM_PROFILE_SID}/collections`);
});
