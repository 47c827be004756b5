/**
 * The footer's content lists (featured tags, featured spaces, latest collections: spec 2) are the
 * one part of every page that follows content published elsewhere. The publisher re-renders the
 * pages a change affects and, when only these lists changed on a page, replaces this region of its
 * HTML with the new lists of the page's locale (the settle step, src/loaders/render-worker.ts).
 * The region runs from the Explore column up to the Company column.
 */
const FOOTER_LISTS = /<nav[^>]*aria-labelledby="footer-explore"[\s\S]*?(?=<nav[^>]*aria-labelledby="footer-company")/;

/** The footer lists' HTML of a page, if it has a footer. */
export function footerRegion(html: string): string | undefined {
  return FOOTER_LISTS.exec(html)?.[0];
}

/** The page with its footer lists replaced; the same string when they are equal or it has none. */
export function withFooterRegion(html: string, region: string): string {
  const m = FOOTER_LISTS.exec(html);
  if (!m || m[0] === region) return html;
  return html.slice(0, m.index) + region + html.slice(m.index + m[0].length);
}

/** The footer lists of each locale (by URL prefix, '' for English) a build's pages should show. */
export interface FooterLists {
  regions: Record<string, string>;
}

/** The locale prefix of a site path or built file (`de/tag/x/index.html`, `/discover/de/…` → `de`), '' for English. */
export function localePrefixOf(path: string, prefixes: readonly string[]): string {
  const first = path.replace(/^\/(discover\/)?/, '').split('/')[0] ?? '';
  return prefixes.includes(first) ? first : '';
}
