import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../src/server/testing.ts';
import { ADMIN_SHELL_DIR, createSiteApp } from '../../src/server/site.ts';
import { SESSIONS } from './fixtures.ts';

/**
 * The server-side guard of the admin console shell (/admin/**): guests go to sign-in with the
 * admin address as target, signed-in non-admins get a 403 page, admins get the shell; the admin
 * API under /admin/api keeps answering as the API does.
 */

const SHELL = '<!doctype html><html><head><meta name="robots" content="noindex"></head><body><div id="admin-shell"></div></body></html>';

let dir: string;
let root: Hono;
let close: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admin-console-guard-'));
  mkdirSync(join(dir, ADMIN_SHELL_DIR), { recursive: true });
  mkdirSync(join(dir, 'media'));
  writeFileSync(join(dir, ADMIN_SHELL_DIR, 'index.html'), SHELL);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>home</title>');
  // Who asks is named by a test header, as the real resolver names it by the session cookie.
  const resolveSession = (req: Request) => {
    const who = req.headers.get('x-test-user') as keyof typeof SESSIONS | null;
    return Promise.resolve(who ? SESSIONS[who] : null);
  };
  const t = await createTestApp({ session: resolveSession });
  const site = createSiteApp({ currentDir: dir, mediaDir: join(dir, 'media'), db: t.db.kysely, isBuilding: () => false, resolveSession });
  root = new Hono();
  root.route('/', site);
  root.route('/', t.app);
  close = t.close;
});

afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, who?: keyof typeof SESSIONS) => root.request(path, { headers: who ? { 'x-test-user': who } : {} });

describe('admin console shell guard', () => {
  test('a guest is sent to sign-in with the admin address (query included) as target', async () => {
    for (const path of ['/admin', '/admin/banner', '/admin/featured-tags/create?x=1']) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe(`/auth/sign-in?target=${encodeURIComponent(path)}`);
    }
  });

  test('a signed-in non-admin gets a 403 page with a link to the public site', async () => {
    const res = await get('/admin/carousel/create', 'alice');
    expect(res.status).toBe(403);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('You need administrator access');
    expect(html).toContain('href="/discover/"');
  });

  test('an admin gets the shell on every console path, never indexed nor cached', async () => {
    for (const path of ['/admin', '/admin/', '/admin/featured-tags', '/admin/carousel/abc', '/admin/banner']) {
      const res = await get(path, 'admin');
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toContain('id="admin-shell"');
    }
  });

  test('the admin API is untouched: JSON errors from the API guard, data for admins', async () => {
    const guest = await get('/admin/api/banner/');
    expect(guest.status).toBe(401);
    expect(guest.headers.get('content-type')).toContain('application/json');
    expect((await get('/admin/api/banner/', 'alice')).status).toBe(403);
    const admin = await get('/admin/api/banner/', 'admin');
    expect(admin.status).toBe(200);
    expect(Array.isArray(await admin.json())).toBe(true);
  });

  test('the built copy under /discover only leads to /admin', async () => {
    const res = await get(`/discover/${ADMIN_SHELL_DIR}/`, 'admin');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin');
  });

  test('no build yet: the shell path answers 503 while the site is being built', async () => {
    rmSync(join(dir, ADMIN_SHELL_DIR), { recursive: true });
    const res = await get('/admin/banner', 'admin');
    expect(res.status).toBe(503);
    mkdirSync(join(dir, ADMIN_SHELL_DIR));
    writeFileSync(join(dir, ADMIN_SHELL_DIR, 'index.html'), SHELL);
  });
});
