import { useEffect, useState } from 'react';
import { builtLocales } from './built-locales.ts';
import { ensureLocale, i18n, loadAllLocales, translator, type Translator } from './i18n.ts';
import { DEFAULT_LOCALE, isLocale, localeFromLang, localeInfo, type Locale } from './locales.ts';

/**
 * i18n for React islands. Every island module imports this file, whose top-level await makes sure
 * the page's strings are loaded before Astro hydrates the island (no text mismatch): in the
 * browser only the page's locale (English is bundled, others are one lazy chunk each); during the
 * build all of them, since one build renders every locale.
 */

/** The locale of the page in the browser, from `<html lang>`. */
export function documentLocale(): Locale {
  return typeof document === 'undefined' ? DEFAULT_LOCALE : localeFromLang(document.documentElement.lang);
}

try {
  if (import.meta.env.SSR) await loadAllLocales(builtLocales());
  else {
    const locale = documentLocale();
    await ensureLocale(locale);
    if (i18n.language !== localeInfo(locale).lang) await i18n.changeLanguage(localeInfo(locale).lang);
    // The language switcher (and anything else) can switch the islands at once: `discover:language` { locale }.
    window.addEventListener('discover:language', (e) => {
      const next = (e as CustomEvent<{ locale?: string }>).detail?.locale;
      if (isLocale(next)) void changeIslandLanguage(next).catch(() => undefined);
    });
  }
} catch (error) {
  // A locale chunk that fails to load leaves the island in English rather than broken.
  if (import.meta.env.SSR) throw error;
  console.warn('Falling back to English: the strings of this language could not be loaded.', error);
}

/**
 * The translator of an island. `locale` is the page's (a prop from the `.astro` wrapper, so the
 * build renders the right language); in the browser the island follows later language changes
 * (`i18n.changeLanguage`), e.g. when the language switcher announces `discover:language`.
 */
export function useT(locale?: string): Translator {
  const initial: Locale = isLocale(locale) ? locale : documentLocale();
  const [current, setCurrent] = useState<Locale>(initial);
  useEffect(() => {
    const onChange = (lng: string) => setCurrent(localeFromLang(lng));
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  return translator(current);
}

/** Switches the islands of this tab to another locale (loading its strings first). */
export async function changeIslandLanguage(locale: Locale): Promise<void> {
  await ensureLocale(locale);
  await i18n.changeLanguage(localeInfo(locale).lang);
}
