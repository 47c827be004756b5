import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { getMimeType } from 'hono/utils/mime';
import { isPrecompressible, MIN_PRECOMPRESS_BYTES } from '../domain/precompressed.ts';

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

/** Hashed assets never change under their name: cached for a year; pages and other files revalidate (they carry ETag and Last-Modified). */
export const cacheControlOf = (path: string): string =>
  path.includes('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';

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

/** The Content-Type of a file of the site, by its extension. */
export function contentTypeOf(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? getMimeType(file) ?? 'application/octet-stream';
}

/** Files up to this size are read to hash them (ETag) and kept in memory once asked for; larger ones are streamed with a stat-based ETag. */
const MAX_READ_BYTES = 4 * 1024 * 1024;
/** Most bytes of file bodies kept in memory; the cache starts over when they would pass it. */
const MAX_CACHED_BYTES = 96 * 1024 * 1024;
/** Most files whose headers are kept; the cache starts over when full. */
const MAX_ENTRIES = 50_000;
/** HTML larger than this is not scanned for inline scripts (no page of ours comes close). */
const MAX_SCANNED_BYTES = 8 * 1024 * 1024;

type Encoding = 'br' | 'gzip';

/** One representation of a file: as it is, or its brotli or gzip sibling. */
interface Variant {
  /** Where it is read from, through the served build's link. */
  file: string;
  size: number;
  etag: string;
  /** Every header of a 200 answer (validators, caching, type, length, encoding, security headers). */
  headers: Record<string, string>;
  /** The headers of a 304 answer. */
  notModified: Record<string, string>;
  /** Its bytes once a request asked for them (small files only). */
  body: Buffer | null;
}

/** A file of the served build and what answers it, made once per version of the file. */
interface Entry {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  /** Whole seconds, as Last-Modified and If-Modified-Since compare. */
  modifiedSeconds: number;
  identity: Variant;
  br: Variant | null;
  gzip: Variant | null;
  /**
   * When to look again for siblings this file lacks (performance.now() ms); null when it has both or
   * needs none. The publisher writes a fresh build's siblings after swapping it in.
   */
  recheckAt: number | null;
}

/** How often a file served without its sibling looks for it again. */
const SIBLING_RECHECK_MS = 1000;

/** What a request for a static file is answered with. */
export interface StaticAnswer {
  status: number;
  headers: Record<string, string>;
  /** The bytes; null for HEAD and 304, or when they are streamed from `file`. */
  body: Buffer | null;
  /** The file to stream when the bytes are not held in memory (large files); null otherwise. */
  file: string | null;
}

/** The request headers a static answer depends on. */
export interface StaticRequest {
  method: string;
  acceptEncoding?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

/** Options of {@link StaticFiles}. */
export interface StaticFilesOptions {
  /** The served build: a folder, or the link the publisher swaps. */
  root: string;
  /** The URL path the build is served under, without a trailing slash (`/discover`). */
  base: string;
  /** Files of the build that are not served as they are (the admin console's shell), by their path in the build. */
  hidden?: (rel: string) => boolean;
  /**
   * Headers every answer of a file carries beyond its own (the security headers with the CSP
   * hashes of a page's inline scripts), from the file's URL path, type and, for a page, its text.
   * Called once per version of a file.
   */
  extraHeaders?: (path: string, contentType: string, html: string | null) => Record<string, string>;
}

/**
 * The file of a build a site path names, relative to the build (`` → `index.html`, `space/x/` →
 * `space/x/index.html`, `_astro/a.js`), as candidates in order (`space/x` may be a file or a
 * folder); null when the path is not a plain path of the build: not valid percent-encoding, a NUL,
 * a backslash, an empty, `.` or `..` segment, or a hidden (dot) file like the publisher's `.publish/`.
 */
export function buildFilesOf(sitePath: string): string[] | null {
  let rel: string;
  try {
    rel = sitePath.includes('%') ? decodeURIComponent(sitePath) : sitePath;
  } catch {
    return null;
  }
  rel = rel.replace(/^\/+/, '');
  if (rel.includes('\0') || rel.includes('\\')) return null;
  const segments = rel.split('/');
  // A trailing slash leaves one empty segment at the end; any other empty segment is `//`.
  if (segments.some((s, i) => s.startsWith('.') || (s === '' && i !== segments.length - 1))) return null;
  if (rel === '' || rel.endsWith('/')) return [`${rel}index.html`];
  return [rel, `${rel}/index.html`];
}

/** Accept-Encoding values seen so far and what they accept (browsers send a handful of distinct ones). */
const acceptCache = new Map<string, { br: boolean; gzip: boolean }>();

/** Which of the build's encodings an Accept-Encoding value accepts. */
function acceptedEncodings(acceptEncoding: string): { br: boolean; gzip: boolean } {
  let hit = acceptCache.get(acceptEncoding);
  if (!hit) {
    const first = preferredEncoding(acceptEncoding);
    hit = { br: first === 'br', gzip: first === 'gzip' || (first === 'br' && preferredEncoding(`${acceptEncoding},br;q=0`) === 'gzip') };
    if (acceptCache.size >= 1000) acceptCache.clear();
    acceptCache.set(acceptEncoding, hit);
  }
  return hit;
}

/** Whether an If-None-Match list names this ETag (weak comparison, as RFC 9110 asks for it). */
function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/**
 * The static site's file server: every file of the served build answered with headers made once
 * per version of the file (content type, ETag, Last-Modified, Cache-Control, Vary, the security
 * headers with the page's CSP hashes), its build-time brotli or gzip sibling by Accept-Encoding
 * (src/site/precompress.ts; a sibling older than its file is never sent), 304 on If-None-Match or
 * If-Modified-Since, HEAD without a body. Bodies are read once and kept in memory (small files) or
 * streamed; nothing is hashed, spliced or compressed per request.
 *
 * A file's entry is checked against one stat per request (device, inode, size, time): a build is
 * swapped in through a link and unchanged files are hard links between builds, so a publish keeps
 * the entries of the pages it did not change and a changed page gets a new one.
 *
 * Two ways in, one answer: {@link answer} for the site's Hono routes, and {@link listener} in
 * front of @hono/node-server's request listener, which writes a file straight to the socket
 * without building a Request or entering Hono (what a static server does).
 */
export class StaticFiles {
  private readonly opts: StaticFilesOptions;
  private readonly prefix: string;
  private entries = new Map<string, Entry>();
  private cachedBytes = 0;

  constructor(opts: StaticFilesOptions) {
    this.opts = opts;
    this.prefix = `${opts.base}/`;
  }

  /** The entry of a file of the build (made or checked now); null when the build has no such file. */
  private entry(rel: string): Entry | null {
    const file = join(this.opts.root, rel);
    let st: Stats | undefined;
    try {
      st = statSync(file, { throwIfNoEntry: false });
    } catch {
      return null; // ENOTDIR: a file's path used as a folder
    }
    if (!st?.isFile()) return null;
    const hit = this.entries.get(rel);
    if (hit && hit.ino === st.ino && hit.dev === st.dev && hit.size === st.size && hit.mtimeMs === st.mtimeMs) {
      if (hit.recheckAt === null || performance.now() < hit.recheckAt || this.stillWithoutSiblings(file, hit)) return hit;
    }
    const made = this.make(rel, file, st);
    if (!made) return null;
    if (this.entries.size >= MAX_ENTRIES) this.startOver();
    this.entries.set(rel, made);
    return made;
  }

  /** Whether the siblings the entry lacks are still missing (it looks again later); false once one is there, fresh. */
  private stillWithoutSiblings(file: string, hit: Entry): boolean {
    const fresh = (ext: string) => {
      const s = statSync(`${file}${ext}`, { throwIfNoEntry: false });
      return s?.isFile() === true && s.mtimeMs >= hit.mtimeMs;
    };
    if ((!hit.br && fresh('.br')) || (!hit.gzip && fresh('.gz'))) return false;
    hit.recheckAt = performance.now() + SIBLING_RECHECK_MS;
    return true;
  }

  private startOver(): void {
    this.entries = new Map();
    this.cachedBytes = 0;
  }

  /** Reads a file once (hash, inline scripts) and makes the headers of each of its representations. */
  private make(rel: string, file: string, st: Stats): Entry | null {
    const type = contentTypeOf(rel);
    let bytes: Buffer | null = null;
    if (st.size <= MAX_READ_BYTES) {
      try {
        bytes = readFileSync(file);
      } catch {
        return null; // swapped away between the stat and the read
      }
      if (bytes.length !== st.size) return null;
    }
    const tag = bytes
      ? createHash('sha256').update(bytes).digest('base64url').slice(0, 22)
      : `${st.ino.toString(36)}-${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}`;
    const path = `${this.prefix}${rel.replace(/(^|\/)index\.html$/, '$1')}`;
    const html = bytes && type.startsWith('text/html') && bytes.length <= MAX_SCANNED_BYTES ? bytes.toString('utf8') : null;
    const common: Record<string, string> = {
      ...(this.opts.extraHeaders?.(path, type, html) ?? {}),
      'Content-Type': type,
      'Cache-Control': cacheControlOf(path),
      'Last-Modified': st.mtime.toUTCString(),
      // Caches must key the answer by Accept-Encoding: the same URL is sent as brotli, gzip or as it is.
      Vary: 'Accept-Encoding',
    };
    const variant = (variantFile: string, size: number, encoding: Encoding | null): Variant => {
      const etag = `"${tag}${encoding ? `-${encoding === 'br' ? 'br' : 'gz'}` : ''}"`;
      const headers: Record<string, string> = { ...common, ETag: etag, 'Content-Length': String(size) };
      if (encoding) headers['Content-Encoding'] = encoding;
      const notModified: Record<string, string> = { ...common, ETag: etag };
      delete notModified['Content-Type'];
      return { file: variantFile, size, etag, headers, notModified, body: null };
    };
    const sibling = (encoding: Encoding): Variant | null => {
      if (!isPrecompressible(rel)) return null;
      const siblingFile = `${file}${encoding === 'br' ? '.br' : '.gz'}`;
      try {
        const s = statSync(siblingFile, { throwIfNoEntry: false });
        // A page rewritten without its siblings is never answered with the stale ones.
        return s?.isFile() && s.mtimeMs >= st.mtimeMs ? variant(siblingFile, s.size, encoding) : null;
      } catch {
        return null;
      }
    };
    const identity = variant(file, st.size, null);
    const br = sibling('br');
    const gzip = sibling('gzip');
    // Kept when it is what browsers get; a precompressed file's plain bytes are read again only if asked for.
    if (bytes && !br && !gzip) this.keep(identity, bytes);
    const lacking = isPrecompressible(rel) && st.size >= MIN_PRECOMPRESS_BYTES && (!br || !gzip);
    const recheckAt = lacking ? performance.now() + SIBLING_RECHECK_MS : null;
    return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, modifiedSeconds: Math.floor(st.mtimeMs / 1000), identity, br, gzip, recheckAt };
  }

  /** Keeps a representation's bytes in memory, within the budget. */
  private keep(v: Variant, bytes: Buffer): void {
    if (this.cachedBytes + bytes.length > MAX_CACHED_BYTES) {
      for (const e of this.entries.values()) for (const x of [e.identity, e.br, e.gzip]) if (x) x.body = null;
      this.cachedBytes = 0;
    }
    v.body = bytes;
    this.cachedBytes += bytes.length;
  }

  /** A representation's bytes: held in memory, read once now, or null to stream it (large, or gone). */
  private bodyOf(v: Variant): Buffer | null {
    if (v.body || v.size > MAX_READ_BYTES) return v.body;
    try {
      const bytes = readFileSync(v.file);
      if (bytes.length !== v.size) return null;
      this.keep(v, bytes);
      return bytes;
    } catch {
      return null;
    }
  }

  /**
   * The answer to a GET or HEAD of a site path below the base (`space/x/`, `_astro/a.js`, `` for
   * the home page), or null when the build has no file there (the site's routes decide: redirects,
   * shells, 404).
   */
  answer(sitePath: string, req: StaticRequest): StaticAnswer | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const candidates = buildFilesOf(sitePath);
    if (!candidates) return null;
    for (const rel of candidates) {
      if (this.opts.hidden?.(rel)) return null;
      const e = this.entry(rel);
      if (e) return this.respond(e, req);
    }
    return null;
  }

  /**
   * The answer of one file of the build whatever the path asked (the not-found page, the
   * client-rendered shells), with another status and extra headers: no validators then, since the
   * answer is not the file's own representation; null when the build has no such file.
   */
  fileAnswer(rel: string, req: StaticRequest, status: number, headers: Record<string, string> = {}): StaticAnswer | null {
    const e = this.entry(rel);
    if (!e) return null;
    const v = this.variantFor(e, req.acceptEncoding);
    const h: Record<string, string> = { ...v.headers, ...headers };
    delete h['ETag'];
    delete h['Last-Modified'];
    if (!('Cache-Control' in headers)) delete h['Cache-Control'];
    const body = req.method === 'HEAD' ? null : this.bodyOf(v);
    return { status, headers: h, body, file: body || req.method === 'HEAD' ? null : v.file };
  }

  private variantFor(e: Entry, acceptEncoding: string | undefined): Variant {
    if ((!e.br && !e.gzip) || !acceptEncoding) return e.identity;
    const accepts = acceptedEncodings(acceptEncoding);
    return (accepts.br ? e.br : null) ?? (accepts.gzip ? e.gzip : null) ?? e.identity;
  }

  private respond(e: Entry, req: StaticRequest): StaticAnswer {
    const v = this.variantFor(e, req.acceptEncoding);
    const fresh =
      req.ifNoneMatch !== undefined
        ? matchesEtag(req.ifNoneMatch, v.etag)
        : req.ifModifiedSince !== undefined && e.modifiedSeconds * 1000 <= Date.parse(req.ifModifiedSince);
    if (fresh) return { status: 304, headers: v.notModified, body: null, file: null };
    if (req.method === 'HEAD') return { status: 200, headers: v.headers, body: null, file: null };
    const body = this.bodyOf(v);
    return { status: 200, headers: v.headers, body, file: body ? null : v.file };
  }

  /**
   * Wraps @hono/node-server's request listener: a GET or HEAD of a file of the build is written
   * straight to the socket; every other request goes to `next` unchanged.
   */
  listener(next: (req: IncomingMessage, res: ServerResponse) => unknown): (req: IncomingMessage, res: ServerResponse) => void {
    return (req, res) => {
      const url = req.url ?? '';
      const method = req.method ?? '';
      if ((method === 'GET' || method === 'HEAD') && url.startsWith(this.prefix)) {
        const q = url.indexOf('?');
        const h = req.headers;
        const answer = this.answer(url.slice(this.prefix.length, q < 0 ? undefined : q), {
          method,
          acceptEncoding: h['accept-encoding'],
          ifNoneMatch: h['if-none-match'],
          ifModifiedSince: h['if-modified-since'],
        });
        if (answer) return writeAnswer(res, answer);
      }
      void next(req, res);
    };
  }
}

/** Writes a static answer to a Node response. */
export function writeAnswer(res: ServerResponse, a: StaticAnswer): void {
  res.writeHead(a.status, a.headers);
  if (a.body) res.end(a.body);
  else if (a.file) {
    createReadStream(a.file)
      .once('error', () => res.destroy())
      .pipe(res);
  } else res.end();
}

/** A static answer as a fetch Response (the site's Hono routes). */
export function answerResponse(a: StaticAnswer): Response {
  const body = a.body
    ? new Uint8Array(a.body.buffer, a.body.byteOffset, a.body.byteLength)
    : a.file
      ? (Readable.toWeb(createReadStream(a.file)) as ReadableStream<Uint8Array>)
      : null;
  return new Response(body as BodyInit | null, { status: a.status, headers: a.headers });
}
