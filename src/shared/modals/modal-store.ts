import { atom } from 'nanostores';

/**
 * The one modal of the page, opened by URL hash (spec 2). Opening sets the hash (a history entry,
 * so a shared link opens the same modal); closing removes it without a new entry; a hash change by
 * the visitor opens or closes the matching modal.
 */

/** Every hash modal. */
export const MODALS = ['create-collection', 'add-to-collection', 'share', 'sign-in-follow', 'sign-in-favorites', 'capture-space', 'add-space'] as const;
/** A hash modal's name. */
export type ModalName = (typeof MODALS)[number];
/**
 * The window event `openModal` sends: the modal host hydrates on it (`client:deferred`), so a page
 * loads the host's code only when a modal is wanted; the store already holds the modal when it mounts.
 */
export const MODAL_EVENT = 'discover:modal';

/** Modals a guest may see; the others only offer sign-in to guests. */
export const PUBLIC_MODALS: readonly ModalName[] = ['share', 'sign-in-follow', 'sign-in-favorites'];

/** What the page tells its modals: the space in view, what to share. */
export interface ModalContext {
  spaceId?: string | undefined;
  modelId?: string | undefined;
  spaceName?: string | undefined;
  /** The link #share offers; defaults to this page without its hash. */
  shareUrl?: string | undefined;
  shareTitle?: string | undefined;
}

const isModal = (name: string): name is ModalName => (MODALS as readonly string[]).includes(name);
const hashModal = (): ModalName | null => {
  if (typeof location === 'undefined') return null;
  const name = decodeURIComponent(location.hash.replace(/^#/, ''));
  return isModal(name) ? name : null;
};

/** The open modal, following the URL hash. */
export const $modal = atom<ModalName | null>(null);
/** The page's modal context (islands on the page register theirs). */
export const $modalContext = atom<ModalContext>({});

let listening = false;
/** Starts following the hash (the modal host calls this once it is on the page). */
export function followHash(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  $modal.set(hashModal());
  window.addEventListener('hashchange', () => $modal.set(hashModal()));
}

/** Opens a modal by setting the hash; `context` (if given) is merged into the page's. */
export function openModal(name: ModalName, context?: ModalContext): void {
  if (context) $modalContext.set({ ...$modalContext.get(), ...context });
  window.dispatchEvent(new CustomEvent(MODAL_EVENT, { detail: { name } }));
  if (location.hash === `#${name}`) $modal.set(name);
  else location.hash = name;
}

/** Closes the open modal and removes its hash from the address (no new history entry). */
export function closeModal(): void {
  if (hashModal()) history.replaceState(history.state, '', location.pathname + location.search);
  $modal.set(null);
}

/** Adds what this page knows to the modal context (a space page registers its space). */
export function provideModalContext(context: ModalContext): void {
  $modalContext.set({ ...$modalContext.get(), ...context });
}

/** The page's address without a hash: what #share shares by default. */
export const pageAddress = () => location.origin + location.pathname + location.search;
