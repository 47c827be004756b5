import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCEPT_ALL, consentRecord } from '../../domain/consent.ts';
import { Analytics, type AnalyticsEvent } from './analytics.ts';

const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  vi.stubGlobal('location', { pathname: '/discover/de/' });
  vi.stubGlobal('document', { documentElement: { lang: 'de' } });
  vi.stubGlobal('sessionStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) });
});

function tracker(consent: Parameters<typeof consentRecord>[0] | null) {
  const batches: AnalyticsEvent[][] = [];
  const a = new Analytics({ consent: consent ? consentRecord(consent) : null, send: (events) => batches.push(events) });
  return { a, batches };
}

describe('analytics gating (spec 7)', () => {
  it('holds events until consent, then sends them when performance is allowed', () => {
    const { a, batches } = tracker(null);
    a.track('page_view', { title: 'Home' });
    a.track('search', { query: 'castle', location: 'header', override: null });
    expect(batches).toEqual([]);
    a.setConsent(ACCEPT_ALL);
    expect(batches.flat().map((e) => e.name)).toEqual(['page_view', 'search']);
    expect(batches.flat()[0]).toMatchObject({ path: '/discover/de/', locale: 'de' });
  });

  it('drops what waited, and sends nothing later, when performance is refused', () => {
    const { a, batches } = tracker(null);
    a.track('page_view');
    a.setConsent(consentRecord({ performance: false, functionality: true, targeting: true }));
    a.track('search', { query: 'x', location: 'header', override: null });
    expect(batches).toEqual([]);
  });

  it('adds session_start to error events and keeps one session per tab until reset', () => {
    const { a, batches } = tracker({ performance: true, functionality: false, targeting: false });
    a.track('error', { error_message: 'boom' });
    const first = batches.flat()[0] as AnalyticsEvent;
    expect(first.props['session_start']).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = tracker({ performance: true, functionality: false, targeting: false });
    again.a.track('page_view');
    expect(again.batches.flat()[0]?.sessionId).toBe(first.sessionId);
    again.a.reset();
    again.a.track('page_view');
    expect(again.batches.flat()[1]?.sessionId).not.toBe(first.sessionId);
  });
});
