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
  const rest = pathname.startsWith(`${SITE_BASE}/`) ? pathname.slice(SITE_BASE.length + 1) : pathname.replace(/^\/+/, '');
  const first = rest.split('/')[0]?.toLowerCase() ?? '';
  return (byPrefix.get(first)?.code ?? DEFAULT_LOCALE) as Locale;
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

/** Whether a site path belongs to an English-only section. */
export function isEnglishOnlyPath(path: string): boolean {
  const bare = stripLocale(path);
  if (!bare.startsWith(`${SITE_BASE}/`)) return false;
  const first = bare.slice(SITE_BASE.length + 1).split(/[/?#]/)[0] ?? '';
  return ENGLISH_ONLY_SECTIONS.includes(first);
}

/** A site path without its locale prefix (`/discover/de/tag/x/` → `/discover/tag/x/`). */
export function stripLocale(path: string): string {
  if (!path.startsWith(`${SITE_BASE}/`)) return path;
  const rest = path.slice(SITE_BASE.length + 1);
  const [first = '', ...more] = rest.split('/');
  if (!byPrefix.has(first.toLowerCase())) return path;
  const tail = more.join('/');
  return `${SITE_BASE}/${tail}`;
}

/**
 * The same site path in another locale. Paths outside the base (`/auth/…`, `/media/…`, external
 * links) are returned unchanged, English-only sections lose any prefix; query and hash are kept.
 */
export function localizePath(path: string, locale: string): string {
  if (path !== SITE_BASE && !path.startsWith(`${SITE_BASE}/`) && !path.startsWith(`${SITE_BASE}?`)) return path;
  const normalized = path === SITE_BASE ? `${SITE_BASE}/` : path.startsWith(`${SITE_BASE}?`) ? `${SITE_BASE}/${path.slice(SITE_BASE.length)}` : path;
  const bare = stripLocale(normalized);
  const prefix = isEnglishOnlyPath(bare) ? '' : localeInfo(locale).prefix;
  return prefix ? `${SITE_BASE}/${prefix}${bare.slice(SITE_BASE.length)}` : bare;
}
