import { clockOf, type Clock } from '../../platform/clock.ts';
import type { Deps } from '../../context.ts';
import { GazetteerGeocoder, type Geocoder } from './geocoder.ts';
import { invoiceBilling, type PaymentProvider } from './payments.ts';

/**
 * The replaceable parts of capture ordering for one app: the geocoder (offline gazetteer by
 * default), the payment provider (invoice billing by default) and the clock (the app's). Tests
 * and deployments swap them with `configureCapture(deps, …)` without touching the shared Deps.
 */
export interface CaptureServices {
  geocoder: Geocoder;
  payments: PaymentProvider;
  clock: Clock;
}

let sharedGeocoder: Geocoder | null = null;
const overrides = new WeakMap<Deps, Partial<CaptureServices>>();

/** Replaces some capture services of an app (a test geocoder, a card processor, a test clock). */
export function configureCapture(deps: Deps, services: Partial<CaptureServices>): void {
  overrides.set(deps, { ...overrides.get(deps), ...services });
}

/** The capture services of an app. */
export function captureServices(deps: Deps): CaptureServices {
  const o = overrides.get(deps) ?? {};
  return {
    geocoder: o.geocoder ?? (sharedGeocoder ??= new GazetteerGeocoder()),
    payments: o.payments ?? invoiceBilling,
    clock: o.clock ?? clockOf(deps),
  };
}
