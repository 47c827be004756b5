import { pageType, type PageTypeId } from '../domain/page-types.ts';
import { builtLocales } from './built-locales.ts';
import { DEFAULT_LOCALE, ENGLISH_ONLY_SECTIONS, localeInfo, type Locale } from './locales.ts';

/** One path of a page's `getStaticPaths()`. */
export interface StaticPath {
  params: Record<string, string | number | undefined>;
  props?: Record<string, unknown>;
}

/** The non-default locales this build renders, with their URL prefixes. */
export function prefixedLocales(): { locale: Locale; prefix: string }[] {
  return builtLocales()
    .filter((l) => l !== DEFAULT_LOCALE)
    .map((locale) => ({ locale, prefix: localeInfo(locale).prefix }));
}

/**
 * Whether the build pre-renders a page type in the locales other than English. Not for a type
 * whose URL section (the first segment of its registry pattern) is in `ENGLISH_ONLY_SECTIONS`
 * (capture, the tour player, the forms: that list is the one switch, and links, hreflang and the
 * language switcher follow it), nor for one rendered in those locales on request
 * (`localesOnRequest` in src/domain/page-types.ts: space, collection, account, profile, tag and camera
 * pages, kept by the server as static files).
 */
export function prerendersLocales(type: PageTypeId): boolean {
  const spec = pageType(type);
  const section = spec.pattern.split('/')[0] ?? '';
  return !ENGLISH_ONLY_SECTIONS.includes(section) && spec.localesOnRequest !== true;
}

/**
 * `getStaticPaths()` of a locale-prefixed page (`src/pages/[locale]/…`) of a registry page type:
 * the English page's own paths, once per non-default locale, with the `locale` param set to the
 * URL prefix; none when the type is not pre-rendered in other locales ({@link prerendersLocales}).
 */
export function localizedPaths(type: PageTypeId, english: readonly StaticPath[] = [{ params: {} }]): StaticPath[] {
  if (!prerendersLocales(type)) return [];
  return prefixedLocales().flatMap(({ prefix }) => english.map((p) => ({ params: { ...p.params, locale: prefix }, props: p.props ?? {} })));
}
