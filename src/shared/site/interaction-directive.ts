import type { ClientDirective } from 'astro';

/** Options of `client:interaction` (all optional; `client:interaction` alone hydrates on first use only). */
export interface InteractionOptions {
  /** Also hydrate when the browser is idle after this many milliseconds (default: never). */
  idleMs?: number;
  /** Also hydrate once the page knows the visitor is signed in (the head script's `discover:signed-in`), e.g. to show their state. */
  ifSignedIn?: boolean;
  /** Also hydrate at once when the address has one of these query parameters (a shared `?view=map` link opens in that view). */
  ifParam?: string | string[];
  /** Also hydrate when an element of the island matching this selector (`:scope`: the island itself) nears the viewport (the end of a list). */
  near?: string;
  /** Elements elsewhere on the page (a selector) whose use hydrates the island too; their clicks are replayed once it has. */
  also?: string;
}

/** The window event the head script sends when the session answer says signed in (see `deferred-directive.ts`). */
const SIGNED_IN_EVENT = 'discover:signed-in';
const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** A path of child indexes from `root` to `node`, to find the same element again if hydration replaced it. */
function pathOf(root: Element, node: Element): number[] {
  const path: number[] = [];
  for (let n: Element | null = node; n && n !== root; n = n.parentElement) path.unshift(n.parentElement ? [...n.parentElement.children].indexOf(n) : 0);
  return path;
}
const follow = (root: Element, path: number[]): Element | null => path.reduce<Element | null>((n, i) => n?.children[i] ?? null, root);

/**
 * `client:interaction`: hydrates an island the first time the visitor points at, touches, focuses
 * or types into it (and, with options, when they are signed in, near its end, or at idle). The
 * island's server-rendered HTML must look final and work on its own until then (a plain form,
 * links). A click on one of its buttons before it has hydrated (a tap: pointerdown and click come
 * together) is held and replayed on the same button once it has, so the first click is never lost;
 * the same for a tick of a checkbox or radio (its label's click reaches the input: held there), whose
 * default toggle is prevented so the island's own state makes the change. Links and submit buttons
 * are left to work as they do without JavaScript.
 */
const interactionDirective: ClientDirective = (load, options, el) => {
  const value = (typeof options.value === 'object' && options.value ? options.value : {}) as InteractionOptions;
  // `also` elements are found when used (the page may still be parsing when the island starts).
  const also = value.also;
  const other = (e: Event): Element | null => (also && e.target instanceof Element && !el.contains(e.target) ? e.target.closest(also) : null);
  const fromOther = (e: Event) => other(e) && go();
  const targets: EventTarget[] = also ? [el, document] : [el];
  let started = false;
  let hydrated = false;
  let held: { root: Element; node: Element; path: number[] } | null = null;
  let observer: IntersectionObserver | null = null;
  const replay = () => {
    if (!held) return;
    const { root, node, path } = held;
    held = null;
    const now = node.isConnected ? node : follow(root, path);
    if (now instanceof HTMLElement) now.click();
  };
  const go = () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) {
      el.removeEventListener(type, go);
      document.removeEventListener(type, fromOther);
    }
    window.removeEventListener(SIGNED_IN_EVENT, go);
    observer?.disconnect();
    void load()
      .then((hydrate) => hydrate())
      .then(
        () => {
          hydrated = true;
          // React hydrates in a transition and runs effects after it (a document listener an island adds, say):
          // the click is replayed once the page is idle again, when all of that has run.
          if ('requestIdleCallback' in window) requestIdleCallback(replay, { timeout: 1000 });
          else setTimeout(replay, 50);
        },
        // A chunk that fails to load leaves the server HTML as it is; later clicks are not held.
        () => {
          hydrated = true;
        },
      );
  };
  const hold = (e: Event) => {
    if (hydrated || !(e.target instanceof Element)) return;
    if (e instanceof MouseEvent && (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)) return;
    // In the island: its script buttons (a submit button of a form that works without JS submits it); outside
    // it: the `also` elements themselves (links asking first, say).
    const outside = other(e);
    const root = outside ?? el;
    const node = outside ?? e.target.closest('button[type="button"], input[type="checkbox"], input[type="radio"]');
    if (!node || (!outside && !el.contains(node))) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held = { root, node, path: pathOf(root, node) };
    go();
  };
  for (const type of EVENTS) {
    el.addEventListener(type, go, { passive: true });
    if (also) document.addEventListener(type, fromOther, { passive: true });
  }
  for (const t of targets) t.addEventListener('click', hold, { capture: true });
  if (value.idleMs !== undefined) setTimeout(go, value.idleMs);
  const params = new URLSearchParams(location.search);
  if ([value.ifParam ?? []].flat().some((p) => params.has(p))) go();
  if (value.ifSignedIn) {
    if (document.documentElement.dataset['signedIn'] === 'yes') go();
    else window.addEventListener(SIGNED_IN_EVENT, go, { passive: true });
  }
  // An island is `display: contents` (no box of its own): `:scope` watches its first element.
  const near = !value.near || started ? null : value.near === ':scope' ? el.firstElementChild : el.querySelector(value.near);
  if (near && 'IntersectionObserver' in window) {
    observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '0px 0px 600px 0px' });
    observer.observe(near);
  }
};

export default interactionDirective;
