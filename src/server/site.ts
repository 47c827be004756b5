import { existsSync, mkdirSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { SessionResolver } from './context.ts';
import { matchPage, pageType, sitePath, type PageMatch } from '../domain/page-types.ts';
import { SITE_BASE, slugify } from '../domain/urls.ts';
import { englishFileOf, keptFileOf } from '../domain/kept-pages.ts';
import { TECHNICIAN_FLAG } from '../domain/capture-delivery.ts';
import type { FallbackRenderInput } from './fallback-renderer.ts';
import { answerResponse, StaticFiles, type StaticRequest } from './static-encoding.ts';
import { staticFileSecurityHeaders, type SecurityHeaderOptions } from './security-headers.ts';
import type { SearchPageAnswers } from './search-page-answer.ts';

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
   * Renders a page the served build does not have yet (a `render` fallback of the page registry: a
   * collection, profile or account created a moment ago) as the visitor who asks sees it, with the
   * kept prerender bundle (src/server/fallback-renderer.ts); null when there is no such page for
   * them. Without it such pages answer 404 until the next publish.
   */
  renderFallback?: (input: FallbackRenderInput) => Promise<string | null>;
  /** The build's file server ({@link createSiteFiles}); main.ts makes it to put its listener in front of Hono too. */
  files?: StaticFiles;
  /** The search page with its first answer for a plain query (src/server/search-page-answer.ts); without it the page is the static file. */
  searchPages?: SearchPageAnswers;
}

/** Where the site build puts the admin console shell (src/pages/admin-console.astro). */
export const ADMIN_SHELL_DIR = 'admin-console';

const BASE = SITE_BASE;

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
    // Technicians get the console too: it shows them only their jobs (/admin/jobs).
    if (!user.isPrivileged && !user.flags.includes(TECHNICIAN_FLAG)) return c.html(accessDeniedPage(), 403, noindex);
    return fileAt(c, `${ADMIN_SHELL_DIR}/index.html`, 200, noindex) ?? c.html(buildingPage(opts.isBuilding()), 503, { ...noindex, 'Retry-After': '5' });
  });
  // The shell's built copy under /discover is not a page of the site: it is only served as /admin.
  app.on(['GET', 'HEAD'], [`${BASE}/${ADMIN_SHELL_DIR}`, `${BASE}/${ADMIN_SHELL_DIR}/*`], (c) => c.redirect('/admin', 302));

  /** Kept pages being rendered, by file: a second visitor waits for the first render. */
  const keeping = new Map<string, Promise<boolean>>();
  /** Renders a kept page (anonymously: its content is public) and writes it into the served build; false when there is no such page. */
  const keepPage = (match: PageMatch, file: string): Promise<boolean> => {
    const known = keeping.get(file);
    if (known) return known;
    const job = (async () => {
      const render = opts.renderFallback;
      if (!render) return false;
      const build = realpathSync(opts.currentDir);
      const html = await render({ match, cookie: '', current: true });
      // Written only into the build it was rendered for, while that build is still served: a swap
      // in between leaves the page to the next request.
      if (!html || realpathSync(opts.currentDir) !== build) return false;
      const target = join(build, file);
      mkdirSync(dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.tmp`;
      writeFileSync(tmp, html);
      renameSync(tmp, target);
      return true;
    })()
      .catch(() => false)
      .finally(() => keeping.delete(file));
    keeping.set(file, job);
    return job;
  };

  app.on(['GET', 'HEAD'], `${BASE}/*`, async (c, next) => {
    // A build's `.publish/` folder (page list, content snapshot) is the publisher's, not the site's.
    if (c.req.path.includes('/.')) return next();
    // The file as the build has it, with the headers made once per file (main.ts answers these before Hono).
    const url = c.req.url;
    const pathAndQuery = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    const rawPath = pathAndQuery.split('?')[0] ?? '';
    // The search page for a plain query, its first answer spliced in (main.ts answers these before Hono too).
    const withAnswer = opts.searchPages ? await opts.searchPages.answer(pathAndQuery, { ...staticRequestOf(c.req), cookie: c.req.header('cookie') }) : null;
    if (withAnswer) return answerResponse(withAnswer);
    const answer = files.answer(rawPath.slice(BASE.length + 1), staticRequestOf(c.req));
    if (answer) return answerResponse(answer);
    if (!existsSync(join(opts.currentDir, 'index.html'))) {
      return c.html(buildingPage(opts.isBuilding()), 503, { 'Retry-After': '5' });
    }
    // Not pre-built: the page registry (src/domain/page-types.ts) names the page type the path asks for.
    const pathname = new URL(c.req.url).pathname;
    const match = matchPage(pathname);
    const canonical = match ? await canonicalPath(opts, match) : null;
    if (canonical) return c.redirect(canonical, 301);
    // A page pre-rendered in English only (a space page) asked for in another locale: rendered now by
    // the build's own bundle as anyone sees it, kept in the served build, and answered as the static
    // file it now is (src/domain/kept-pages.ts; a publish that changes the page removes the copy).
    const keptFile = match ? keptFileOf(match) : null;
    const keepable = match && keptFile && existsSync(join(opts.currentDir, match.locale)) && existsSync(join(opts.currentDir, englishFileOf(match)));
    if (match && keptFile && keepable && opts.renderFallback) {
      const written = await keepPage(match, keptFile);
      const kept = written ? files.answer(rawPath.slice(BASE.length + 1), staticRequestOf(c.req)) : null;
      if (kept) return answerResponse(kept);
      // Not kept this time (a publish just replaced the build and its renderer is starting): the same
      // public page, answered uncached; a later request keeps it.
      const html = await opts.renderFallback({ match, cookie: '' });
      if (html) return c.html(html, 200, { 'Cache-Control': 'no-store' });
    }
    // A locale prefix on a page that exists in English only (the company's pages, capture): the
    // build has the section at the root but not under the locale, so go to the English page. The
    // Location is made of the path as requested (still percent-encoded); a path that decodes to a
    // control character (`%00`, `%0d%0a`) names no page: it gets the 404 below.
    const locale = localePrefixOf(pathname);
    if (locale && !CONTROL.test(c.req.path)) {
      const rest = pathname.slice(BASE.length + 1 + locale.length);
      const section = rest.split('/')[1] ?? '';
      // Not a page kept on request whose English page is not built yet (a collection created seconds
      // ago): with a renderer, it is rendered below like the English one.
      const englishOnly =
        !(keptFile && opts.renderFallback) &&
        section !== '' &&
        !section.startsWith('.') &&
        existsSync(join(opts.currentDir, locale)) &&
        !existsSync(join(opts.currentDir, locale, section)) &&
        existsSync(join(opts.currentDir, section)) &&
        statSync(join(opts.currentDir, section)).isDirectory();
      if (englishOnly) return c.redirect(`${BASE}${rest}${new URL(c.req.url).search}`, 301);
    }
    const fallback = match ? pageType(match.type).fallback : undefined;
    const shellHeaders = { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'no-store' };
    // One client-rendered shell for every id (a capture order's details).
    if (fallback?.kind === 'shell') {
      const shell = fileAt(c, fallback.file, 200, shellHeaders);
      if (shell) return shell;
    }
    // Content the API has but the served build does not yet: its page, rendered now by the build's own bundle.
    // Only in a locale the build has: `/discover/xx/…` is no page.
    const localeBuilt = !match?.locale || existsSync(join(opts.currentDir, match.locale));
    if (match && fallback?.kind === 'render' && opts.renderFallback && localeBuilt) {
      const html = await opts.renderFallback({ match, cookie: c.req.header('cookie') ?? '' });
      if (html) return c.html(html, 200, shellHeaders);
    }
    await next();
    return undefined;
  });

  app.on(['GET', 'HEAD'], `${BASE}/*`, (c) => {
    // A localized path (`/discover/de/…`) gets that locale's not-found page when the build has one.
    const prefix = localePrefixOf(c.req.path);
    return (prefix ? fileAt(c, `${prefix}/404/index.html`, 404) : null) ?? fileAt(c, '404.html', 404) ?? c.html('<h1>Page unavailable</h1>', 404);
  });
  return app;
}

/** The locale prefix a site path starts with (`/discover/de/…` → `de`), when it has the shape of one. */
function localePrefixOf(path: string): string | undefined {
  const first = path.startsWith(`${BASE}/`) ? path.slice(BASE.length + 1).split('/')[0] : undefined;
  return first && /^[a-z]{2}(?:-[a-z]{2})?$/.test(first) ? first : undefined;
}

/**
 * The canonical path of a page addressed by another key, or null: a space by its id or an old
 * slug (its page is its modelId's), a collection by its id (its sid's), an organization by its sid
 * (its id's), a tag by its name (its slug's, when the build has that page).
 */
async function canonicalPath(opts: SiteOptions, match: PageMatch): Promise<string | null> {
  const { type, params, locale } = match;
  if (type === 'space' || type === 'relatedCollections') {
    const key = params['modelId'] ?? '';
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
    return row && row.modelId !== key ? sitePath(type, { modelId: row.modelId }, locale) : null;
  }
  if (type === 'tag') {
    // Tag pages are built under the tag's slug; /tag/Luxury Homes finds /tag/luxury-homes (the English
    // page: the other locales' are rendered on request).
    const slug = slugify(params['tag'] ?? '');
    const built = slug && slug !== params['tag'] && existsSync(join(opts.currentDir, 'tag', slug, 'index.html'));
    return built ? sitePath('tag', { tag: slug }, locale) : null;
  }
  if (type === 'collection') {
    const key = params['sid'] ?? '';
    const row = await opts.db.selectFrom('collections').select('sid').where('id', '=', key).where('visibility', '<>', 'PRIVATE').executeTakeFirst();
    return row && row.sid !== key ? sitePath('collection', { sid: row.sid }, locale) : null;
  }
  if (type === 'account') {
    // An organization addressed by its sid (as by its id): the canonical page is the id's.
    const key = params['accountId'] ?? '';
    const row = await opts.db.selectFrom('accounts').select('id').where('sid', '=', key).where('isPersonal', '=', 0).executeTakeFirst();
    return row && row.id !== key ? sitePath('account', { accountId: row.id }, locale) : null;
  }
  return null;
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
