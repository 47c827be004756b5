import { parseArgs } from 'node:util';
import { LOCALES_ON_REQUEST_TYPES, matchPage, type PageTypeId } from '../../src/domain/page-types.ts';

/**
 * `npm run bench:kept -- [--base http://127.0.0.1:4321] [--locale de] [--count 40] [--related] [--type collection]`
 *
 * Space pages in another locale (issue 26) against a running server with a served build: the build
 * pre-renders them in English only, so the first request of `/discover/<locale>/space/<id>/` is
 * rendered by the kept prerender bundle and written into the served build; the second is that
 * static file. For `--count` public spaces whose localized page is not kept yet, one run times both
 * requests (sequentially, as one visitor after another) and prints p50, p95 and the slowest of each
 * beside the budget (p95 ≤ 300 ms). Every answer must be 200 in the page's language: never a
 * redirect to English, never a 404. `--type` times another page type rendered on request
 * (`localesOnRequest` in the page registry: collection, account, profile, tag, camera, …), its
 * pages taken from the English URLs of the sitemap.
 */

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:4321' },
    locale: { type: 'string', default: 'de' },
    count: { type: 'string', default: '40' },
    related: { type: 'boolean', default: false },
    type: { type: 'string', default: 'space' },
  },
});
const type = (values.related ? 'relatedCollections' : values.type) as PageTypeId;
if (!LOCALES_ON_REQUEST_TYPES.includes(type)) throw new Error(`--type ${type} is not rendered on request; one of: ${LOCALES_ON_REQUEST_TYPES.join(', ')}`);
const base = values.base.replace(/\/+$/, '');
const locale = values.locale;
const count = Number(values.count);
const BUDGET_MS = 300;

interface Space {
  modelId: string;
}

async function spaces(): Promise<Space[]> {
  const out: Space[] = [];
  for (let offset = 0; out.length < count * 3; offset += 100) {
    const res = await fetch(`${base}/api/content/space/?limit=100&offset=${offset}`);
    if (!res.ok) throw new Error(`GET /api/content/space/ answered ${res.status}`);
    const page = (await res.json()) as { results: Space[] };
    out.push(...page.results);
    if (page.results.length < 100) break;
  }
  return out;
}

/** One GET, timed to the last byte; fails on anything but a 200 page in the locale. */
async function timed(path: string): Promise<{ ms: number; modified: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { redirect: 'manual', headers: { 'accept-encoding': 'gzip, br' } });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}${res.headers.get('location') ? ` → ${res.headers.get('location')}` : ''}`);
  const lang = /<html[^>]*\slang="([^"]+)"/.exec(body)?.[1] ?? '';
  if (lang.toLowerCase() !== locale.toLowerCase()) throw new Error(`${path} is in "${lang}", not ${locale}`);
  return { ms, modified: Date.parse(res.headers.get('last-modified') ?? '') };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
const row = (name: string, xs: number[]) =>
  `${name.padEnd(22)} n=${String(xs.length).padEnd(4)} p50 ${pct(xs, 50).toFixed(1).padStart(7)} ms   p95 ${pct(xs, 95).toFixed(1).padStart(7)} ms   max ${Math.max(
    ...xs,
  )
    .toFixed(1)
    .padStart(7)} ms   ${pct(xs, 95) <= BUDGET_MS ? 'within' : 'OVER'} budget (p95 ≤ ${BUDGET_MS} ms)`;

/** The English pages of the type, as the sitemap lists them (paths under /discover/). */
async function sitemapPages(): Promise<string[]> {
  const index = await (await fetch(`${base}/discover/sitemap-index.xml`)).text();
  const out: string[] = [];
  for (const [, url = ''] of index.matchAll(/<loc>([^<]*)<\/loc>/g)) {
    const text = await (await fetch(`${base}${new URL(url).pathname}`)).text();
    for (const [, loc = ''] of text.matchAll(/<loc>([^<]*)<\/loc>/g)) {
      const match = matchPage(new URL(loc).pathname);
      if (match?.type === type && !match.locale) out.push(new URL(loc).pathname.slice('/discover'.length));
    }
  }
  return out;
}

/** The pages to time: `/discover/<locale>/…/`. */
async function candidates(): Promise<string[]> {
  const suffix = values.related ? 'related-collections/' : '';
  if (type === 'space' || type === 'relatedCollections')
    return (await spaces()).map((s) => `/discover/${locale}/space/${encodeURIComponent(s.modelId)}/${suffix}`);
  return (await sitemapPages()).map((rest) => `/discover/${locale}${rest}`);
}

const first: number[] = [];
const after: number[] = [];
let skipped = 0;
const started = Date.now();
for (const path of await candidates()) {
  if (first.length >= count) break;
  const one = await timed(path);
  // A page an earlier run kept (its file older than this run) was no first request: not counted.
  if (one.modified < started - 2000) {
    skipped++;
    continue;
  }
  first.push(one.ms);
  const two = await timed(path);
  after.push(two.ms);
}
if (!first.length) throw new Error(`No ${type} page to request.`);
console.log(`Localized ${type} pages (${locale}) at ${base}, one run, sequential:`);
console.log(row('first request (render)', first));
console.log(row('static file after', after));
if (skipped) console.log(`(${skipped} page(s) kept by an earlier run left out)`);
