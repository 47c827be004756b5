import { atom } from 'nanostores';

/** What a confirmation asks. */
export interface ConfirmRequest {
  title: string;
  /** One or two sentences: what will happen, and that it cannot be undone when it cannot. */
  message: string;
  /** The button that goes ahead, e.g. 'Delete 3 banners'. */
  confirmLabel: string;
  /** Styles the confirm button as dangerous (deletes); default true. */
  destructive?: boolean;
}

/** The open confirmation, with how it resolves. */
export const $confirm = atom<(ConfirmRequest & { resolve: (ok: boolean) => void }) | null>(null);

/**
 * Asks before a destructive action in the console's own dialog (never `window.confirm`):
 * `if (await confirmAction({ title, message, confirmLabel })) remove.mutate(ids)`.
 * Resolves false when cancelled (Cancel, Escape, the backdrop, the close button).
 */
export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  $confirm.get()?.resolve(false);
  return new Promise<boolean>((resolve) => $confirm.set({ ...request, resolve }));
}

/** Answers the open confirmation. */
export function answerConfirm(ok: boolean): void {
  const open = $confirm.get();
  if (!open) return;
  $confirm.set(null);
  open.resolve(ok);
}
