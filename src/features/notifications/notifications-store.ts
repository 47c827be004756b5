import { atom, computed } from 'nanostores';
import type { NotifyKind } from '../../site/client/events.ts';

/** How long a notification stays (spec 4, 9). */
export const NOTIFICATION_LIFETIME_MS = 5000;
/** How often expired notifications are removed (spec 4: every second). */
export const EXPIRY_CHECK_MS = 1000;

/** A notification (spec 3): id, expireTimeInMS, and its content. */
export interface Notification {
  id: string;
  /** Epoch milliseconds after which it is removed. */
  expireTimeInMS: number;
  message: string;
  kind: NotifyKind;
}

/** Every live notification, oldest first. */
export const $notifications = atom<Notification[]>([]);
/** The one on screen: the latest (spec 2). */
export const $latestNotification = computed($notifications, (list) => list[list.length - 1] ?? null);

let counter = 0;

/** Adds a notification that expires 5 s from now. */
export function pushNotification(message: string, kind: NotifyKind = 'info', now = Date.now()): Notification {
  const n: Notification = { id: `n${now.toString(36)}-${(counter++).toString(36)}`, expireTimeInMS: now + NOTIFICATION_LIFETIME_MS, message, kind };
  $notifications.set([...$notifications.get(), n]);
  return n;
}

/** Removes one notification (its dismiss button). */
export function dismissNotification(id: string): void {
  $notifications.set($notifications.get().filter((n) => n.id !== id));
}

/** Removes those past their expiry time. */
export function removeExpired(now = Date.now()): void {
  const list = $notifications.get();
  const live = list.filter((n) => n.expireTimeInMS > now);
  if (live.length !== list.length) $notifications.set(live);
}

/**
 * Starts the once-a-second expiry check and listens for `discover:notify` events from other
 * islands and scripts (see `site/client/events.ts`). Returns a stop function.
 */
export function startNotifications(): () => void {
  const timer = setInterval(() => removeExpired(), EXPIRY_CHECK_MS);
  const onNotify = (e: Event) => {
    const detail = (e as CustomEvent<{ message?: unknown; kind?: NotifyKind }>).detail;
    if (detail && typeof detail.message === 'string' && detail.message) pushNotification(detail.message, detail.kind ?? 'info');
  };
  window.addEventListener('discover:notify', onNotify);
  return () => {
    clearInterval(timer);
    window.removeEventListener('discover:notify', onNotify);
  };
}
