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
export type TrackName = 'page_view' | 'search' | 'error';
/** A primitive analytics property. */
export type TrackValue = string | number | boolean | null;

/** Queues an analytics event; nothing leaves the browser unless consent allows it. */
export function track(name: TrackName, props: Record<string, TrackValue> = {}): void {
  window.dispatchEvent(new CustomEvent('discover:track', { detail: { name, props, at: new Date().toISOString() } }));
}

/** How a notification looks. */
export type NotifyKind = 'info' | 'success' | 'error';

/** Shows a notification at the bottom of the page (it expires after 5 s, spec 4). */
export function notify(message: string, kind: NotifyKind = 'info'): void {
  window.dispatchEvent(new CustomEvent('discover:notify', { detail: { message, kind } }));
}

/** Opens the cookie preference dialog (footer link, settings pages). */
export function openCookieSettings(): void {
  window.dispatchEvent(new CustomEvent('discover:open-cookie-settings'));
}
