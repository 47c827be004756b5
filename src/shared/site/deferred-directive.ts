import type { ClientDirective } from 'astro';

/** Options of `client:deferred`. */
export interface DeferredOptions {
  /** Window events that hydrate the island (the first one wins), e.g. `scroll`, `discover:open-cookie-settings`. */
  on?: string[];
  /**
   * Hydrate once the page knows the visitor is signed in (the head script's session answer:
   * `<html data-signed-in="yes">` and the `discover:signed-in` event); never for a guest.
   */
  ifSignedIn?: boolean;
  /** Hydrate when the address's hash names one of these, at load or on a later hash change (the hash modals: `#share`). */
  hash?: readonly string[];
}

/** The window event the head script sends when the session answer says signed in. */
export const SIGNED_IN_EVENT = 'discover:signed-in';

/**
 * `client:deferred={{ on, ifSignedIn, hash }}`: hydrates an island only when it has something to do,
 * so a page loads no JavaScript for it before then (issue 15's budget: 0 kB for islands behind a
 * click). The scroll-to-top button hydrates on the first scroll; the cookie settings dialog when
 * 'Cookie settings' asks for it; the header's user menu once the visitor is known to be signed in;
 * the modal host on a modal's hash or `openModal()`. The island's server HTML must be empty or work
 * on its own until then.
 */
const deferredDirective: ClientDirective = (load, options) => {
  const value = (typeof options.value === 'object' && options.value ? options.value : {}) as DeferredOptions;
  const events = [...(value.on ?? []), ...(value.ifSignedIn ? [SIGNED_IN_EVENT] : [])];
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    for (const type of events) window.removeEventListener(type, go);
    void load().then((hydrate) => hydrate());
  };
  for (const type of events) window.addEventListener(type, go, { passive: true });
  if (value.hash) {
    const names = value.hash;
    const named = () => {
      try {
        return names.includes(decodeURIComponent(location.hash.replace(/^#/, '')));
      } catch {
        return false; // a malformed escape (#%) names no modal
      }
    };
    const onHash = () => {
      if (named()) {
        window.removeEventListener('hashchange', onHash);
        go();
      }
    };
    if (named()) go();
    else window.addEventListener('hashchange', onHash);
  }
  if (value.ifSignedIn && document.documentElement.dataset['signedIn'] === 'yes') go();
};

export default deferredDirective;
