import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createSiteApp } from '../../src/server/site.ts';
import { securityHeaders } from '../../src/server/security-headers.ts';
import { sameSiteRedirects } from '../../src/server/modules/auth/target.ts';
import { TEST_ORIGIN, type createTestApp } from '../../src/server/testing.ts';

/** A test app (see createTestApp). */
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Limits high enough that functional tests never meet the sign-in rate limiter. */
export const NO_LIMITS = { rateLimits: { signIn: { window: 60, max: 10_000 }, signUp: { window: 60, max: 10_000 } } };
/** The password the tests' people have. */
export const PASSWORD = 'discover-demo';
/** Headers of a same-site form post. */
export const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN };

/** Posts a form to the app. */
export const postForm = (t: TestApp, path: string, fields: Record<string, string>, headers: Record<string, string> = FORM) =>
  t.app.request(path, { method: 'POST', body: new URLSearchParams(fields), headers });

/** The `name=value` of the session cookie an answer sets ('' when none). */
export const sessionCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] as string)
    .filter((c) => /session_token=./.test(c))
    .join('; ');

/** The emails queued for an address, oldest first. */
export async function emailsTo(t: TestApp, to: string): Promise<{ subject: string; text: string }[]> {
  const rows = await t.db.kysely.selectFrom('outbox').select(['payload', 'createdAt']).where('target', '=', to).orderBy('createdAt').execute();
  return rows.map((r) => JSON.parse(r.payload) as { subject: string; text: string });
}

/** The confirmation link of the newest verification email to an address, as a path on the app. */
export async function confirmationLink(t: TestApp, to: string): Promise<string> {
  const mail = (await emailsTo(t, to)).filter((m) => m.subject.startsWith('Confirm')).at(-1);
  const url = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!url) throw new Error(`No confirmation link was sent to ${to}.`);
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** An inline script of the fake build's pages, as Astro writes them. */
export const INLINE_SCRIPT = '(()=>{window.__built=1;})();';
/** A module script of the fake build's pages. */
export const MODULE_SCRIPT = 'document.documentElement.dataset.ready="1";';

/** Writes a tiny site build (home, a space, a tag, the player, the not-found page, the admin shell, a German home) into a temporary folder. */
export function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'discover-security-site-'));
  const page = (title: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><script>${INLINE_SCRIPT}</script></head><body><h1>${title}</h1><p>${'A page of the site. '.repeat(100)}</p><script type="module">${MODULE_SCRIPT}</script><script type="module" src="/discover/_astro/x.js"></script></body></html>`;
  const files: Record<string, string> = {
    'index.html': page('Home'),
    '404.html': page('Not found'),
    'space/LOFTPARIS01/index.html': page('Loft'),
    'tag/luxury-homes/index.html': page('Luxury homes'),
    'showcase/index.html': page('Player'),
    'profile/private/index.html': page('Edit your profile'),
    'admin-console/index.html': page('Admin'),
    // A second locale without the English-only sections (space pages, capture).
    'de/index.html': page('Startseite'),
    'capture/index.html': page('Capture services'),
    '_astro/x.js': 'export {};',
  };
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return dir;
}

/** The server as `src/server/main.ts` composes it (redirect guard, compression, security headers, site, API) over a test app and a fake build. */
export function rootApp(t: TestApp, currentDir = fakeBuild(), publicOrigin = t.deps.env.publicOrigin) {
  const mediaDir = mkdtempSync(join(tmpdir(), 'discover-security-media-'));
  const site = createSiteApp({
    currentDir,
    mediaDir,
    db: t.db.kysely,
    isBuilding: () => false,
    resolveSession: t.deps.resolveSession,
  });
  const root = new Hono();
  root.use('*', sameSiteRedirects(publicOrigin));
  root.use('*', compress());
  root.use('*', securityHeaders({ publicOrigin, showcaseUrlTemplate: t.deps.env.SHOWCASE_URL_TEMPLATE }));
  root.route('/', site);
  root.route('/', t.app);
  return root;
}
