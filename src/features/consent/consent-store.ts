import { atom, computed } from 'nanostores';
import { ACCEPT_ALL, readConsentCookie, serializeConsentCookie, type ConsentRecord } from '../../domain/consent.ts';

/** The product's own domain, for the cookie's Domain attribute: the host of the site's public origin. */
const PRODUCT_DOMAIN = (() => {
  try {
    return new URL(import.meta.env.SITE ?? '').hostname;
  } catch {
    return '';
  }
})();

const readCookie = (): ConsentRecord | null => (typeof document === 'undefined' ? null : readConsentCookie(document.cookie));

/** The saved consent record, or null before the visitor decides (the banner shows then). */
export const $consent = atom<ConsentRecord | null>(readCookie());

/** Whether a consent cookie exists (spec 4: the banner hides once it does). */
export const $hasConsent = computed($consent, (c) => c !== null);

/** Whether the preference dialog is open. */
export const $settingsOpen = atom(false);

/**
 * Saves a record (spec 4): writes the cookie (spec 9 attributes), updates the store and broadcasts
 * a `consent-changed` event carrying the record.
 */
export function saveConsent(record: ConsentRecord): void {
  document.cookie = serializeConsentCookie(record, { hostname: location.hostname, productDomain: PRODUCT_DOMAIN });
  // The stored value is what counts (a browser may refuse the cookie): read it back.
  const saved = readCookie() ?? record;
  $consent.set(saved);
  window.dispatchEvent(new CustomEvent<ConsentRecord>('consent-changed', { detail: saved }));
}

/** 'Accept all' (banner and dialog): all categories true. */
export const acceptAll = (): void => saveConsent(ACCEPT_ALL);

/** Opens the preference dialog. */
export const openSettings = (): void => $settingsOpen.set(true);
/** Closes the preference dialog. */
export function closeSettings(): void {
  delete document.documentElement.dataset['cookieSettingsRequested'];
  $settingsOpen.set(false);
}
