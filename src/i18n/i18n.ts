import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, isLocale, localeInfo, type Locale } from './locales.ts';
import { EN_STRINGS, type StringKey, type Strings } from './strings.ts';

/**
 * The one i18next instance of a build or a browser tab. English is bundled; every other locale
 * is a separate chunk loaded on first use (Vite splits each JSON file of the glob). Keys are flat
 * and dotted, placeholders are `{name}` (or `{count, number}`), plural forms are `key_one` /
 * `key_other` / … as Intl.PluralRules names them.
 */
export const i18n: I18n = i18next.createInstance();
void i18n.init({
  resources: { [DEFAULT_LOCALE]: { translation: EN_STRINGS } },
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  showSupportNotice: false,
} as Parameters<I18n['init']>[0]);

const loaders = import.meta.glob<{ default: unknown }>(['../../locales/*.json', '!../../locales/en.json']);
const pending = new Map<Locale, Promise<void>>();

/** i18next's language code of a locale: its BCP 47 tag (plural rules and Intl follow it). */
const lngOf = (locale: Locale) => localeInfo(locale).lang;

/** Loads (once) and validates a locale's strings. Unknown locales resolve to English. */
export function ensureLocale(locale: string): Promise<void> {
  if (!isLocale(locale) || locale === DEFAULT_LOCALE || i18n.hasResourceBundle(lngOf(locale), 'translation')) return Promise.resolve();
  let p = pending.get(locale);
  if (!p) {
    const load = loaders[`../../locales/${locale}.json`];
    if (!load) return Promise.reject(new Error(`No strings file for locale ${locale} (expected locales/${locale}.json).`));
    p = load().then(async (mod) => {
      // The build checks every file (a broken one fails it); the browser trusts what was built.
      const strings = import.meta.env.SSR ? (await import('./strings-schema.ts')).parseStrings(locale, mod.default) : (mod.default as Strings);
      i18n.addResourceBundle(lngOf(locale), 'translation', strings, true, true);
    });
    pending.set(locale, p);
    p.catch(() => pending.delete(locale));
  }
  return p;
}

/** Loads and validates the given locales (the build: all it renders; a broken file fails it). */
export async function loadAllLocales(locales: readonly string[] = LOCALES.map((l) => l.code)): Promise<void> {
  (await import('./strings-schema.ts')).parseStrings(DEFAULT_LOCALE, EN_STRINGS);
  await Promise.all(locales.map((l) => ensureLocale(l)));
}

/** Values a string can be filled with; a numeric `count` also picks the plural form. */
export type Vars = Record<string, string | number>;

/** Everything a page or island needs to speak one locale. */
export interface Translator {
  locale: Locale;
  /** BCP 47 tag for `lang` attributes and Intl. */
  lang: string;
  /** A UI string with its placeholders filled. */
  t: (key: StringKey, vars?: Vars) => string;
  /** A number as this locale writes it (1,234 / 1.234). */
  formatCount: (n: number) => string;
  /** "1 view" / "1,234 views" in this locale. */
  viewsLabel: (n: number) => string;
  /** A country's name in this locale from its ISO 3166 code (Intl.DisplayNames); `fallback` (the stored English name) when the code is unknown. */
  countryName: (code: string | null | undefined, fallback?: string | null) => string;
  /** A date as this locale writes it in full ('26. November 2026'), in UTC so the machine's zone does not move it. */
  formatDate: (d: Date) => string;
}

const translators = new Map<string, Translator>();

/** A string split at its placeholders: text, or a value's name (and whether it is written as a number). */
type Template = (string | { name: string; number: boolean })[];

/**
 * Values i18next reads as options rather than as placeholders' values (they pick the language,
 * context or plural form, or reach `Intl.NumberFormat` through `{x, number}`): a call with one of
 * them goes through i18next.
 */
const OPTION_NAMES = new Set(
  'lng lngs locale ns context ordinal replace interpolation formatParams returnObjects returnDetails joinArrays keyPrefix postProcess fallbackLng skipInterpolation nest style currency currencyDisplay currencySign unit unitDisplay minimumIntegerDigits minimumFractionDigits maximumFractionDigits minimumSignificantDigits maximumSignificantDigits notation compactDisplay signDisplay useGrouping roundingMode roundingPriority roundingIncrement trailingZeroDisplay numberingSystem localeMatcher'.split(
    ' ',
  ),
);

/** `text` as a template when all its braces are `{name}` or `{name, number}` placeholders; null otherwise (i18next renders it). */
function compileTemplate(text: string): Template | null {
  const parts: Template = [];
  let at = 0;
  for (const m of text.matchAll(/\{([^{}]*)\}/g)) {
    const p = /^\s*([a-z][A-Za-z]*)\s*(?:,\s*(number)\s*)?$/.exec(m[1] ?? '');
    if (!p?.[1] || OPTION_NAMES.has(p[1])) return null;
    parts.push(text.slice(at, m.index), { name: p[1], number: p[2] !== undefined });
    at = m.index + m[0].length;
  }
  const rest = text.slice(at);
  if (/[{}]/.test(rest) || parts.some((x) => typeof x === 'string' && /[{}]/.test(x)) || text.includes('$t(')) return null;
  parts.push(rest);
  return parts;
}

/**
 * `s` stored one byte a character when all its characters fit (issue 26): V8 gives Intl's answers
 * two bytes a character even for "45,680", and one such piece makes the whole page a two-byte string,
 * which Astro's encoding of the page pays for 2–3 times over (src/domain/one-byte-html.ts).
 */
export function narrow(s: string): string {
  const codes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0xff) return s;
    codes.push(c);
  }
  return String.fromCharCode(...codes);
}

/**
 * A string with values filled as i18next fills it (its plural form by Intl.PluralRules, `{x}` as
 * text, `{x, number}` by the locale's Intl.NumberFormat), without i18next's per-call lookups: the
 * build fills thousands of them (view counts, names; issue 26). Answers undefined, and i18next
 * does the work, for anything else: a key missing in the locale (English fallback), a count of 0
 * (the `_zero` form), values that are options, objects or that could nest (`{`, `$t(`).
 * src/i18n/i18n.test.ts compares both on every string of every locale.
 */
function templates(lang: string, numbers: Intl.NumberFormat): (key: StringKey, vars: Vars) => string | undefined {
  const plurals = new Intl.PluralRules(lang);
  const compiled = new Map<string, Template | null>();
  return (key, vars) => {
    let count: number | undefined;
    for (const name in vars) {
      const v = vars[name];
      if (name === 'count') {
        if (typeof v !== 'number' || v === 0) return undefined;
        count = v;
      } else if (OPTION_NAMES.has(name) || (typeof v === 'string' ? v.includes('{') || v.includes('$t(') : typeof v !== 'number')) return undefined;
    }
    const k = count === undefined ? key : `${key}_${plurals.select(count)}`;
    let parts = compiled.get(k);
    if (parts === undefined) {
      const text: unknown = i18n.getResource(lang, 'translation', k);
      parts = typeof text === 'string' && text !== '' ? compileTemplate(text) : null;
      compiled.set(k, parts);
    }
    if (!parts) return undefined;
    let out = '';
    for (const part of parts) {
      if (typeof part === 'string') out += part;
      else {
        const v = vars[part.name];
        if (v === undefined || (part.number && typeof v !== 'number')) return undefined;
        out += part.number ? narrow(numbers.format(v as number)) : String(v);
      }
    }
    return out;
  };
}

/** A translator fixed to one locale (safe across concurrent renders). Its strings must be loaded. */
export function translator(locale: string): Translator {
  const code: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let tr = translators.get(code);
  if (!tr) {
    const lang = lngOf(code);
    const fixed = i18n.getFixedT(lang);
    const numbers = new Intl.NumberFormat(lang);
    // A string without values is the same on every call: asked for thousands of times per build
    // (layout, header, footer, cards), it is looked up once per locale and key.
    const plain = new Map<StringKey, string>();
    const filled = templates(lang, numbers);
    const t = (key: StringKey, vars?: Vars) => {
      if (vars) return filled(key, vars) ?? fixed(key, vars as Record<string, unknown>);
      let text = plain.get(key);
      if (text === undefined) {
        text = fixed(key, {});
        plain.set(key, text);
      }
      return text;
    };
    const regions = new Intl.DisplayNames(lang, { type: 'region', fallback: 'none' });
    const dates = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
    // Asked for on every space page and card: each code is looked up once.
    const countries = new Map<string, string | undefined>();
    const countryName = (cc: string | null | undefined, fallback?: string | null): string => {
      if (!cc) return fallback ?? '';
      let name = countries.get(cc);
      if (name === undefined && !countries.has(cc)) {
        try {
          name = /^[A-Za-z]{2}$/.test(cc) ? narrow(regions.of(cc.toUpperCase()) ?? '') || undefined : undefined;
        } catch {
          name = undefined;
        }
        countries.set(cc, name);
      }
      return name ?? fallback ?? '';
    };
    tr = {
      locale: code,
      lang,
      t,
      formatCount: (n) => narrow(numbers.format(n)),
      viewsLabel: (n) => t('card.views', { count: n }),
      countryName,
      formatDate: (d) => narrow(dates.format(d)),
    };
    // Only cache once the strings are there; an early call falls back to English for now.
    if (code === DEFAULT_LOCALE || i18n.hasResourceBundle(lang, 'translation')) translators.set(code, tr);
  }
  return tr;
}

/** @see Strings */
export type { StringKey, Strings };

/** English text of a key: for values that stay English whatever the page's language (search queries of popular searches). */
export const english = (key: StringKey, vars?: Vars): string => translator(DEFAULT_LOCALE).t(key, vars);
