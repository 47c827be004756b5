import { alternates } from '../../i18n/page.ts';
import { localeInfo, type Locale } from '../../i18n/locales.ts';
import type { Translator } from '../../i18n/i18n.ts';

type Translate = Translator['t'];
import { escapeHtml } from '../../domain/html.ts';
import { latin1Refs } from '../../domain/one-byte-html.ts';
import './language-switcher.css';

/**
 * The footer's language switcher (spec 9): the page in every locale it exists in, as a disclosure
 * of links (language-switcher.ts opens and closes it). Written as a string, not a component: it is
 * the one part of the footer that changes with the page, filled into the footer kept per locale
 * (src/components/kept-html.ts; issue 26). The markup is what the Astro component it replaces wrote,
 * but for the languages' names beyond Latin-1, written as character references so that the page
 * stays a one-byte string (src/domain/one-byte-html.ts).
 */

/** Text or an attribute's value escaped, characters beyond Latin-1 as references. */
const text = (s: string) => latin1Refs(escapeHtml(s));

const GLOBE =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"> <circle cx="12" cy="12" r="9"></circle> <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3Z"></path> </svg>';
const CHEVRON =
  '<svg class="lang-switcher__chevron" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"> <path d="m6 9 6 6 6-6"></path> </svg>';

/** Each language's name as written in a link (thirteen names: kept). */
const names = new Map<string, string>();
const nameHtml = (name: string) => names.get(name) ?? names.set(name, text(name)).get(name) ?? '';

/** The part before the links: the same for every page of a locale. */
const heads = new Map<Locale, string>();

function headOf(locale: Locale, t: Translate): string {
  let head = heads.get(locale);
  if (head === undefined) {
    const name = localeInfo(locale).name;
    head = `<details class="lang-switcher" data-lang-switcher> <summary aria-label="${text(`${t('lang.label')}: ${name}`)}"> ${GLOBE} <span>${text(name)}</span> ${CHEVRON} </summary> <nav aria-label="${text(t('lang.choose'))}"> <ul> `;
    heads.set(locale, head);
  }
  return head;
}

/** The switcher for the page at `pathname` in `locale`, offering `locales`; empty when the page has one version only. */
export function languageSwitcherHtml(pathname: string, locale: Locale, locales: readonly Locale[], t: Translate): string {
  const versions = alternates(pathname, locales);
  if (versions.length <= 1) return '';
  let items = '';
  for (const v of versions) {
    const current = v.locale === locale ? ' aria-current="true"' : '';
    items += `<li> <a href="${escapeHtml(v.path)}" hreflang="${v.lang}" lang="${v.lang}"${current} data-locale="${v.locale}"> ${nameHtml(v.name)} </a> </li>`;
  }
  return `${headOf(locale, t)}${items} </ul> </nav> </details>`;
}
