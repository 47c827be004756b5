import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../domain/html.ts';
import { hasKeptCopies } from '../domain/kept-pages.ts';
import { SITE_BASE } from '../domain/urls.ts';

/**
 * Keeps the sitemap (@astrojs/sitemap's `sitemap-N.xml`: one `<url>` per indexable page, with
 * `xhtml:link` alternates between its locale versions) in step with an incremental publish: pages
 * that were removed or became `noindex` leave it, new indexable pages join it, and the alternates
 * of every locale version of a touched page are rewritten.
 */

/** One page an incremental publish rendered or removed. */
export interface SitemapPage {
  /** The page's absolute URL, as the sitemap lists it (trailing slash). */
  url: string;
  /** Whether it belongs in the sitemap now (exists and is not `noindex`). */
  indexable: boolean;
}

/** How the sitemap relates URLs: the locale versions of a page share a group; each has its hreflang. */
export interface SitemapLocales {
  groupOf: (url: string) => string;
  langOf: (url: string) => string;
}

const URL_RE = /<url>[\s\S]*?<\/url>/g;
const locOf = (block: string) => /<loc>([^<]*)<\/loc>/.exec(block)?.[1] ?? '';
/** XML text and attributes: the product's one escaper (its entities are XML's too). */
const escapeXml = escapeHtml;

/**
 * Applies the pages' states to the sitemap files' texts (in order; new entries go to the last);
 * answers the files that changed, with their new text.
 */
export function patchSitemaps(files: ReadonlyMap<string, string>, pages: readonly SitemapPage[], locales: SitemapLocales): Map<string, string> {
  const changed = new Map<string, string>();
  if (!pages.length || !files.size) return changed;
  const state = new Map(pages.map((p) => [p.url, p.indexable]));
  const listed = new Set<string>();
  for (const text of files.values()) for (const block of text.match(URL_RE) ?? []) listed.add(locOf(block));
  // The listed URLs after the publish, and the groups whose alternates must be rewritten.
  const after = new Set([...listed].filter((u) => state.get(u) !== false));
  for (const p of pages) if (p.indexable) after.add(p.url);
  const touched = new Set(pages.map((p) => locales.groupOf(p.url)));
  const members = new Map<string, string[]>();
  for (const url of after) {
    const g = locales.groupOf(url);
    if (!touched.has(g)) continue;
    const list = members.get(g) ?? [];
    list.push(url);
    members.set(g, list);
  }
  const block = (url: string) => {
    const group = members.get(locales.groupOf(url)) ?? [url];
    const alternates =
      group.length > 1 ? group.map((u) => `<xhtml:link rel="alternate" hreflang="${locales.langOf(u)}" href="${escapeXml(u)}"/>`).join('') : '';
    return `<url><loc>${escapeXml(url)}</loc>${alternates}</url>`;
  };
  const names = [...files.keys()];
  const last = names[names.length - 1];
  for (const [name, text] of files) {
    let next = text.replace(URL_RE, (b) => {
      const url = locOf(b);
      if (!after.has(url)) return '';
      return touched.has(locales.groupOf(url)) ? block(url) : b;
    });
    if (name === last) {
      const added = [...after].filter((u) => !listed.has(u)).map(block);
      if (added.length) next = next.replace('</urlset>', `${added.join('')}</urlset>`);
    }
    if (next !== text) changed.set(name, next);
  }
  return changed;
}

/**
 * The pages with their versions in other locales that are rendered on request (`localesOnRequest`
 * in src/domain/page-types.ts: no build has them, but each is a page of the site): every English
 * page of such a type brings its version under each locale prefix, in the same state, so the
 * sitemap lists every locale's URL and the alternates between them.
 */
export function withKeptLocales(pages: readonly SitemapPage[], prefixes: readonly string[]): SitemapPage[] {
  const out = [...pages];
  for (const page of pages) {
    const url = new URL(page.url);
    const rest = url.pathname.slice(SITE_BASE.length);
    if (!url.pathname.startsWith(`${SITE_BASE}/`) || !hasKeptCopies(rest)) continue;
    for (const prefix of prefixes) out.push({ url: `${url.origin}${SITE_BASE}/${prefix}${rest}`, indexable: page.indexable });
  }
  return out;
}

/**
 * The sitemap's `<url>` entries regrouped into files of at most `perFile` each (`sitemap-0.xml`, …,
 * same head as the first file), so no file nears the protocol's limits (50,000 URLs, 50 MB: every
 * entry of a page in 13 locales carries 13 alternates, about 1.5 kB).
 */
export function splitSitemaps(files: ReadonlyMap<string, string>, perFile: number): Map<string, string> {
  const first = files.values().next().value ?? '';
  const start = first.indexOf('<url>');
  const head = start >= 0 ? first.slice(0, start) : first.replace(/<\/urlset>\s*$/, '');
  const blocks = [...files.values()].flatMap((text) => text.match(URL_RE) ?? []);
  const out = new Map<string, string>();
  for (let i = 0; i === 0 || i * perFile < blocks.length; i++)
    out.set(`sitemap-${i}.xml`, `${head}${blocks.slice(i * perFile, (i + 1) * perFile).join('')}</urlset>`);
  return out;
}

/** A sitemap index (`sitemap-index.xml`) naming the given sitemap files, under the URL the index named its first one by. */
export function sitemapIndexOf(index: string, names: readonly string[]): string {
  const entry = /<sitemap>[\s\S]*?<\/sitemap>/.exec(index)?.[0];
  if (!entry) return index;
  const entries = names.map((name) => entry.replace(/sitemap-\d+\.xml/, name)).join('');
  return index.replace(/(<sitemap>[\s\S]*?<\/sitemap>)+/, entries);
}

/** The sitemap files of a build folder, in order (`sitemap-0.xml`, `sitemap-1.xml`, …). */
export function readSitemaps(dir: string): Map<string, string> {
  if (!existsSync(dir)) return new Map();
  const names = readdirSync(dir)
    .filter((f) => /^sitemap-\d+\.xml$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
  return new Map(names.map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
}
