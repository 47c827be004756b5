import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Database } from './db/schema.ts';
import { FIRST_ANSWER_ID, FIRST_DRAWN_CARDS } from '../domain/first-search.ts';
import { createSiteApp, createSiteFiles } from './site.ts';
import { FIRST_FLIGHT_BYTES, SearchPageAnswers } from './search-page-answer.ts';
import { inlineScriptHashes } from './security-headers.ts';

/**
 * The search page served with its first answer (issue 25): for a plain query our server runs the
 * search and splices its answer and the first picture's preload into the built page; any other
 * address gets the built page as it is.
 */

const SIZES = '(max-width: 599px) 100vw, 320px';
const SLOT = `<script type="application/json" id="${FIRST_ANSWER_ID}" data-sizes="${SIZES}"></script>`;
const page = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head>${SLOT}<script>(()=>{window.__firstSearch={};})();</script><link rel="stylesheet" href="/discover/_astro/a.css"></head>` +
  `<body><h1>Search</h1>${'<p>Results</p>'.repeat(50)}<script>document.body.dataset.ok='1';</script></body></html>`;

const card = (name: string, cover = '/media/spaces/a1/800.webp') => ({ modelId: 'm1', name, images: { cover, width: 1200, height: 800 } });
let answer: unknown = { results: [card('Sunny Loft')], totalResults: 1 };
let asked: string[] = [];

let dir: string;
let site: ReturnType<typeof createSiteApp>;
let server: Server;
let origin: string;
const security = { publicOrigin: 'http://127.0.0.1', showcaseUrlTemplate: 'https://tours.example.com/show/?m={modelId}' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'discover-search-page-'));
  mkdirSync(join(dir, 'search'), { recursive: true });
  mkdirSync(join(dir, 'de', 'search'), { recursive: true });
  writeFileSync(join(dir, 'search', 'index.html'), page('en'));
  writeFileSync(join(dir, 'de', 'search', 'index.html'), page('de'));
  writeFileSync(join(dir, 'index.html'), page('en'));
  const files = createSiteFiles(dir, security);
  const searchPages = new SearchPageAnswers({
    files,
    search: (body) => {
      asked.push(body);
      return Promise.resolve(answer === null ? null : JSON.stringify(answer));
    },
  });
  site = createSiteApp({ files, searchPages, currentDir: dir, mediaDir: join(dir, 'media'), db: {} as Kysely<Database>, isBuilding: () => false });
  // As main.ts serves it: the search pages' listener in front of the static files' one, Hono behind.
  server = createServer(searchPages.listener(files.listener((_req, res) => res.writeHead(418).end())));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  answer = { results: [card('Sunny Loft')], totalResults: 1 };
  asked = [];
});

const get = (path: string, headers: Record<string, string> = {}) => site.request(path, { headers });
const text = async (res: Response) => {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  return (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
};
/** The JSON block's text in a page, or null when it is empty. */
const sentAnswer = (html: string) => {
  const m = new RegExp(`<script type="application/json" id="${FIRST_ANSWER_ID}"[^>]*>([^<]*)</script>`).exec(html);
  return m?.[1] ? m[1] : null;
};
const built = (rel: string) => readFileSync(join(dir, rel), 'utf8');

describe('the search page with its first answer', () => {
  test('a plain query gets the answer and the first picture preload in the head, the page otherwise as built', async () => {
    const res = await get('/discover/search/?q=loft', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const html = await text(res);
    expect(JSON.parse(sentAnswer(html) ?? 'null')).toEqual(answer);
    const preload = `<link rel="preload" as="image" type="image/avif" imagesrcset="/media/spaces/a1/480.avif 480w, /media/spaces/a1/800.avif 800w, /media/spaces/a1/1200.avif 1200w" imagesizes="${SIZES}" fetchpriority="high">`;
    expect(html.indexOf(preload)).toBeGreaterThan(0);
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('rel="stylesheet"'));
    expect(html.replace(preload, '').replace(`>${sentAnswer(html) ?? ''}</script>`, '></script>')).toBe(built('search/index.html'));
    // The body FirstSearch.astro sends, key for key.
    expect(asked).toEqual([JSON.stringify({ searchText: 'loft', tags: [], filters: [], sort: 'relevance', page: 1, pageSize: 24 })]);
  });

  test('the answer carries only what a card is drawn from', async () => {
    const full = {
      id: 's1',
      modelId: 'm1',
      name: 'Sunny Loft',
      slug: 'sunny-loft',
      summary: 'A loft with light from three sides.',
      city: 'Lisbon',
      countryCode: 'PT',
      countryName: 'Portugal',
      tags: ['loft'],
      views: 12,
      type: 'HOME',
      images: { thumbnail: '/media/spaces/a1/480.webp', cover: '/media/spaces/a1/1200.webp', width: 1200, height: 800 },
    };
    answer = { results: [full], totalResults: 1, hasNext: false, nextOffset: null, suggestion: null };
    const sent: unknown = JSON.parse(sentAnswer(await text(await get('/discover/search/?q=loft'))) ?? 'null');
    expect(sent).toEqual({
      results: [
        {
          modelId: 'm1',
          name: 'Sunny Loft',
          city: 'Lisbon',
          countryName: 'Portugal',
          views: 12,
          images: { cover: full.images.cover, width: 1200, height: 800 },
        },
      ],
      totalResults: 1,
      hasNext: false,
      nextOffset: null,
      suggestion: null,
    });
  });

  // Names no compressor can shrink much (base-36 noise).
  const noise = (chars: number) => Array.from({ length: chars / 8 }, () => Math.random().toString(36).slice(2, 10).padEnd(8, '0')).join('');

  test('a compressed page that the whole answer would push past the first TCP flight carries its first cards', async () => {
    answer = { results: Array.from({ length: 24 }, () => card(noise(1600))), totalResults: 40 };
    const res = await get('/discover/search/?q=loft', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeLessThan(FIRST_FLIGHT_BYTES);
    const sent = JSON.parse(sentAnswer(await text(res)) ?? 'null') as { results: unknown[]; totalResults: number };
    expect(sent.results).toHaveLength(FIRST_DRAWN_CARDS);
    expect(sent.totalResults).toBe(40);
  });

  test('a compressed page that even the first cards would push past the first TCP flight carries the picture preload alone', async () => {
    answer = { results: Array.from({ length: 24 }, () => card(noise(4000))), totalResults: 24 };
    const res = await get('/discover/search/?q=loft', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    const bytes = Number(res.headers.get('content-length'));
    const html = await text(res);
    expect(sentAnswer(html)).toBeNull();
    expect(html).toContain('<link rel="preload" as="image" type="image/avif" imagesrcset="/media/spaces/a1/480.avif');
    expect(bytes).toBeLessThan(FIRST_FLIGHT_BYTES);
    // Uncompressed, nothing fits a flight: the whole answer comes along.
    const plain = JSON.parse(sentAnswer(await text(await get('/discover/search/?q=loft'))) ?? 'null') as { results: unknown[] };
    expect(plain.results).toHaveLength(24);
  });

  test('its inline scripts are those of the built page, and so is its policy', async () => {
    const [withAnswer, asBuilt] = await Promise.all([get('/discover/search/?q=loft&sort=views&view=grid'), get('/discover/search/')]);
    expect(sentAnswer(await withAnswer.clone().text())).not.toBeNull();
    expect(withAnswer.headers.get('content-security-policy')).toBe(asBuilt.headers.get('content-security-policy'));
    const policy = withAnswer.headers.get('content-security-policy') ?? '';
    for (const hash of inlineScriptHashes(built('search/index.html'))) expect(policy).toContain(hash);
    expect(JSON.parse(asked[0] ?? '{}')).toMatchObject({ searchText: 'loft', sort: 'views' });
  });

  test('never kept by a shared cache and revalidated on every use: an unchanged answer is a 304, a changed one a new page', async () => {
    const first = await get('/discover/search/?q=loft', { 'accept-encoding': 'gzip' });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('last-modified')).toBeNull();
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await get('/discover/search/?q=loft', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(304);
    answer = { results: [card('Sunny Loft'), card('Harbour Loft')], totalResults: 2 };
    const changed = await get('/discover/search/?q=loft', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(JSON.parse(sentAnswer(await text(changed)) ?? 'null')).toEqual(answer);
  });

  test('a localized search page gets its answer too', async () => {
    const html = await (await get('/discover/de/search/?q=loft')).text();
    expect(html).toContain('<html lang="de">');
    expect(sentAnswer(html)).not.toBeNull();
  });

  test('a space name cannot close the JSON block or open a script', async () => {
    answer = { results: [card('</script><script>alert(1)</script><!--')], totalResults: 1 };
    const html = await (await get('/discover/search/?q=x')).text();
    const sent = sentAnswer(html) ?? '';
    expect(sent).not.toContain('<');
    expect(html.match(/<\/script>/g)?.length).toBe(built('search/index.html').match(/<\/script>/g)?.length);
    expect(JSON.parse(sent)).toEqual(answer);
  });

  test.each([
    ['no query', '/discover/search/'],
    ['a blank query', '/discover/search/?q=%20%20'],
    ['a filter', '/discover/search/?q=loft&tag=loft'],
    ['a page', '/discover/search/?q=loft&page=2'],
    ['another page type', '/discover/?q=loft'],
  ])('%s: the built page exactly as built, without a search', async (_name, path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(built(path.startsWith('/discover/search') ? 'search/index.html' : 'index.html'));
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(asked).toEqual([]);
  });

  test('a failed search or a signed-in visitor: the built page as built (the browser asks)', async () => {
    answer = null;
    expect(sentAnswer(await (await get('/discover/search/?q=loft')).text())).toBeNull();
    answer = { results: [], totalResults: 0 };
    asked = [];
    const signedIn = await get('/discover/search/?q=loft', { cookie: 'consent=1; discover.session_token=abc' });
    expect(await signedIn.text()).toBe(built('search/index.html'));
    expect(asked).toEqual([]);
  });

  test('served before the static files, as main.ts puts it in front: answered and otherwise passed on', async () => {
    const withAnswer = await fetch(`${origin}/discover/search/?q=loft`);
    expect(sentAnswer(await withAnswer.text())).not.toBeNull();
    const asBuilt = await fetch(`${origin}/discover/search/?q=loft&tag=x`);
    expect(await asBuilt.text()).toBe(built('search/index.html'));
    expect((await fetch(`${origin}/discover/nothing/`)).status).toBe(418);
  });
});
