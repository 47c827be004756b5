import { LOCALES_ON_REQUEST_TYPES, pageType } from '../domain/page-types.ts';
import { builtLocales } from './built-locales.ts';
import { DEFAULT_LOCALE, ENGLISH_ONLY_SECTIONS, localeInfo, type Locale } from './locales.ts';

/** One path of a page's `getStaticPaths()`. */
export interface StaticPath {
  params: Record<string, string | number | undefined>;
  props?: Record<string, unknown>;
}

/**
 * Page types that have locale-prefixed versions (`src/pages/[locale]/…`). A type whose URL section
 * is in `ENGLISH_ONLY_SECTIONS` (space pages) renders no localized paths: that list is the one
 * switch, and links, hreflang and the language switcher follow it.
 */
export const PAGE_TYPE_SECTION = {
  home: '',
  search: 'search',
  tag: 'tag',
  camera: 'camera',
  collection: 'collection',
  account: 'account',
  accounts: 'accounts',
  following: 'following',
  profile: 'profile',
  '404': '404',
  space: 'space',
  marketplace: 'marketplace',
  manage: 'manage',
  pros: 'pros',
  about: 'about',
  press: 'press',
  faq: 'faq',
  help: 'help',
  legal: 'legal',
  blog: 'blog',
} as const;
/** @see PAGE_TYPE_SECTION */
export type PageType = keyof typeof PAGE_TYPE_SECTION;

/**
 * Sections pre-rendered in English only and rendered in the other locales on their first request
 * (space pages: `localesOnRequest` in src/domain/page-types.ts, kept by the server as static files).
 */
const ON_REQUEST_SECTIONS = new Set<string>(LOCALES_ON_REQUEST_TYPES.map((t) => pageType(t).pattern.split('/')[0] ?? ''));

/** The non-default locales this build renders, with their URL prefixes. */
export function prefixedLocales(): { locale: Locale; prefix: string }[] {
  return builtLocales()
    .filter((l) => l !== DEFAULT_LOCALE)
    .map((locale) => ({ locale, prefix: localeInfo(locale).prefix }));
}

/**
 * `getStaticPaths()` of a locale-prefixed page (`src/pages/[locale]/…`): the English page's own
 * paths, once per non-default locale, with the `locale` param set to the URL prefix.
 */
export function localizedPaths(type: PageType, english: readonly StaticPath[] = [{ params: {} }]): StaticPath[] {
  if (ENGLISH_ONLY_SECTIONS.includes(PAGE_TYPE_SECTION[type]) || ON_REQUEST_SECTIONS.has(PAGE_TYPE_SECTION[type])) return [];
  return prefixedLocales().flatMap(({ prefix }) => english.map((p) => ({ params: { ...p.params, locale: prefix }, props: p.props ?? {} })));
}
