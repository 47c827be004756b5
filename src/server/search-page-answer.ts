import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { matchPage } from '../domain/page-types.ts';
import { SITE_BASE } from '../domain/urls.ts';
import { FIRST_ANSWER_ID, FIRST_DRAWN_CARDS, FIRST_PAGE_SIZE, firstSearchBody, slimFirstAnswer } from '../domain/first-search.ts';
import type { SpaceCard } from '../domain/space.ts';
import { pictureFolderOf, SPACE_IMAGE_WIDTHS } from '../domain/space-pictures.ts';
import { PAGE_BROTLI_QUALITY, PAGE_GZIP_LEVEL } from '../domain/precompressed.ts';
import { escapeHtml } from '../domain/html.ts';
import { hasSessionCookie } from './modules/auth/auth.ts';
import { preferredEncoding, writeAnswer, type StaticAnswer, type StaticFiles, type StaticRequest } from './static-encoding.ts';

/**
 * The empty JSON block the build leaves in the search page's head (FirstSearch.astro), with the
 * `sizes` of a card's picture in the grid (the build's CARD_SIZES, as an attribute's text).
 */
const SLOT = new RegExp(`<script type="application/json" id="${FIRST_ANSWER_ID}" data-sizes="([^"]*)"></script>`);

/** JSON as the text of a `<script type="application/json">`: no `<` can close the element or open a comment. */
export const scriptJson = (json: string): string => json.replaceAll('<', '\\u003c');

/**
 * The preload of the first card's picture, its AVIF sources as the card's `<picture>` lists them
 * (src/site/images.ts spaceSrcsets), or '' when the answer has no such picture. `sizes` is HTML text.
 */
export function firstPicturePreload(answer: unknown, sizes: string): string {
  const cover = (answer as { results?: { images?: { cover?: unknown } }[] } | null)?.results?.[0]?.images?.cover;
  const dir = typeof cover === 'string' ? pictureFolderOf(cover) : undefined;
  if (!dir) return '';
  const srcset = SPACE_IMAGE_WIDTHS.map((w) => `${dir}${w}.avif ${w}w`).join(', ');
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(srcset)}" imagesizes="${sizes}" fetchpriority="high">`;
}

/**
 * The search page with its first answer: the first picture's preload and the answer's first `cards`
 * cards (as {@link slimFirstAnswer} cuts them) in the block the build left empty in the head, or with
 * none the preload alone (the page then asks the answer itself, as from a static host; with some,
 * it asks the rest); null when the page has no such block (a build from before it) or the answer is not JSON.
 */
export function spliceFirstAnswer(html: string, json: string, cards = FIRST_PAGE_SIZE): string | null {
  const slot = SLOT.exec(html);
  if (!slot) return null;
  let answer: { results: SpaceCard[] };
  try {
    answer = JSON.parse(json) as { results: SpaceCard[] };
    if (!Array.isArray(answer?.results)) return null;
  } catch {
    return null;
  }
  const [element, sizes = ''] = slot;
  const block = cards > 0 ? `${element.slice(0, -'</script>'.length)}${scriptJson(JSON.stringify(slimFirstAnswer(answer, cards)))}</script>` : element;
  return html.slice(0, slot.index) + firstPicturePreload(answer, sizes) + block + html.slice(slot.index + element.length);
}

/**
 * What TCP sends before its first acknowledgement on a new connection: the initial congestion
 * window, 10 segments of 1,460 bytes (RFC 6928; Lighthouse's simulated mobile run uses the same). A
 * document larger than this, headers included, takes one more round trip before the browser has it
 * whole (150 ms on Lighthouse's slow 4G): more than the answer in it saves.
 */
export const FIRST_FLIGHT_BYTES = 14_600;

/** The bytes of a response's status line and headers on the wire (HTTP/1.1), with the few Node adds (Date, Connection, Keep-Alive). */
export function headerBytes(headers: Record<string, string>): number {
  const NODE_ADDS = 'HTTP/1.1 200 OK\r\nDate: Fri, 27 Nov 2026 02:17:12 GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n'.length;
  return Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, NODE_ADDS);
}

/** Most pages kept made ({@link SearchPageAnswers}); the cache starts over when full (about 16 kB each, brotli). */
const MAX_MADE = 200;

/** Options of {@link SearchPageAnswers}. */
export interface SearchPageAnswersOptions {
  /** The served build's files (the page as built, with its headers: the CSP of its inline scripts). */
  files: StaticFiles;
  /**
   * Runs a guest's search in process (the API's `POST /api/content/space/search/`, through its answer
   * cache) and gives its JSON text; null when it did not answer 200.
   */
  search: (body: string) => Promise<string | null>;
}

/**
 * The search page served by our own server with its first answer in the document (issue 25): for a
 * plain query (`q`, `sort`, `view`) the search runs in process before the page is sent and is
 * spliced into the built page ({@link spliceFirstAnswer}), so the first card's picture is asked
 * with the document instead of one round trip later. Any other address, a signed-in visitor, a
 * failed search or a build without the slot: null, and the static file is served as it is (which
 * asks the search from the browser, as from any static host).
 *
 * The answer depends on content, so it is never kept by shared caches and always revalidated
 * (`private, no-cache`): its ETag is the page's and the answer's, so an unchanged answer costs a
 * 304, and a changed one is never served stale. It is compressed at the levels the build
 * precompresses pages with (src/domain/precompressed.ts `PAGE_BROTLI_QUALITY`), once per answer. A page that
 * would no longer fit TCP's first flight ({@link FIRST_FLIGHT_BYTES}) with the whole answer in it
 * carries its first cards, or only the first picture's preload: the extra round trip would cost more
 * than the rest of the answer saves.
 */
export class SearchPageAnswers {
  private readonly opts: SearchPageAnswersOptions;
  /**
   * Pages made lately, by the built page's ETag, the encoding and the answer's text: the same
   * answer (the API's answer cache gives the same text for a second) is not spliced and compressed again.
   */
  private made = new Map<string, { etag: string; bytes: Buffer }>();

  constructor(opts: SearchPageAnswersOptions) {
    this.opts = opts;
  }

  /** The answer to a GET of a search page address (`/discover/search/?q=…`, `/discover/de/search/?q=…`), or null to serve the static file. */
  async answer(pathAndQuery: string, req: StaticRequest & { cookie?: string | undefined }): Promise<StaticAnswer | null> {
    if (req.method !== 'GET') return null;
    const mark = pathAndQuery.indexOf('?');
    if (mark < 0) return null;
    const path = pathAndQuery.slice(0, mark);
    if (!path.endsWith('/search/') || matchPage(path)?.type !== 'search') return null;
    const body = firstSearchBody(pathAndQuery.slice(mark + 1));
    // A signed-in visitor's search is theirs (an administrator sees view counts): their page asks it itself.
    if (!body || (req.cookie && hasSessionCookie(new Headers({ cookie: req.cookie })))) return null;
    const page = this.opts.files.answer(path.slice(SITE_BASE.length + 1), { method: 'GET' });
    if (!page?.body || page.status !== 200) return null;
    const json = await this.opts.search(body).catch(() => null);
    if (json === null) return null;
    const encoding = preferredEncoding(req.acceptEncoding);
    const headers: Record<string, string> = { ...page.headers, 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding, Cookie' };
    delete headers['Last-Modified'];
    delete headers['Content-Length'];
    // The ETag, Content-Encoding and Content-Length to come: under 80 bytes.
    const made = this.make(page.body, page.headers['ETag'] ?? '', json, encoding, FIRST_FLIGHT_BYTES - headerBytes(headers) - 80);
    if (!made) return null;
    headers['ETag'] = made.etag;
    if (req.ifNoneMatch !== undefined && req.ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === made.etag)) {
      delete headers['Content-Type'];
      return { status: 304, headers, body: null, file: null };
    }
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(made.bytes.length);
    return { status: 200, headers, body: made.bytes, file: null };
  }

  /**
   * The built page (`page`, its ETag `pageTag`) with this answer, in this encoding, and its ETag;
   * null when the page has no slot for it. A compressed page with the answer larger than `budget`
   * bytes (what is left of the first flight after the headers) carries the answer's first cards
   * ({@link FIRST_DRAWN_CARDS}: the places the grid holds) or, if still larger, the first picture's
   * preload alone: the picture is still asked with the document, the rest by the page at once.
   */
  private make(page: Buffer, pageTag: string, json: string, encoding: 'br' | 'gzip' | null, budget: number): { etag: string; bytes: Buffer } | null {
    const key = `${pageTag}\n${encoding ?? ''}\n${json}`;
    const hit = this.made.get(key);
    if (hit) return hit;
    const text = page.toString('utf8');
    const html = spliceFirstAnswer(text, json);
    if (html === null) return null;
    const tag = createHash('sha256').update(pageTag).update(json).digest('base64url').slice(0, 22);
    const etag = `"a${tag}${encoding ? `-${encoding === 'br' ? 'br' : 'gz'}` : ''}"`;
    const encode = (h: string) =>
      encoding === 'br'
        ? brotliCompressSync(h, { params: { [zlib.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } })
        : encoding === 'gzip'
          ? gzipSync(h, { level: PAGE_GZIP_LEVEL })
          : Buffer.from(h);
    let bytes = encode(html);
    for (const cards of [FIRST_DRAWN_CARDS, 0]) {
      if (!encoding || bytes.length <= budget) break;
      bytes = encode(spliceFirstAnswer(text, json, cards) ?? text);
    }
    if (this.made.size >= MAX_MADE) this.made = new Map();
    const made = { etag, bytes };
    this.made.set(key, made);
    return made;
  }

  /**
   * Wraps the server's request listener (in front of the static files' one): a search page with a
   * plain query is answered here; everything else, and any page this declines, goes to `next`.
   */
  listener(next: (req: IncomingMessage, res: ServerResponse) => unknown): (req: IncomingMessage, res: ServerResponse) => void {
    return (req, res) => {
      const url = req.url ?? '';
      if (req.method !== 'GET' || !url.startsWith(`${SITE_BASE}/`) || !url.includes('/search/?')) return void next(req, res);
      const h = req.headers;
      this.answer(url, { method: 'GET', acceptEncoding: h['accept-encoding'], ifNoneMatch: h['if-none-match'], cookie: h.cookie }).then(
        (answer) => (answer ? writeAnswer(res, answer) : void next(req, res)),
        () => void next(req, res),
      );
    };
  }
}
