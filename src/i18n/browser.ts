import { ensureLocale, translator, type Translator } from './i18n.ts';
import { localeFromLang, localizePath } from './locales.ts';

/** A translator for plain browser scripts, plus a link localizer for the page's locale. */
export interface BrowserI18n extends Translator {
  localize: (path: string) => string;
}

/**
 * The page's locale for plain (non-React) scripts: loads its strings on first use. Import this
 * module dynamically from an event handler so pages do not load i18next before it is needed.
 */
export async function browserI18n(): Promise<BrowserI18n> {
  const locale = localeFromLang(document.documentElement.lang);
  try {
    await ensureLocale(locale);
  } catch (error) {
    console.warn('Falling back to English: the strings of this language could not be loaded.', error);
  }
  return { ...translator(locale), localize: (path: string) => localizePath(path, locale) };
}
