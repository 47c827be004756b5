/**
 * The page's event bus: islands and scripts talk through window events instead of importing each
 * other (features stay independent). Each helper here is tiny and framework-free.
 *
 * - `discover:track` { name, props }: an analytics event; the analytics feature decides, by consent,
 *   whether and when it is sent.
 * - `discover:notify` { message, kind }: a notification for the toast at the bottom of the page.
 * - `consent-changed` (spec 4): the cookie consent record, broadcast on every save.
 * - `discover:open-cookie-settings`: asks the consent feature to open its preference dialog.
 * - `discover:analytics-reset`: sign-out resets the analytics session (spec 4).
 * - `discover:language` { locale }: switches the islands' language at once (the language switcher).
 */

/** Analytics event names of the product (spec 7). */
export type TrackName = 'page_view' | 'search' | 'search_results' | 'search_click' | 'error';
/** A primitive analytics property. */
export type TrackValue = string | number | boolean | null;

/** An analytics event as the bus carries it; `at` is when it happened (ISO). */
export interface TrackDetail {
  name: TrackName;
  props: Record<string, TrackValue>;
  at: string;
}

/**
 * Events tracked before the analytics feature listens (a script that runs while the page loads,
 * like the search page's answer) wait here; the analytics feature drains them when it starts.
 */
export const TRACK_QUEUE = '__discoverTrackQueue';
/** Set by the analytics feature once it listens to `discover:track`. */
export const TRACK_READY = '__discoverTrackReady';

/** Queues an analytics event; nothing leaves the browser unless consent allows it. */
export function track(name: TrackName, props: Record<string, TrackValue> = {}): void {
  const detail: TrackDetail = { name, props, at: new Date().toISOString() };
  const w = window as unknown as Record<string, unknown>;
  if (!w[TRACK_READY]) {
    // Bounded, like the tracker's own queue: a page without analytics keeps at most the last 100.
    w[TRACK_QUEUE] = [...((w[TRACK_QUEUE] as TrackDetail[] | undefined) ?? []), detail].slice(-100);
    return;
  }
  window.dispatchEvent(new CustomEvent('discover:track', { detail }));
}

/** How a notification looks. */
export type NotifyKind = 'info' | 'success' | 'error';

/** A notification as the bus carries it; `at` is when it was pushed (epoch ms). */
export interface NotifyDetail {
  message: string;
  kind: NotifyKind;
  at: number;
}

/** The window event of a notification; the notifications island hydrates on the first one. */
export const NOTIFY_EVENT = 'discover:notify';
/**
 * Notifications sent before the notifications island's store listens wait here: the page's inline
 * script (NotificationToast.astro) queues them, the store drains them when it loads.
 */
export const NOTIFY_QUEUE = '__discoverNotifyQueue';
/** Set by the notifications feature once it listens to `discover:notify`. */
export const NOTIFY_READY = '__discoverNotifyReady';

/** Shows a notification at the bottom of the page (it expires 5 s after this call, spec 4). */
export function notify(message: string, kind: NotifyKind = 'info'): void {
  const detail: NotifyDetail = { message, kind, at: Date.now() };
  window.dispatchEvent(new CustomEvent(NOTIFY_EVENT, { detail }));
}

/** Opens the cookie preference dialog (footer link, settings pages). */
export function openCookieSettings(): void {
  window.dispatchEvent(new CustomEvent('discover:open-cookie-settings'));
}
