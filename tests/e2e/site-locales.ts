import { LOCALES } from '../../src/i18n/locales.ts';

/**
 * The locales the end-to-end server builds (`SITE_LOCALES`): English and German. Every page type is
 * built per locale, so each locale adds to every (re)build the tests wait for; two are enough to
 * test locale prefixes, hreflang, the switcher and lazy island strings. The 13 strings files are
 * validated by the unit tests (src/i18n/strings-schema.test.ts). `E2E_SITE_LOCALES=all` (or a comma
 * list starting with `en`) builds more, for a run that checks every page type in every locale.
 */
export const E2E_SITE_LOCALES: readonly string[] =
  process.env['E2E_SITE_LOCALES'] === 'all' ? LOCALES.map((l) => l.code) : (process.env['E2E_SITE_LOCALES']?.split(',') ?? ['en', 'de']);
