import { afterEach, describe, expect, test } from 'vitest';
import type { Order, Quote } from '../../src/domain/capture.ts';
import { defaultSizeUnit } from '../../src/domain/capture-units.ts';
import type { GeocodeQuery, GeocodeResult, Geocoder } from '../../src/server/modules/capture/geocoder.ts';
import { captureApp, CONTACT, HOUSE, ORG, orderBody, PLACES, SF } from './capture-helpers.ts';

/**
 * The capture flow's units and currency follow the property's country (issue 26): a Paris order
 * defaults to square metres and is priced, placed and invoiced in euros; a US one in square feet
 * and US dollars. The order's currency is fixed when it is placed.
 */

const PARIS = { countryCode: 'FR', streetAddress: '8 Rue de Rivoli', city: 'Paris', postalCode: '75004' };
/** The test geocoder's places, with Paris. */
const places: Record<string, GeocodeResult> = { ...PLACES, 'FR|Paris': { lat: 48.8566, long: 2.3522, place: 'Paris, FR' } };
const geocoder: Geocoder = { geocode: (q: GeocodeQuery) => Promise.resolve(places[`${q.countryCode}|${q.city}`] ?? null) };

type App = Awaited<ReturnType<typeof captureApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A flat of 80 m² in Paris, as the flow sends it once the unit defaulted to m². */
const PARIS_FLAT = { propertyType: 'RESIDENTIAL' as const, unit: defaultSizeUnit('FR'), spaces: [{ name: 'Flat', size: 80 }] };

describe('units and currency by country', () => {
  test('square metres by default everywhere but the US, Liberia and Myanmar', () => {
    expect(defaultSizeUnit('FR')).toBe('SQUARE_METER');
    expect(defaultSizeUnit('jp')).toBe('SQUARE_METER');
    expect(defaultSizeUnit('US')).toBe('SQUARE_FT');
    expect(defaultSizeUnit('LR')).toBe('SQUARE_FT');
    expect(defaultSizeUnit('MM')).toBe('SQUARE_FT');
  });

  test('a Paris quote is in euros with French VAT; a San Francisco one in US dollars', async () => {
    const t = (app = await captureApp({ geocoder }));
    const paris = (await t.call('owner', 'POST', '/api/capture/quote/', { address: PARIS, property: PARIS_FLAT })).json as unknown as Quote;
    // 80 m² is 861 ft²: the smallest band of the euro list.
    expect(paris).toMatchObject({
      startingPrice: { amount: 13_900, currency: 'EUR' },
      startingPriceText: 'Starting at €139',
      subtotal: { amount: 13_900, currency: 'EUR' },
      taxLines: [{ label: 'VAT 20%', amount: { amount: 2_780, currency: 'EUR' } }],
      total: { amount: 16_680, currency: 'EUR' },
      amountDue: { currency: 'EUR' },
    });
    const sf = (await t.call('owner', 'POST', '/api/capture/quote/', { address: SF, property: HOUSE })).json as unknown as Quote;
    expect(sf).toMatchObject({ startingPriceText: 'Starting at $249', total: { amount: 24_900, currency: 'USD' }, taxLines: [] });
  });

  test('a Paris order is placed and invoiced in euros; a US order in US dollars', async () => {
    const t = (app = await captureApp({ geocoder }));
    expect((await t.call('owner', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'PROFESSIONAL' })).status).toBe(200);
    // The first free time of the Paris technician.
    const free = (await t.call('owner', 'POST', '/api/capture/availability/', { address: PARIS, property: PARIS_FLAT, from: '2030-01-08' }))
      .json as unknown as {
      days: { slots: { start: string }[] }[];
    };
    const start = free.days.flatMap((d) => d.slots)[0]?.start;
    expect(start, 'a free time in Paris').toBeDefined();
    const placed = await t.call(
      'owner',
      'POST',
      '/api/capture/orders/',
      orderBody({ address: PARIS, property: PARIS_FLAT, start: start, contact: { ...CONTACT, phone: '+33 1 42 68 53 00' } }),
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const order = placed.json as unknown as Order;
    expect(order.property).toMatchObject({ unit: 'SQUARE_METER', totalSize: 80 });
    expect(order.price).toMatchObject({ total: { amount: 16_680, currency: 'EUR' }, amountDue: { currency: 'EUR' } });
    expect(order.invoices?.[0]).toMatchObject({ total: { amount: 16_680, currency: 'EUR' } });
    const pdf = await t.call('owner', 'GET', `/api/capture/invoices/${order.invoices?.[0]?.id}/pdf/`);
    expect(pdf.status).toBe(200);

    const us = await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: '2030-01-08T16:00:00.000Z' }));
    expect(us.status, JSON.stringify(us.json)).toBe(200);
    const usOrder = us.json as unknown as Order;
    expect(usOrder.property.unit).toBe('SQUARE_FT');
    expect(usOrder.price.total).toEqual({ amount: 24_900, currency: 'USD' });
    expect(usOrder.invoices?.[0]?.total.currency).toBe('USD');
  });
});
