import { atom, computed } from 'nanostores';
import { NOTIFY_EVENT, NOTIFY_QUEUE, NOTIFY_READY, type NotifyDetail, type NotifyKind } from '../../shared/site/events.ts';

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

let timer: ReturnType<typeof setInterval> | null = null;

/** Runs the once-a-second expiry check while there is something to expire. */
function watchExpiry(): void {
  if (timer || $notifications.get().length === 0) return;
  timer = setInterval(() => {
    removeExpired();
    if ($notifications.get().length === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }, EXPIRY_CHECK_MS);
}
$notifications.listen(() => watchExpiry());

/**
 * Listens for `discover:notify` from other islands and scripts (see `shared/site/events.ts`) and
 * takes over what they sent before this module loaded (the page's queue, NotificationToast.astro:
 * the island hydrates on the first notification). Runs once, when the module loads in the browser.
 */
function listen(): void {
  const w = window as unknown as Record<string, unknown>;
  if (w[NOTIFY_READY]) return;
  const take = (d: Partial<NotifyDetail> | undefined) => {
    if (d && typeof d.message === 'string' && d.message) pushNotification(d.message, d.kind ?? 'info', typeof d.at === 'number' ? d.at : Date.now());
  };
  window.addEventListener(NOTIFY_EVENT, (e) => take((e as CustomEvent<Partial<NotifyDetail>>).detail));
  for (const d of (w[NOTIFY_QUEUE] as NotifyDetail[] | undefined) ?? []) take(d);
  w[NOTIFY_QUEUE] = [];
  w[NOTIFY_READY] = true;
}
if (typeof window !== 'undefined') listen();
