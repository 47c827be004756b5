import { LOCALES_ON_REQUEST_TYPES, matchPage, pathOf, type PageMatch } from './page-types.ts';
import { SITE_BASE } from './urls.ts';

/**
 * Kept pages: a page of a type pre-rendered in English only (`localesOnRequest` in the page
 * registry: space, collection, account, profile, tag and camera pages) is rendered in another locale
 * on its first request and kept in the served build as a static file
 * (`<prefix>/space/<modelId>/index.html`), so the next request is a static
 * file. The rule that keeps them true: a publish that changes (re-renders or removes) the English
 * page removes its kept copies in every locale, so they are rendered again on their next request.
 * Pure: the server (src/server/site.ts) and the publisher (src/server/publish/) share it.
 */

/** The build file a kept page is written to (`de/space/abc/index.html`), or null when the page is not one kept on request. */
export function keptFileOf(match: PageMatch): string | null {
  if (!match.locale || !LOCALES_ON_REQUEST_TYPES.includes(match.type)) return null;
  return `${match.locale}/${pathOf(match.type, match.params as never, false)}/index.html`;
}

/** The English page's build file of a kept page (`space/abc/index.html`): a kept copy is made only of a page the build has. */
export function englishFileOf(match: PageMatch): string {
  const path = pathOf(match.type, match.params as never, false);
  return path ? `${path}/index.html` : 'index.html';
}

/**
 * Whether an English page (its path under the base: `/collection/abc`) may have kept copies in
 * other locales: a publish that renders it again lists it as changed even when its English text is
 * the same, as a change only its other locales show (a collection's German name) must drop them.
 */
export function hasKeptCopies(path: string): boolean {
  const match = matchPage(`${SITE_BASE}/${path.replace(/^\/+|\/+$/g, '')}/`);
  return !!match && !match.locale && LOCALES_ON_REQUEST_TYPES.includes(match.type);
}

/** The page path a build file or folder of a publish's delta belongs to (`space/abc/index.html.br` → `space/abc`). */
const pagePathOf = (entry: string): string => entry.replace(/(^|\/)index\.html(\.br|\.gz)?$/, '').replace(/\/+$/, '');

/** A build folder's first segment that names a locale (`de`, `pt-br`). */
const LOCALE_SEGMENT = /^[a-z]{2}(?:-[a-z]{2})?$/;

/**
 * Whether a build file (`de/space/abc/index.html`, its `.br`/`.gz`) is a kept copy: a cache of the
 * served build, written on request and removed by publishes, so never part of a build's manifest
 * (a publish that drops one must not leave the manifest listing a missing file).
 */
export function isKeptCopy(file: string): boolean {
  const first = file.slice(0, file.indexOf('/'));
  if (!LOCALE_SEGMENT.test(first)) return false;
  const path = pagePathOf(file);
  const match = path ? matchPage(`${SITE_BASE}/${path}/`) : null;
  return !!match?.locale && LOCALES_ON_REQUEST_TYPES.includes(match.type);
}

/**
 * The folders of kept copies a publish must remove from a build, given what it changed (the
 * delta's files and folders, relative to the build): for each English page of a kept type it
 * changed, that page's folder under every locale prefix. Without a delta (unknown change) every
 * kept copy goes: each folder `list` (the build's folder listing) finds in a kept section
 * (`de/profile/abc`) whose page is a kept copy, not a page the build has (`de/profile/private`).
 */
export function keptCopiesToDrop(
  delta: { files: readonly string[]; dirs: readonly string[] } | undefined,
  prefixes: readonly string[],
  list: (dir: string) => readonly string[] = () => [],
): string[] {
  if (!delta) {
    const sections = [...new Set(LOCALES_ON_REQUEST_TYPES.map((t) => pathOf(t, {} as never, false).split('/')[0] ?? ''))].filter(Boolean);
    return prefixes.flatMap((p) =>
      sections.flatMap((s) =>
        list(`${p}/${s}`)
          .map((name) => `${p}/${s}/${name}`)
          .filter((dir) => isKeptCopy(`${dir}/index.html`)),
      ),
    );
  }
  const out = new Set<string>();
  for (const entry of [...delta.files, ...delta.dirs]) {
    const path = pagePathOf(entry);
    const match = path ? matchPage(`${SITE_BASE}/${path}/`) : null;
    if (!match || match.locale || !LOCALES_ON_REQUEST_TYPES.includes(match.type)) continue;
    for (const prefix of prefixes) out.add(`${prefix}/${path}`);
  }
  return [...out];
}
