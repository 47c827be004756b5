import { SITE_BASE } from '../domain/urls.ts';
/**
 * The 13 locales of the product (spec 9) and the URL rules built on them. English lives at the
 * site root; every other locale under its own prefix (`/discover/de/…`). Pure: no framework code,
 * so pages, islands, the server and tests share it.
 */

/** What the site needs to know about one locale. */
export interface LocaleInfo {
  /** The code the spec and the `locales/<code>.json` file use (`en_GB`). */
  code: string;
  /** BCP 47 tag for `<html lang>`, `hreflang` and Intl (`en-GB`). */
  lang: string;
  /** URL prefix under the base path; '' for the default locale. */
  prefix: string;
  /** The language's own name, as the switcher lists it. */
  name: string;
  /** Open Graph locale (`og:locale`). */
  og: string;
}

/** Every supported locale, English first (spec 9). */
export const LOCALES = [
  { code: 'en', lang: 'en', prefix: '', name: 'English', og: 'en_US' },
  { code: 'en_GB', lang: 'en-GB', prefix: 'en-gb', name: 'English (UK)', og: 'en_GB' },
  { code: 'de', lang: 'de', prefix: 'de', name: 'Deutsch', og: 'de_DE' },
  { code: 'es', lang: 'es', prefix: 'es', name: 'Español', og: 'es_ES' },
  { code: 'fr', lang: 'fr', prefix: 'fr', name: 'Français', og: 'fr_FR' },
  { code: 'it', lang: 'it', prefix: 'it', name: 'Italiano', og: 'it_IT' },
  { code: 'nl', lang: 'nl', prefix: 'nl', name: 'Nederlands', og: 'nl_NL' },
  { code: 'pt', lang: 'pt', prefix: 'pt', name: 'Português', og: 'pt_PT' },
  { code: 'ru', lang: 'ru', prefix: 'ru', name: 'Русский', og: 'ru_RU' },
  { code: 'ja', lang: 'ja', prefix: 'ja', name: '日本語', og: 'ja_JP' },
  { code: 'ko', lang: 'ko', prefix: 'ko', name: '한국어', og: 'ko_KR' },
  { code: 'zh_CN', lang: 'zh-CN', prefix: 'zh-cn', name: '简体中文', og: 'zh_CN' },
  { code: 'zh_TW', lang: 'zh-TW', prefix: 'zh-tw', name: '繁體中文', og: 'zh_TW' },
] as const satisfies readonly LocaleInfo[];

/** A supported locale code. */
export type Locale = (typeof LOCALES)[number]['code'];

/** The locale at the site root, bundled into every island. */
export const DEFAULT_LOCALE: Locale = 'en';

const byCode = new Map<string, LocaleInfo>(LOCALES.map((l) => [l.code, l]));
const byPrefix = new Map<string, LocaleInfo>(LOCALES.filter((l) => l.prefix).map((l) => [l.prefix, l]));
const byLang = new Map<string, LocaleInfo>(LOCALES.map((l) => [l.lang.toLowerCase(), l]));
// The path helpers below run for every link of every page: prefix checks, no split or regex.
const SLASH = 47;
const BASE_SLASH = `${SITE_BASE}/`;
const PREFIX_LENGTHS = new Set([...byPrefix.keys()].map((p) => p.length));

/** Whether a string is one of the supported locale codes. */
export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && byCode.has(value);

/** The locale record of a code (the default locale's for anything unknown). */
export const localeInfo = (code: string): LocaleInfo => byCode.get(code) ?? (byCode.get(DEFAULT_LOCALE) as LocaleInfo);

/** The locale of a BCP 47 tag such as `<html lang>` gives (`zh-CN` → `zh_CN`); the default when unknown. */
export const localeFromLang = (lang: string | null | undefined): Locale => (byLang.get((lang ?? '').toLowerCase())?.code ?? DEFAULT_LOCALE) as Locale;

/** The locale prefixes as they appear in URLs, for route params. */
export const LOCALE_PREFIXES = LOCALES.filter((l) => l.prefix).map((l) => l.prefix);

/** The locale a site path is in, from its prefix (`/discover/de/…` → `de`). */
export function localeFromPath(pathname: string): Locale {
  let start = 0;
  if (pathname.startsWith(BASE_SLASH)) start = BASE_SLASH.length;
  else while (pathname.charCodeAt(start) === SLASH) start++;
  return (prefixAt(pathname, start)?.code ?? DEFAULT_LOCALE) as Locale;
}

/** The locale whose prefix is the path's segment starting at `start` (up to the next `/` or the end), if any. */
function prefixAt(path: string, start: number): LocaleInfo | undefined {
  let end = path.indexOf('/', start);
  if (end < 0) end = path.length;
  if (!PREFIX_LENGTHS.has(end - start)) return undefined;
  return byPrefix.get(path.slice(start, end).toLowerCase());
}

/**
 * Site sections in English only: the embedded tour player and the capture-services pages (spec 9:
 * the ordering flow text is English only), and the company's forms (contact, feedback, nominate).
 * Links to them from any locale go to the English page. Space pages are in every locale (pre-rendered
 * in English, rendered on their first request in the others: `localesOnRequest` in
 * src/domain/page-types.ts); the company's articles (about, press, FAQ, help, legal, blog) are in
 * every locale with their long English text marked `lang="en"` under a one-line note.
 */
export const ENGLISH_ONLY_SECTIONS: readonly string[] = ['showcase', 'capture', 'contact', 'feedback', 'nominate'];

const englishOnly = new Set(ENGLISH_ONLY_SECTIONS);
const LONGEST_SECTION = Math.max(...ENGLISH_ONLY_SECTIONS.map((x) => x.length));

/** Whether a site path belongs to an English-only section. */
export function isEnglishOnlyPath(path: string): boolean {
  const bare = stripLocale(path);
  if (!bare.startsWith(BASE_SLASH)) return false;
  // The first segment, up to a `/`, `?` or `#`.
  const start = BASE_SLASH.length;
  let end = start;
  for (; end < bare.length; end++) {
    const c = bare.charCodeAt(end);
    if (c === SLASH || c === 63 || c === 35) break;
    if (end - start >= LONGEST_SECTION) return false;
  }
  return englishOnly.has(bare.slice(start, end));
}

/** A site path without its locale prefix (`/discover/de/tag/x/` → `/discover/tag/x/`). */
export function stripLocale(path: string): string {
  if (!path.startsWith(BASE_SLASH) || !prefixAt(path, BASE_SLASH.length)) return path;
  const end = path.indexOf('/', BASE_SLASH.length);
  return end < 0 ? BASE_SLASH : BASE_SLASH + path.slice(end + 1);
}

/**
 * The same site path in another locale. Paths outside the base (`/auth/…`, `/media/…`, external
 * links) are returned unchanged, English-only sections lose any prefix; query and hash are kept.
 */
export function localizePath(path: string, locale: string): string {
  if (path !== SITE_BASE && !path.startsWith(BASE_SLASH) && !path.startsWith(`${SITE_BASE}?`)) return path;
  const normalized = path === SITE_BASE ? BASE_SLASH : path.startsWith(`${SITE_BASE}?`) ? `${SITE_BASE}/${path.slice(SITE_BASE.length)}` : path;
  const bare = stripLocale(normalized);
  const prefix = localeInfo(locale).prefix;
  if (!prefix || isEnglishOnlyPath(bare)) return bare;
  return `${BASE_SLASH}${prefix}${bare.slice(SITE_BASE.length)}`;
}
