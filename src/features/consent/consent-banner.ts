import { ACCEPT_ALL } from '../../domain/consent.ts';
import type { StringKey } from '../../i18n/strings.ts';
import { currentConsent, pingConsentCookie, requestCookieSettings, writeConsent } from './consent-cookie.ts';

/**
 * The static cookie banner's behaviour (spec 2, 4, 7), without React or i18next: 'Accept all'
 * saves the all-true record (the same cookie and `consent-changed` event as the dialog), 'Cookie
 * settings' asks for the preference dialog (the React island hydrates then), any save hides the
 * banner, and the server hears GET /api/mp/consent-cookie when the banner shows on load and when
 * the has-consent state changes. A language switch re-renders the banner's text (spec 4; it loads that locale's
 * strings, which only a switch needs).
 */

const banner = document.getElementById('cc-banner');
let decided = currentConsent() !== null;
// The inline script looked only for the cookie's name: an old or unreadable record is no consent.
if (banner) banner.hidden = decided;
// The banner mounts (spec 7's ping) only for a visitor who has not decided: no request per page after.
if (!decided) pingConsentCookie();

window.addEventListener('consent-changed', () => {
  banner?.remove();
  if (decided) return;
  decided = true;
  pingConsentCookie();
});

banner?.querySelector('[data-cc-accept]')?.addEventListener('click', () => {
  writeConsent(ACCEPT_ALL);
  // The focused button left with the banner: hand focus to the page.
  document.getElementById('main')?.focus({ preventScroll: true });
});
banner?.querySelector('[data-cc-settings]')?.addEventListener('click', requestCookieSettings);

window.addEventListener('discover:language', (e) => {
  const locale = (e as CustomEvent<{ locale?: unknown }>).detail?.locale;
  if (!banner?.isConnected || typeof locale !== 'string') return;
  void import('../../i18n/i18n.ts')
    .then(async ({ ensureLocale, translator }) => {
      await ensureLocale(locale);
      const { t, lang } = translator(locale);
      for (const el of banner.querySelectorAll<HTMLElement>('[data-cc-string]')) el.textContent = t(el.dataset['ccString'] as StringKey);
      banner.setAttribute('aria-label', t('consent.banner.label'));
      banner.lang = lang;
    })
    .catch(() => undefined); // the new page is on its way in that language anyway
});
