/**
 * The locales the end-to-end server builds (`SITE_LOCALES`): English and German. Every page type is
 * built per locale, so each locale adds to every (re)build the tests wait for; two are enough to
 * test locale prefixes, hreflang, the switcher and lazy island strings. The 13 strings files are
 * validated by the unit tests (src/i18n/strings-schema.test.ts).
 */
export const E2E_SITE_LOCALES = ['en', 'de'] as const;
