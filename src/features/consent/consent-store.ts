import { atom, computed } from 'nanostores';
import { ACCEPT_ALL, type ConsentRecord } from '../../domain/consent.ts';
import { currentConsent, writeConsent } from './consent-cookie.ts';

/** The saved consent record, or null before the visitor decides. */
export const $consent = atom<ConsentRecord | null>(currentConsent());

/** Whether a consent cookie exists (spec 4: the banner hides once it does). */
export const $hasConsent = computed($consent, (c) => c !== null);

/** Whether the preference dialog is open. */
export const $settingsOpen = atom(false);

// The static banner's 'Accept all' saves without this store: follow every save.
if (typeof window !== 'undefined') {
  window.addEventListener('consent-changed', (e) => $consent.set((e as CustomEvent<ConsentRecord>).detail));
}

/**
 * Saves a record (spec 4): writes the cookie (spec 9 attributes), updates the store and broadcasts
 * a `consent-changed` event carrying the record.
 */
export function saveConsent(record: ConsentRecord): void {
  $consent.set(writeConsent(record));
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
