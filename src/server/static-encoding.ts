import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isPrecompressible } from '../domain/precompressed.ts';

/** The encoding a request prefers among those the build keeps (`br`, then `gzip`), or null. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Hashed assets never change under their name: cached for a year; pages and other files revalidate. */
export const cacheControlOf = (path: string): string =>
  path.includes('/_astro/') || path.includes('/pagefind/fragment/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/**
 * A file of the static site answered from its build-time brotli or gzip sibling
 * (src/site/precompress.ts), when the request accepts that encoding and the sibling is at least as
 * new as the file (the publisher may rewrite a page: a stale sibling is never sent); null otherwise,
 * and the caller serves the file as it is (the compress middleware encodes what is worth it).
 *
 * `sitePath` is the request path below the site's base (`space/x/`, `_astro/a.js`, `` for the home page).
 */
export function precompressedResponse(siteDir: string, sitePath: string, acceptEncoding: string | undefined, head: boolean): Response | null {
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding) return null;
  const rel = sitePath.replace(/^\/+/, '');
  if (rel.includes('..') || rel.includes('\\')) return null;
  const relFile = rel === '' || rel.endsWith('/') ? `${rel}index.html` : /\.[a-z0-9]+$/i.test(rel) ? rel : `${rel}/index.html`;
  if (!isPrecompressible(relFile)) return null;
  const file = join(siteDir, relFile);
  const siblingPath = `${file}${encoding === 'br' ? '.br' : '.gz'}`;
  let size: number;
  let modified: Date;
  try {
    const original = statSync(file);
    const sibling = statSync(siblingPath);
    if (!original.isFile() || !sibling.isFile() || sibling.mtimeMs < original.mtimeMs) return null;
    size = sibling.size;
    modified = original.mtime;
  } catch {
    return null;
  }
  let body: Uint8Array<ArrayBuffer> | null = null;
  if (!head) {
    try {
      body = new Uint8Array(readFileSync(siblingPath));
    } catch {
      return null; // swapped away between the stat and the read
    }
  }
  const ext = relFile.slice(relFile.lastIndexOf('.') + 1).toLowerCase();
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'Content-Encoding': encoding,
      'Content-Length': String(size),
      Vary: 'Accept-Encoding',
      'Cache-Control': cacheControlOf(`/${relFile}`),
      'Last-Modified': modified.toUTCString(),
    },
  });
}
