import { pingConsent } from '../../client/site-services.ts';
import { readConsentCookie, serializeConsentCookie, type ConsentRecord } from '../../domain/consent.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { openCookieSettings } from '../../shared/site/events.ts';

/**
 * The consent cookie in the browser, framework-free: the static banner's script and the React
 * store (the preference dialog) both save through here, so the cookie is written one way.
 */

/** The product's own domain, for the cookie's Domain attribute: the host of the site's public origin. */
const PRODUCT_DOMAIN = (() => {
  try {
    return new URL(import.meta.env.SITE ?? '').hostname;
  } catch {
    return '';
  }
})();

/** The saved consent record of this browser, or null before the visitor decides. */
export const currentConsent = (): ConsentRecord | null => (typeof document === 'undefined' ? null : readConsentCookie(document.cookie));

/**
 * Saves a record (spec 4): writes the cookie (spec 9 attributes) and broadcasts a `consent-changed`
 * event carrying what was stored. Returns that record.
 */
export function writeConsent(record: ConsentRecord): ConsentRecord {
  document.cookie = serializeConsentCookie(record, { hostname: location.hostname, productDomain: PRODUCT_DOMAIN });
  // The stored value is what counts (a browser may refuse the cookie): read it back.
  const saved = currentConsent() ?? record;
  window.dispatchEvent(new CustomEvent<ConsentRecord>('consent-changed', { detail: saved }));
  return saved;
}

/** Tells the server that the consent state is (re)known: spec 7, no payload, answer not read. */
export function pingConsentCookie(): void {
  // The server answers 204 with Cache-Control: no-store, so every ping reaches it.
  void pingConsent(browserHttp()).catch(() => undefined);
}

/**
 * Asks for the preference dialog ('Cookie settings' in the banner and the footer). The consent
 * island hydrates on the event, possibly after it was sent: it checks the flag when it mounts.
 */
export function requestCookieSettings(): void {
  document.documentElement.dataset['cookieSettingsRequested'] = 'true';
  openCookieSettings();
}
