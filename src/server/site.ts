import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { SessionResolver } from './context.ts';
import { slugify } from '../domain/urls.ts';
import { answerResponse, StaticFiles, type StaticRequest } from './static-encoding.ts';
import { staticFileSecurityHeaders, type SecurityHeaderOptions } from './security-headers.ts';

/** Where the site and media come from. */
export interface SiteOptions {
  /** The served build (a link the publisher swaps). */
  currentDir: string;
  mediaDir: string;
  db: Kysely<Database>;
  /** Whether a build is being made right now (for the placeholder page). */
  isBuilding: () => boolean;
  /** Resolves who asks for an /admin page (the API's resolver); without one every /admin page answers 404. */
  resolveSession?: SessionResolver;
  /**
   * The content API, called in-process: a page the served build does not have yet (a new
   * collection, profile or account) is answered with its client-rendered shell when the API shows
   * that content to the person asking. Without it such pages answer 404 until the next publish.
   */
  apiFetch?: (request: Request) => Promise<Response>;
  /** The build's file server ({@link createSiteFiles}); main.ts makes it to put its listener in front of Hono too. */
  files?: StaticFiles;
}

/** Pages the build may not have yet, the API resource that says whether they exist, and their shell. */
const FALLBACKS: { re: RegExp; kind: string; probe: (id: string) => string }[] = [
  {
    re: /^\/discover\/(?:([a-z]{2}(?:-[a-z]{2})?)\/)?collection\/([^/]+)\/?$/,
    kind: 'collection',
    probe: (id) => `/api/content/collection/${id}/?childrenCount=0`,
  },
  {
    re: /^\/discover\/(?:([a-z]{2}(?:-[a-z]{2})?)\/)?profile\/([^/]+)\/collections\/?$/,
    kind: 'profile-collections',
    probe: (id) => `/api/content/user/${id}/profile/`,
  },
  { re: /^\/discover\/(?:([a-z]{2}(?:-[a-z]{2})?)\/)?profile\/([^/]+)\/?$/, kind: 'profile', probe: (id) => `/api/content/user/${id}/profile/` },
  { re: /^\/discover\/(?:([a-z]{2}(?:-[a-z]{2})?)\/)?account\/([^/]+)\/?$/, kind: 'account', probe: (id) => `/api/content/account/${id}/profile/` },
];

/** Where the site build puts the admin console shell (src/pages/admin-console.astro). */
export const ADMIN_SHELL_DIR = 'admin-console';

const BASE = '/discover';

/**
 * The static file server of the served build as the site serves it: under /discover, the admin
 * console's shell only as /admin, and with the security headers (a page's CSP with the hashes of
 * its inline scripts) made once per file when their options are given (else the middleware adds them).
 */
export function createSiteFiles(currentDir: string, security?: SecurityHeaderOptions): StaticFiles {
  return new StaticFiles({
    root: currentDir,
    base: BASE,
    hidden: (rel) => rel === ADMIN_SHELL_DIR || rel.startsWith(`${ADMIN_SHELL_DIR}/`),
    ...(security ? { extraHeaders: (path, type, html) => staticFileSecurityHeaders(security, path, type, html) } : {}),
  });
}

/** The request headers a static answer depends on. */
const staticRequestOf = (req: { method: string; header: (name: string) => string | undefined }): StaticRequest => ({
  method: req.method,
  acceptEncoding: req.header('accept-encoding'),
  ifNoneMatch: req.header('if-none-match'),
  ifModifiedSince: req.header('if-modified-since'),
});

/** A control character, which no page's path holds once decoded (and no header may carry). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A path segment decoded, or null when it is not valid percent-encoded UTF-8 (`%`, `%ff`, a lone surrogate): such a page does not exist. */
const decodeSegment = (segment: string): string | null => {
  try {
    const decoded = decodeURIComponent(segment);
    // No id, slug or name holds a NUL, and PostgreSQL refuses one in a query parameter.
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
};

/**
 * Serves the static site under /discover with the routes a static host can't do alone:
 * /spaces/{id} and /collections/{id} redirects, spaces and collections addressed by id,
 * and the not-found page with a real 404 status. Also serves /media.
 */
export function createSiteApp(opts: SiteOptions) {
  const app = new Hono();
  // The link may not exist before the first build.
  mkdirSync(opts.currentDir, { recursive: true });
  const files = opts.files ?? createSiteFiles(opts.currentDir);
  /** One file of the build as the answer to another path (the not-found page, shells), or null when the build lacks it. */
  const fileAt = (c: Context, rel: string, status: number, headers: Record<string, string> = {}) => {
    const answer = files.fileAnswer(rel, staticRequestOf(c.req), status, headers);
    return answer ? answerResponse(answer) : null;
  };

  app.use(
    '/media/*',
    serveStatic({
      root: opts.mediaDir,
      rewriteRequestPath: (p) => p.slice('/media'.length),
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('/', (c) => c.redirect(`${BASE}/`, 302));
  // Crawlers read robots.txt at the root only; the build makes it under the base path.
  app.get('/robots.txt', (c) => {
    const answer = files.answer('robots.txt', staticRequestOf(c.req));
    return answer ? answerResponse(answer) : c.text('User-agent: *\nAllow: /\n');
  });
  app.get(BASE, (c) => c.redirect(`${BASE}/${new URL(c.req.url).search}`, 301));

  app.get(`${BASE}/spaces/:id{[^/]+}`, (c) => c.redirect(`${BASE}/collection/${encodeURIComponent(c.req.param('id'))}`, 301));
  app.get(`${BASE}/collections/:id{[^/]+}`, (c) => c.redirect(`${BASE}/collection/${encodeURIComponent(c.req.param('id'))}`, 301));

  // The admin console: one client-only shell for /admin and every /admin/* path but the API.
  app.on(['GET', 'HEAD'], ['/admin', '/admin/*'], async (c, next) => {
    const path = c.req.path;
    if (path === '/admin/api' || path.startsWith('/admin/api/') || !opts.resolveSession) return next();
    const noindex = { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'no-store' };
    const user = await opts.resolveSession(c.req.raw);
    if (!user) {
      const target = path + new URL(c.req.url).search;
      return c.redirect(`/auth/sign-in?target=${encodeURIComponent(target)}`, 302);
    }
    if (!user.isPrivileged) return c.html(accessDeniedPage(), 403, noindex);
    return fileAt(c, `${ADMIN_SHELL_DIR}/index.html`, 200, noindex) ?? c.html(buildingPage(opts.isBuilding()), 503, { ...noindex, 'Retry-After': '5' });
  });
  // The shell's built copy under /discover is not a page of the site: it is only served as /admin.
  app.on(['GET', 'HEAD'], [`${BASE}/${ADMIN_SHELL_DIR}`, `${BASE}/${ADMIN_SHELL_DIR}/*`], (c) => c.redirect('/admin', 302));

  app.on(['GET', 'HEAD'], `${BASE}/*`, async (c, next) => {
    // A build's `.publish/` folder (page list, content snapshot) is the publisher's, not the site's.
    if (c.req.path.includes('/.')) return next();
    // The file as the build has it, with the headers made once per file (main.ts answers these before Hono).
    const url = c.req.url;
    const rawPath = url.slice(url.indexOf('/', url.indexOf('//') + 2)).split('?')[0] ?? '';
    const answer = files.answer(rawPath.slice(BASE.length + 1), staticRequestOf(c.req));
    if (answer) return answerResponse(answer);
    if (!existsSync(join(opts.currentDir, 'index.html'))) {
      return c.html(buildingPage(opts.isBuilding()), 503, { 'Retry-After': '5' });
    }
    // Not pre-built: a space or collection addressed by its id redirects to its page.
    const path = c.req.path;
    const space = /^\/discover\/space\/([^/]+)\/?(related-collections\/?)?$/.exec(path);
    const spaceKey = space?.[1] ? decodeSegment(space[1]) : null;
    if (space && spaceKey) {
      const key = spaceKey;
      // Only spaces with a page of their own: a PRIVATE (or moderated) space's modelId stays unknown (404).
      const row = await opts.db
        .selectFrom('spaces')
        .leftJoin('space_slugs', 'space_slugs.spaceId', 'spaces.id')
        .select('spaces.modelId')
        .where((eb) => eb.or([eb('spaces.id', '=', key), eb('spaces.slug', '=', key), eb('space_slugs.slug', '=', key)]))
        .where('spaces.visibility', 'in', ['PUBLIC', 'UNLISTED'])
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('moderation_records').select('itemId').whereRef('itemId', '=', 'spaces.id').where('itemType', '=', 'SPACE'))),
        )
        .executeTakeFirst();
      if (row && row.modelId !== key) return c.redirect(`${BASE}/space/${row.modelId}/${space[2] ? 'related-collections/' : ''}`, 301);
    }
    // Tag pages are built under the tag's slug; /tag/Luxury Homes finds /tag/luxury-homes.
    const tag = /^\/discover\/tag\/([^/]+)\/?$/.exec(path);
    const tagName = tag?.[1] ? decodeSegment(tag[1]) : null;
    if (tag?.[1] && tagName) {
      const slug = slugify(tagName);
      if (slug && slug !== tag[1] && existsSync(join(opts.currentDir, 'tag', slug, 'index.html'))) return c.redirect(`${BASE}/tag/${slug}/`, 301);
    }
    const collection = /^\/discover\/collection\/([^/]+)\/?$/.exec(path);
    const collectionKey = collection?.[1] ? decodeSegment(collection[1]) : null;
    if (collectionKey) {
      const key = collectionKey;
      const row = await opts.db.selectFrom('collections').select('sid').where('id', '=', key).where('visibility', '<>', 'PRIVATE').executeTakeFirst();
      if (row && row.sid !== key) return c.redirect(`${BASE}/collection/${row.sid}/`, 301);
    }
    // An organization addressed by its sid (as by its id): the canonical page is the id's.
    const account = /^\/discover\/(?:([a-z]{2}(?:-[a-z]{2})?)\/)?account\/([^/]+)\/?$/.exec(path);
    const accountKey = account?.[2] ? decodeSegment(account[2]) : null;
    if (account && accountKey) {
      const row = await opts.db.selectFrom('accounts').select('id').where('sid', '=', accountKey).where('isPersonal', '=', 0).executeTakeFirst();
      if (row && row.id !== accountKey) return c.redirect(`${BASE}/${account[1] ? `${account[1]}/` : ''}account/${encodeURIComponent(row.id)}/`, 301);
    }
    // A locale prefix on a page that exists in English only (space pages, capture, the company's
    // pages): the build has the section at the root but not under the locale, so go to the English page.
    // Matched on the path as requested (still percent-encoded), since the Location is made of it; a
    // path that decodes to a control character (`%00`, `%0d%0a`) names no page: it gets the 404 below.
    const prefixed = CONTROL.test(path) ? null : /^\/discover\/([a-z]{2}(?:-[a-z]{2})?)\/([^/]+)(\/.*)?$/.exec(new URL(c.req.url).pathname);
    if (prefixed?.[1] && prefixed[2] && !prefixed[2].startsWith('.')) {
      const [, locale, section, rest = '/'] = prefixed;
      const englishOnly =
        existsSync(join(opts.currentDir, locale)) &&
        !existsSync(join(opts.currentDir, locale, section)) &&
        existsSync(join(opts.currentDir, section)) &&
        statSync(join(opts.currentDir, section)).isDirectory();
      if (englishOnly) return c.redirect(`${BASE}/${section}${rest}${new URL(c.req.url).search}`, 301);
    }
    // A capture order's details: one client-rendered shell for every order id (src/pages/capture/order-details.astro).
    if (/^\/discover\/capture\/orders\/[^/]+\/?$/.test(path)) {
      const shell = fileAt(c, 'capture/order-details/index.html', 200, { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'no-store' });
      if (shell) return shell;
    }
    // Content the API has but the served build does not yet: its shell renders it from the API.
    if (opts.apiFetch) {
      for (const f of FALLBACKS) {
        const m = f.re.exec(path);
        const id = m?.[2] ? decodeSegment(m[2]) : null;
        if (!m || !id || id === 'private') continue;
        const probe = new Request(new URL(f.probe(encodeURIComponent(id)), c.req.url), {
          headers: { cookie: c.req.header('cookie') ?? '', accept: 'application/json' },
        });
        const answer = await opts.apiFetch(probe).catch(() => null);
        if (!answer?.ok) break;
        const shellHeaders = { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'no-store' };
        const shell =
          (m[1] ? fileAt(c, `${m[1]}/fallback/${f.kind}/index.html`, 200, shellHeaders) : null) ??
          fileAt(c, `fallback/${f.kind}/index.html`, 200, shellHeaders);
        if (!shell) break;
        return shell;
      }
    }
    await next();
    return undefined;
  });

  app.on(['GET', 'HEAD'], `${BASE}/*`, (c) => {
    // A localized path (`/discover/de/…`) gets that locale's not-found page when the build has one.
    const prefix = /^\/discover\/([a-z]{2}(?:-[a-z]{2})?)\//.exec(c.req.path)?.[1];
    return (prefix ? fileAt(c, `${prefix}/404/index.html`, 404) : null) ?? fileAt(c, '404.html', 404) ?? c.html('<h1>Page unavailable</h1>', 404);
  });
  return app;
}

/** The 403 page a signed-in person who is not an administrator gets on /admin. */
function accessDeniedPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>You need administrator access | Discover</title>
<style>body{font:16px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#16161d}
main{max-width:32rem;padding:24px;text-align:center}h1{font-size:1.6rem;margin:0 0 8px}a{color:#4f3bd9}</style></head>
<body><main><h1>You need administrator access</h1><p>The admin console is for Discover administrators. <a href="/discover/">Go to the public site</a></p></main></body></html>`;
}

function buildingPage(building: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Discover is starting</title>
<style>body{font:16px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1d1d1f}</style></head>
<body><main><h1>Discover is starting</h1><p>${building ? 'The site is being built. This page reloads by itself.' : 'No site build is available yet.'}</p></main></body></html>`;
}
