import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { matchPage } from '../domain/page-types.ts';
import { SITE_BASE } from '../domain/urls.ts';

/** What the policies are built from (the parsed environment has both). */
export interface SecurityHeaderOptions {
  /** The site's public origin: HSTS when it is https; API calls, images and scripts may come from it. */
  publicOrigin: string;
  /** The 3D tour iframe's URL template: its origin may be framed by the site's pages. */
  showcaseUrlTemplate: string;
  /**
   * Where browsers load media from when not this server (MEDIA_PUBLIC_URL: a CDN or the S3 bucket):
   * its origin may serve pictures, and be fetched (the tour player reads the models and plans).
   */
  mediaPublicUrl?: string | undefined;
}

/** The embeddable player: the one route other sites may frame. */
const EMBEDDABLE = new RegExp(`^${SITE_BASE}/showcase(?:/|$)`);
/**
 * A space page in any locale (`/discover/space/{modelId}/`, `/discover/de/space/{modelId}/`, the
 * page registry's `space`). Old embed codes frame it, so its HTML may be framed, only for it to show
 * its notice and send the top window to the page (spec 2): framed, it hides every action before it
 * paints (the page's head script).
 */
export const isFramedSpacePage = (path: string): boolean => matchPage(path)?.type === 'space';
/** Directives every Content-Security-Policy must carry, whoever wrote it. */
const REQUIRED = { 'object-src': "'none'", 'base-uri': "'none'" } as const;
/** Inline scripts hashed so far (the same few scripts repeat on every page), by their text. */
const hashCache = new Map<string, string>();
const MAX_CACHED = 5000;
/** The hashes of static pages already scanned, by path, modification time, size and encoding: each file is read once. */
const pageCache = new Map<string, string[]>();
/** HTML larger than this is not scanned for inline scripts (no page of ours comes close). */
const MAX_SCANNED_BYTES = 8 * 1024 * 1024;

const originOf = (url: string): string | null => {
  try {
    const u = new URL(url.replaceAll('{modelId}', 'x'));
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null; // a site path: 'self'
  }
};

/** The CSP hash source of one inline script, as browsers compute it (SHA-256 of its UTF-8 text). */
export function scriptHash(text: string): string {
  let hash = hashCache.get(text);
  if (!hash) {
    hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    if (hashCache.size >= MAX_CACHED) hashCache.clear();
    hashCache.set(text, hash);
  }
  return hash;
}

/**
 * A data block (`<script type="application/json">`, `application/ld+json`): browsers never run it,
 * so the policy need not name it (55 bytes of header each: the search page's first answer, the
 * space page's structured data).
 */
const DATA_BLOCK = /\stype\s*=\s*["']?application\/(?:ld\+)?json["'\s]?/;

/**
 * The hash sources of every inline script of an HTML document (scripts with `src` are covered by
 * 'self'; data blocks are never run). A plain scan, not a parser: our pages are Astro's and our own
 * output, whose script bodies never contain `</script`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const lower = html.toLowerCase();
  let at = 0;
  for (;;) {
    const open = lower.indexOf('<script', at);
    if (open < 0) break;
    const tagEnd = lower.indexOf('>', open);
    if (tagEnd < 0) break;
    const close = lower.indexOf('</script', tagEnd);
    if (close < 0) break;
    const attrs = lower.slice(open + 7, tagEnd);
    if (!/\ssrc\s*=/.test(attrs) && !DATA_BLOCK.test(attrs)) {
      const body = html.slice(tagEnd + 1, close);
      if (body.length > 0) hashes.add(scriptHash(body));
    }
    at = close + 8;
  }
  return [...hashes];
}

/** The policy of the site's pages: scripts only from this origin or hashed inline ones, no plugins, no `<base>`. */
export function pagePolicy(o: SecurityHeaderOptions, scriptHashes: string[], frameable: boolean): string {
  const self = ["'self'", originOf(o.publicOrigin)].filter((s): s is string => Boolean(s)).filter((s, i, all) => all.indexOf(s) === i);
  const frames = [...self, originOf(o.showcaseUrlTemplate)].filter((s): s is string => Boolean(s)).filter((s, i, all) => all.indexOf(s) === i);
  const mediaOrigin = o.mediaPublicUrl ? originOf(o.mediaPublicUrl) : null;
  const media = mediaOrigin && !self.includes(mediaOrigin) ? [mediaOrigin] : [];
  return [
    `default-src 'self'`,
    // The tour player's meshopt decoder (three's MeshoptDecoder) compiles WebAssembly: 'wasm-unsafe-eval' allows that and nothing else.
    `script-src ${[...self, "'wasm-unsafe-eval'", ...scriptHashes].join(' ')}`,
    // Styles: Astro inlines the stylesheet and islands set style attributes; CSS cannot run script.
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${[...self, ...media, 'data:', 'blob:'].join(' ')}`,
    `font-src 'self' data:`,
    `connect-src ${[...self, ...media].join(' ')}`,
    `frame-src ${frames.join(' ')}`,
    `worker-src 'self' blob:`,
    `manifest-src 'self'`,
    `media-src ${["'self'", ...media].join(' ')}`,
    `form-action 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors ${frameable ? '*' : "'none'"}`,
  ].join('; ');
}

/** The policy of everything that is neither a page nor a script (JSON, images, CSS): nothing may load or run, nobody may frame it. */
export const RESOURCE_POLICY = "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** A route's own policy (the sign-in pages, the API reference) with the directives every policy must have. */
function completePolicy(policy: string, frameable: boolean): string {
  const names = new Set(policy.split(';').map((d) => d.trim().split(/\s+/)[0]?.toLowerCase()));
  const add: string[] = [];
  for (const [name, value] of Object.entries(REQUIRED)) if (!names.has(name)) add.push(`${name} ${value}`);
  if (!names.has('frame-ancestors')) add.push(`frame-ancestors ${frameable ? '*' : "'none'"}`);
  return add.length ? `${policy.replace(/;\s*$/, '')}; ${add.join('; ')}` : policy;
}

/** The text of an HTML answer, decompressed when it was served precompressed; null when it cannot be read. */
async function htmlOf(res: Response): Promise<string | null> {
  const length = Number(res.headers.get('content-length') ?? 0);
  if (!res.body || length > MAX_SCANNED_BYTES) return null;
  const bytes = Buffer.from(await res.clone().arrayBuffer());
  const encoding = (res.headers.get('content-encoding') ?? '').trim().toLowerCase();
  try {
    const plain =
      encoding === 'br'
        ? brotliDecompressSync(bytes)
        : encoding === 'gzip'
          ? gunzipSync(bytes)
          : encoding === 'deflate'
            ? inflateSync(bytes)
            : encoding
              ? null
              : bytes;
    return plain ? plain.toString('utf8') : null;
  } catch {
    return null;
  }
}

/**
 * The inline-script hashes of an HTML answer. A static file (it has Last-Modified) is scanned once
 * per version: the key is its path, time, size and encoding, so a rebuilt page is scanned again.
 */
async function pageHashes(path: string, method: string, res: Response): Promise<string[]> {
  if (method === 'HEAD') return [];
  const modified = res.headers.get('last-modified');
  const key = modified ? `${path}|${modified}|${res.headers.get('content-length') ?? ''}|${res.headers.get('content-encoding') ?? ''}` : null;
  const cached = key ? pageCache.get(key) : undefined;
  if (cached) return cached;
  const html = await htmlOf(res);
  const hashes = html ? inlineScriptHashes(html) : [];
  if (key && html) {
    if (pageCache.size >= MAX_CACHED) pageCache.clear();
    pageCache.set(key, hashes);
  }
  return hashes;
}

/**
 * The security headers of one answer (see {@link securityHeaders}): `own` is the policy the route
 * set itself, `scriptHashes` the inline-script hashes of an HTML answer.
 */
function headersOf(o: SecurityHeaderOptions, path: string, type: string, own: string | null, scriptHashes: string[], ok = true): Record<string, string> {
  // A space page's own HTML only: not its not-found answer, nor anything else under its path.
  const frameable = EMBEDDABLE.test(path) || (ok && !own && /^text\/html/i.test(type) && isFramedSpacePage(path));
  let policy: string;
  if (own) policy = completePolicy(own, frameable);
  else if (/^text\/html/i.test(type)) policy = pagePolicy(o, scriptHashes, frameable);
  // A script may run as a worker (MapLibre's), which lives under its own response's policy: the pages' one.
  else if (/javascript/i.test(type)) policy = pagePolicy(o, [], false);
  else policy = RESOURCE_POLICY;
  const headers: Record<string, string> = {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  if (!frameable) headers['X-Frame-Options'] = 'DENY';
  if (o.publicOrigin.startsWith('https://')) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/**
 * The security headers of a static file of the site, from its own bytes (`html`: the page's text,
 * null for other files), the same the middleware gives it. Computed once per version of a file by
 * the static file server (src/server/static-encoding.ts), which sends them with every answer.
 */
export function staticFileSecurityHeaders(o: SecurityHeaderOptions, path: string, contentType: string, html: string | null): Record<string, string> {
  return headersOf(o, path, contentType, null, html === null ? [] : inlineScriptHashes(html));
}

/**
 * The security headers of every answer, from one middleware on the root app (site, API, auth,
 * media): a Content-Security-Policy (pages: scripts from this origin plus the SHA-256 of each of
 * the page's inline scripts, computed from the served HTML; no 'unsafe-inline' for scripts;
 * `object-src 'none'`, `base-uri 'none'`, `frame-ancestors 'none'` except the embeddable player and
 * a space page's HTML, {@link isFramedSpacePage}),
 * X-Frame-Options for older browsers, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: strict-origin-when-cross-origin` (a route may set a stricter one),
 * `Cross-Origin-Opener-Policy: same-origin`, and Strict-Transport-Security when the public origin
 * is https. The static site's files come with theirs, computed once per file
 * ({@link staticFileSecurityHeaders}); an answer that has them all is left as it is.
 */
export function securityHeaders(o: SecurityHeaderOptions): MiddlewareHandler {
  // Answers that are neither HTML nor carry a policy of their own (the API's JSON, pictures, scripts)
  // get one of a few fixed sets, made once: whether the path is the embeddable player, whether a script.
  const fixed = new Map<string, [string, string][]>();
  const fixedSet = (path: string, type: string) => {
    const key = `${EMBEDDABLE.test(path)} ${/javascript/i.test(type)}`;
    let set = fixed.get(key);
    if (!set) fixed.set(key, (set = Object.entries(headersOf(o, path, type, null, []))));
    return set;
  };
  return async (c, next) => {
    await next();
    const res = c.res;
    const own = res.headers.get('content-security-policy');
    // Made once per file with the rest of its headers (the static site): nothing to add per request.
    if (own && res.headers.has('x-content-type-options')) return;
    const type = res.headers.get('content-type') ?? '';
    const html = !own && /^text\/html/i.test(type);
    const headers =
      own || html
        ? Object.entries(headersOf(o, c.req.path, type, own, html ? await pageHashes(c.req.path, c.req.method, res) : [], res.status === 200))
        : fixedSet(c.req.path, type);
    // A route may set a stricter referrer policy (the sign-in pages).
    const set = res.headers.has('referrer-policy') ? headers.filter(([k]) => k !== 'Referrer-Policy') : headers;
    try {
      for (const [k, v] of set) res.headers.set(k, v);
    } catch {
      // Immutable headers (Response.redirect, a fetched answer): answer a copy.
      const copy = new Response(res.body, res);
      for (const [k, v] of set) copy.headers.set(k, v);
      c.res = copy;
    }
  };
}
