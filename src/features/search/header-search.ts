import { localeFromLang } from '../../i18n/locales.ts';
import { searchAllowed, sessionUser } from './session-user.ts';
import { submitSearch } from './submit-search.ts';

/**
 * The header search box before its island hydrates: hidden when the visitor may not search (spec 2/6: the
 * `discover/search` check; guests see it), and a search submitted before hydration still gets the camera
 * shortcuts and the analytics event. Once hydrated, the island handles its own form.
 */
export function startHeaderSearch(): void {
  void sessionUser().then((user) => {
    if (searchAllowed(user)) return;
    for (const el of document.querySelectorAll<HTMLElement>('[data-header-search]')) el.hidden = true;
  });
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-header-search] form')) {
    form.addEventListener('submit', (event) => {
      if (form.dataset['hydrated'] === 'true') return;
      const text = new FormData(form).get('q');
      if (typeof text !== 'string' || !text.trim()) return;
      event.preventDefault();
      void submitSearch(text, { locale: localeFromLang(document.documentElement.lang), location: 'header' });
    });
  }
}
