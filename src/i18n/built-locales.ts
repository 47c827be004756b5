import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './locales.ts';

/**
 * The locales this build renders: all 13 unless `SITE_LOCALES` (a comma list such as `en,de`)
 * narrows them, for fast development and CI builds. English is always built. Build-time only.
 */
export function builtLocales(): Locale[] {
  const raw = (typeof process !== 'undefined' ? process.env['SITE_LOCALES'] : undefined)?.trim();
  if (!raw) return LOCALES.map((l) => l.code);
  const wanted = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((w) => !isLocale(w));
  if (unknown.length) throw new Error(`SITE_LOCALES names unknown locales: ${unknown.join(', ')}. Known: ${LOCALES.map((l) => l.code).join(', ')}.`);
  return LOCALES.map((l) => l.code).filter((c) => c === DEFAULT_LOCALE || wanted.includes(c));
}
