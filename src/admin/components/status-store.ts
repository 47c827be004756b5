import { atom } from 'nanostores';
import { errorMessage } from '../lib/api.ts';

/** The console's one status line (success and API errors), shown under the page header. */
export interface Status {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

/** The message in the status line, or null. */
export const $status = atom<Status | null>(null);

let next = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** How long a success message stays; errors stay until dismissed or replaced. */
const SUCCESS_MS = 6000;

/** Shows a success message (it clears itself after a few seconds). */
export function notifySuccess(text: string): void {
  clearTimeout(timer);
  const status: Status = { id: next++, kind: 'success', text };
  $status.set(status);
  timer = setTimeout(() => {
    if ($status.get()?.id === status.id) $status.set(null);
  }, SUCCESS_MS);
}

/** Shows a failed call's message (the API's, or the generic one) until dismissed. */
export function notifyError(error: unknown): void {
  clearTimeout(timer);
  $status.set({ id: next++, kind: 'error', text: typeof error === 'string' ? error : errorMessage(error) });
}

/** Clears the status line. */
export function clearStatus(): void {
  clearTimeout(timer);
  $status.set(null);
}
