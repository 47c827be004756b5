import { atom } from 'nanostores';

/**
 * Prevent-leave mode (spec 2): a form with unsaved changes turns it on; leaving the page (a link,
 * sign-out) then asks 'Are you sure you want to leave this page without saving?' with 'Leave' and
 * 'Save changes'. Reloading or closing the tab gets the browser's own prompt.
 */
interface Guard {
  /** Saves the form; resolves true when the changes are saved and the visitor may go on. */
  save: () => Promise<boolean>;
}

/** The window event sent when prevent-leave mode turns on: the modal host (the leave prompt) hydrates on it. */
export const PREVENT_LEAVE_EVENT = 'discover:prevent-leave';

/** The active guard, or null when nothing needs saving. */
export const $leaveGuard = atom<Guard | null>(null);

/** The open leave prompt, with how it resolves. */
export const $leavePrompt = atom<{ resolve: (leave: boolean) => void } | null>(null);

/** Asks the browser for its own leave prompt (reload, tab close, typed address). */
const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();

/** Turns prevent-leave mode on (with the form's save action) or off (null). */
export function setPreventLeave(guard: Guard | null): void {
  const was = $leaveGuard.get();
  $leaveGuard.set(guard);
  if (typeof window === 'undefined') return;
  if (guard && !was) {
    window.addEventListener('beforeunload', onBeforeUnload);
    // The public site's modal host (the leave prompt, link interception) hydrates on it; the admin console ignores it.
    window.dispatchEvent(new CustomEvent(PREVENT_LEAVE_EVENT));
  }
  if (!guard && was) window.removeEventListener('beforeunload', onBeforeUnload);
}

/** Whether the visitor may leave now: true at once without a guard, else after the prompt (Leave, or Save changes that saved). */
export function confirmLeave(): Promise<boolean> {
  if (!$leaveGuard.get()) return Promise.resolve(true);
  $leavePrompt.get()?.resolve(false);
  return new Promise<boolean>((resolve) => $leavePrompt.set({ resolve }));
}

/** Answers the prompt: 'leave' drops the changes, 'save' saves them first, 'stay' keeps the page. */
export async function answerLeave(choice: 'leave' | 'save' | 'stay'): Promise<void> {
  const prompt = $leavePrompt.get();
  if (!prompt) return;
  let go = choice === 'leave';
  if (choice === 'save') go = (await $leaveGuard.get()?.save()) ?? true;
  $leavePrompt.set(null);
  if (go) setPreventLeave(null);
  prompt.resolve(go);
}

let intercepting = false;
/** Asks before following a link away from this page while prevent-leave mode is on. */
export function interceptLinks(): void {
  if (intercepting || typeof document === 'undefined') return;
  intercepting = true;
  document.addEventListener(
    'click',
    (e) => {
      if (!$leaveGuard.get() || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target === '_blank' || a.hasAttribute('download')) return;
      const url = new URL(a.href, location.href);
      if (url.pathname === location.pathname && url.search === location.search && url.hash) return; // same page (a modal hash)
      e.preventDefault();
      void confirmLeave().then((leave) => {
        if (leave) location.assign(url.href);
      });
    },
    true,
  );
}
