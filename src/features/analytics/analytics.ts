import { sendAnalytics } from '../../client/site-services.ts';
import { readConsentCookie, type ConsentRecord } from '../../domain/consent.ts';
import { TRACK_QUEUE, TRACK_READY, type TrackDetail, type TrackName, type TrackValue } from '../../shared/site/events.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';

/**
 * The analytics of a page (spec 7): listens for `discover:track` events, tracks the page view,
 * and sends events to the first-party collector (POST /api/analytics/events), but only once the
 * visitor's consent allows it. Until then events wait in memory; a "no" drops them.
 *
 * Consent rule (decided here): every event (page_view, search, error) needs the performance
 * category, since all of them measure how the site is used and performs. The collector checks the
 * same rule on the cookie it receives, and stores the IP address only with targeting consent
 * (otherwise the literal `{ip}`).
 */

/** What is sent for one event. */
export interface AnalyticsEvent {
  name: TrackName;
  props: Record<string, TrackValue>;
  /** When it happened (ISO). */
  at: string;
  path: string;
  locale: string;
  sessionId: string;
}

const SESSION_KEY = 'discover:analytics-session';
/** The collector takes at most this many events per call. */
export const MAX_BATCH = 20;
/** Events kept while consent is unknown (a long visit should not grow without bound). */
const MAX_QUEUE = 100;

interface AnalyticsSession {
  id: string;
  /** When this tab's analytics session started (ISO); sent as `session_start` with errors. */
  start: string;
}

function newSession(): AnalyticsSession {
  const s = { id: crypto.randomUUID(), start: new Date().toISOString() };
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(s));
  } catch {
    // No storage (private mode): the session lasts for this page.
  }
  return s;
}

function loadSession(): AnalyticsSession {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    const s = raw ? (JSON.parse(raw) as Partial<AnalyticsSession>) : null;
    if (s && typeof s.id === 'string' && typeof s.start === 'string') return { id: s.id, start: s.start };
  } catch {
    // Fall through to a new session.
  }
  return newSession();
}

/** Whether a consent record lets analytics events leave the browser. */
export const analyticsAllowed = (consent: ConsentRecord | null): boolean => consent?.custom.performance === true;

/** The tracker; one per page, started by `startAnalytics()`. */
export class Analytics {
  private queue: AnalyticsEvent[] = [];
  private consent: ConsentRecord | null;
  private session: AnalyticsSession;
  private readonly send: (events: AnalyticsEvent[]) => void;

  constructor(options: { consent: ConsentRecord | null; send: (events: AnalyticsEvent[]) => void }) {
    this.consent = options.consent;
    this.send = options.send;
    this.session = loadSession();
  }

  /** Records an event; it goes out now, later (after consent) or never (no consent). */
  track(name: TrackName, props: Record<string, TrackValue> = {}, at = new Date().toISOString()): void {
    const withSession = name === 'error' ? { ...props, session_start: this.session.start } : props;
    const event: AnalyticsEvent = {
      name,
      props: withSession,
      at,
      path: location.pathname,
      locale: document.documentElement.lang || 'en',
      sessionId: this.session.id,
    };
    if (this.consent && !analyticsAllowed(this.consent)) return;
    this.queue.push(event);
    if (this.queue.length > MAX_QUEUE) this.queue.splice(0, this.queue.length - MAX_QUEUE);
    // Sent at once: a search is usually followed by a navigation that would drop a timer.
    this.flush();
  }

  /** A new consent record: flush what waited if allowed, else drop it. */
  setConsent(consent: ConsentRecord | null): void {
    this.consent = consent;
    if (consent && !analyticsAllowed(consent)) this.queue = [];
    this.flush();
  }

  /** Sign-out (spec 4): a new analytics session; nothing queued carries over. */
  reset(): void {
    this.queue = [];
    this.session = newSession();
  }

  /** Sends what may be sent now, in batches. */
  flush(): void {
    if (!analyticsAllowed(this.consent) || this.queue.length === 0) return;
    while (this.queue.length) this.send(this.queue.splice(0, MAX_BATCH));
  }
}

function post(events: AnalyticsEvent[]): void {
  void sendAnalytics(browserHttp(), { events }).catch(() => undefined);
}

/** Starts analytics for this page: page view, bus listeners, consent changes, flush on leave. */
export function startAnalytics(): Analytics {
  const analytics = new Analytics({ consent: readConsentCookie(document.cookie), send: post });
  window.addEventListener('discover:track', (e) => {
    const d = (e as CustomEvent<{ name: TrackName; props?: Record<string, TrackValue>; at?: string }>).detail;
    if (d?.name) analytics.track(d.name, d.props ?? {}, d.at);
  });
  // What was tracked before this listened (see TRACK_QUEUE), in order.
  const w = window as unknown as Record<string, unknown>;
  w[TRACK_READY] = true;
  const waiting = (w[TRACK_QUEUE] as TrackDetail[] | undefined) ?? [];
  delete w[TRACK_QUEUE];
  window.addEventListener('consent-changed', (e) => analytics.setConsent((e as CustomEvent<ConsentRecord>).detail ?? readConsentCookie(document.cookie)));
  window.addEventListener('discover:analytics-reset', () => analytics.reset());
  const leave = () => analytics.flush();
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && leave());
  analytics.track('page_view', { title: document.title, referrer: document.referrer ? new URL(document.referrer).origin : null });
  for (const d of waiting) analytics.track(d.name, d.props, d.at);
  return analytics;
}
