import { href as baseHref } from '../site/paths.ts';
import { builtLocales } from './built-locales.ts';
import { loadAllLocales, translator, type Translator } from './i18n.ts';
import { LOCALES, isEnglishOnlyPath, localeFromPath, localizePath, stripLocale, type Locale } from './locales.ts';

// The build renders every locale: load and validate all of them once, before the first page.
// A missing or broken translation throws here, which fails the build.
await loadAllLocales(builtLocales());

/** The site's link builders (see `site/paths.ts`), each giving the URL in one locale. */
export type LocalizedHref = { [K in keyof typeof baseHref]: (typeof baseHref)[K] };

const hrefs = new Map<Locale, LocalizedHref>();

/** The link builders of `site/paths.ts`, localized: site URLs get the locale's prefix. */
export function localizedHref(locale: Locale): LocalizedHref {
  let h = hrefs.get(locale);
  if (!h) {
    const out: Record<string, (...args: never[]) => string> = {};
    for (const [name, fn] of Object.entries(baseHref) as [string, (...args: never[]) => string][]) {
      out[name] = (...args: never[]) => localizePath(fn(...args), locale);
    }
    h = out as unknown as LocalizedHref;
    hrefs.set(locale, h);
  }
  return h;
}

/** What a page or component renders with: its locale's strings, formats and links. */
export interface PageI18n extends Translator {
  href: LocalizedHref;
  /** A site path in this page's locale. */
  localize: (path: string) => string;
}

/** Each locale's page i18n, with the translator it was made from (a new translator, once its strings load, makes a new one). */
const pageI18ns = new Map<Locale, { tr: Translator; page: PageI18n }>();

/**
 * The i18n of the page being rendered, from its URL's locale prefix. Pass `Astro.url`. The same
 * frozen object for every page of a locale: the layout and each component ask for it, thousands of
 * times a build (issue 26).
 */
export function pageI18n(url: URL): PageI18n {
  const locale = localeFromPath(url.pathname);
  const tr = translator(locale);
  const known = pageI18ns.get(locale);
  if (known?.tr === tr) return known.page;
  const page = Object.freeze({ ...tr, href: localizedHref(locale), localize: (path: string) => localizePath(path, locale) });
  pageI18ns.set(locale, { tr, page });
  return page;
}

/** One version of a page in a locale (hreflang, the language switcher). */
export interface Alternate {
  locale: Locale;
  lang: string;
  name: string;
  path: string;
}

/** The last pages' alternates, by path, with the locale lists asked for: the head's hreflang and the footer's switcher ask for the same page's. */
const alternatesOf = new Map<string, { locales: readonly Locale[]; out: readonly Alternate[] }[]>();
const ALTERNATES_KEPT = 16;

const sameLocales = (a: readonly Locale[], b: readonly Locale[]) => a === b || (a.length === b.length && a.every((code, i) => code === b[i]));

/**
 * The same page in every locale that has it (English only for English-only sections), for hreflang
 * and the switcher. Computed once per page and locale list (the layout and the switcher share it).
 */
export function alternates(pathname: string, locales: readonly Locale[] = LOCALES.map((l) => l.code)): readonly Alternate[] {
  const known = alternatesOf.get(pathname);
  const hit = known?.find((k) => sameLocales(k.locales, locales));
  if (hit) return hit.out;
  const bare = stripLocale(pathname);
  const have = isEnglishOnlyPath(bare) ? ['en'] : locales;
  const out = LOCALES.filter((l) => have.includes(l.code)).map((l) => ({ locale: l.code, lang: l.lang, name: l.name, path: localizePath(bare, l.code) }));
  if (known) known.push({ locales: [...locales], out });
  else {
    if (alternatesOf.size >= ALTERNATES_KEPT) alternatesOf.delete(alternatesOf.keys().next().value as string);
    alternatesOf.set(pathname, [{ locales: [...locales], out }]);
  }
  return out;
}
