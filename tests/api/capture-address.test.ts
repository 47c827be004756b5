/**
 * Capture ordering, step 1: countries and address formats from Google's metadata, the form's
 * messages, the three address outcomes (covered, not found, not covered with and without sign-up),
 * notify-me, and the email when a technician's area later covers a signup.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { ADDRESS_NOT_COVERED_MESSAGE, ADDRESS_NOT_FOUND_MESSAGE, COVERED_MESSAGE, NOTIFY_ME_MESSAGE } from '../../src/domain/capture-rules.ts';
import type { AddressFormat, CountryList } from '../../src/domain/capture.ts';
import { ANCHORAGE, captureApp, SF } from './capture-helpers.ts';

type App = Awaited<ReturnType<typeof captureApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});
const open = async (...args: Parameters<typeof captureApp>) => (app = await captureApp(...args));
const fields = (json: unknown) => (json as { extra: { fields: { path: string; message: string }[] } }).extra.fields;

describe('countries and address formats', () => {
  test('about 249 countries with English names, sorted, for guests too', async () => {
    const t = await open();
    const { status, json } = await t.call(null, 'GET', '/api/capture/countries/');
    expect(status).toBe(200);
    const { countries } = json as unknown as CountryList;
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries.length).toBeLessThanOrEqual(255);
    expect(countries.find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(countries.find((c) => c.code === 'US')?.name).toBe('United States');
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  test("each country's fields, order, labels, required fields and postal pattern", async () => {
    const t = await open();
    const get = async (code: string) => (await t.call(null, 'GET', `/api/capture/countries/${code}/`)).json as unknown as AddressFormat;
    const us = await get('US');
    expect(us.fields.map((f) => [f.key, f.label, f.required])).toEqual([
      ['streetAddress', 'Street address', true],
      ['suiteUnit', 'Suite / Unit', false],
      ['city', 'City', true],
      ['administrativeArea', 'State', true],
      ['postalCode', 'ZIP code', true],
    ]);
    expect(us.fields.find((f) => f.key === 'administrativeArea')?.options).toContainEqual({ value: 'CA', label: 'California' });
    expect(new RegExp(`^(?:${us.postalCodePattern})$`).test('94105')).toBe(true);

    const ie = await get('IE');
    expect(ie.fields.map((f) => f.label)).toEqual(['Street address', 'Suite / Unit', 'Townland', 'City', 'County', 'Eircode']);
    const jp = await get('JP');
    expect(jp.fields.map((f) => f.key)).toEqual(['streetAddress', 'suiteUnit', 'administrativeArea', 'postalCode']);
    expect(jp.fields.find((f) => f.key === 'administrativeArea')?.label).toBe('Prefecture');
    expect((await get('GB')).fields.find((f) => f.key === 'city')?.label).toBe('Post town');
    expect((await get('AE')).fields.find((f) => f.key === 'administrativeArea')?.label).toBe('Emirate');
    expect((await get('IN')).fields.find((f) => f.key === 'postalCode')?.label).toBe('PIN code');

    // Every label the spec names comes out of the metadata somewhere.
    const { countries } = (await t.call(null, 'GET', '/api/capture/countries/')).json as unknown as CountryList;
    const labels = new Set<string>();
    for (const c of countries) for (const f of (await get(c.code)).fields) labels.add(f.label.toLowerCase());
    for (const word of [
      'area',
      'county',
      'department',
      'district',
      'eircode',
      'emirate',
      'island',
      'oblast',
      'parish',
      'pin',
      'post town',
      'prefecture',
      'province',
      'suburb',
      'townland',
      'zip',
    ]) {
      expect(
        [...labels].some((l) => l.includes(word)),
        word,
      ).toBe(true);
    }
    expect((await t.call(null, 'GET', '/api/capture/countries/QQ/')).status).toBe(404);
  });
});

describe('address check', () => {
  test("the form's messages, exactly", async () => {
    const t = await open();
    let r = await t.call('owner', 'POST', '/api/capture/address/check/', { countryCode: '' });
    expect(r.status).toBe(400);
    expect(fields(r.json)).toEqual([{ path: 'json.countryCode', message: 'Please enter Country' }]);
    r = await t.call('owner', 'POST', '/api/capture/address/check/', { countryCode: 'QQ', streetAddress: '1 Main St' });
    expect(fields(r.json)).toEqual([{ path: 'json.countryCode', message: 'Please enter Country' }]);
    r = await t.call('owner', 'POST', '/api/capture/address/check/', { countryCode: 'US', postalCode: '1234' });
    expect(r.status).toBe(400);
    expect(fields(r.json)).toEqual([
      { path: 'json.streetAddress', message: 'Please enter street address' },
      { path: 'json.city', message: 'Please enter' },
      { path: 'json.administrativeArea', message: 'Please enter' },
      { path: 'json.postalCode', message: 'Enter a valid ZIP code' },
    ]);
    r = await t.call('owner', 'POST', '/api/capture/address/check/', { ...SF, administrativeArea: 'Narnia' });
    expect(fields(r.json)).toEqual([{ path: 'json.administrativeArea', message: 'Please enter' }]);
  });

  test('covered: the congratulations, the place, its time zone', async () => {
    const t = await open();
    const r = await t.call('owner', 'POST', '/api/capture/address/check/', { ...SF, administrativeArea: 'ca', postalCode: '94105-1234' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      outcome: 'COVERED',
      message: COVERED_MESSAGE,
      address: {
        countryCode: 'US',
        administrativeArea: 'CA',
        timeZone: 'America/Los_Angeles',
        formatted: ['1 Market St', 'San Francisco, California 94105-1234', 'United States'],
      },
    });
  });

  test('not found: 422 ADDRESS_NOT_FOUND', async () => {
    const t = await open();
    const r = await t.call('owner', 'POST', '/api/capture/address/check/', { ...SF, city: 'Atlantis' });
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ code: 'ADDRESS_NOT_FOUND', message: ADDRESS_NOT_FOUND_MESSAGE });
  });

  test('not covered: signed in (prefilled) and guest (asked to sign up)', async () => {
    const t = await open();
    const signedIn = await t.call('owner', 'POST', '/api/capture/address/check/', ANCHORAGE);
    expect(signedIn.status).toBe(422);
    expect(signedIn.json).toMatchObject({
      code: 'ADDRESS_NOT_COVERED',
      message: ADDRESS_NOT_COVERED_MESSAGE,
      extra: { notifyMe: { firstName: 'Olivia', lastName: 'Owner', email: 'olivia@example.com' }, address: { timeZone: 'America/Anchorage' } },
    });
    const guest = await t.call(null, 'POST', '/api/capture/address/check/', ANCHORAGE);
    expect(guest.status).toBe(422);
    expect(guest.json).toMatchObject({ code: 'ADDRESS_NOT_COVERED_WITHOUT_SIGNUP', message: ADDRESS_NOT_COVERED_MESSAGE, extra: { notifyMe: null } });
  });

  test('the offline gazetteer: San Francisco, London and Tokyo covered; Anchorage not; a made-up town not found', async () => {
    const t = await open({ geocoder: 'gazetteer' });
    const check = (body: unknown) => t.call('owner', 'POST', '/api/capture/address/check/', body);
    expect((await check(SF)).status).toBe(200);
    expect((await check({ countryCode: 'GB', streetAddress: '10 Downing St', city: 'London', postalCode: 'SW1A 2AA' })).json).toMatchObject({
      address: { timeZone: 'Europe/London' },
    });
    // Japan's form has no city field: the prefecture names the place.
    expect(
      (await check({ countryCode: 'JP', streetAddress: '1-1 Marunouchi, Chiyoda-ku', administrativeArea: '13', postalCode: '100-0005' })).json,
    ).toMatchObject({
      outcome: 'COVERED',
      address: { timeZone: 'Asia/Tokyo' },
    });
    expect((await check({ ...SF, city: 'Oakland' })).status).toBe(200);
    expect((await check(ANCHORAGE)).json).toMatchObject({ code: 'ADDRESS_NOT_COVERED' });
    expect((await check({ ...SF, city: 'Qwertyville' })).json).toMatchObject({ code: 'ADDRESS_NOT_FOUND' });
  });
});

describe('notify me', () => {
  test('stored once, answered with the spec text; checked fields', async () => {
    const t = await open();
    const body = { firstName: 'Nora', lastName: 'North', email: 'Nora@Example.com', address: ANCHORAGE };
    const r = await t.call(null, 'POST', '/api/capture/notify-me/', body);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: NOTIFY_ME_MESSAGE });
    await t.call(null, 'POST', '/api/capture/notify-me/', body);
    const rows = await t.db.kysely
      .selectFrom('capture_notify_requests' as never)
      .select(['email' as never, 'countryCode' as never])
      .execute();
    expect(rows).toEqual([{ email: 'nora@example.com', countryCode: 'US' }]);
    const bad = await t.call(null, 'POST', '/api/capture/notify-me/', { firstName: ' ', lastName: '', email: 'nope', address: ANCHORAGE });
    expect(bad.status).toBe(400);
    expect(fields(bad.json).map((f) => f.message)).toEqual([
      'Please enter First Name',
      'Please enter Last Name',
      'Enter an email address like name@example.com.',
    ]);
  });

  test('a technician whose area later covers the address: the person is emailed once, and the address is covered', async () => {
    const t = await open();
    await t.call(null, 'POST', '/api/capture/notify-me/', { firstName: 'Nora', lastName: 'North', email: 'nora@example.com', address: ANCHORAGE });
    await t.call('member', 'POST', '/api/capture/notify-me/', {
      firstName: 'Far',
      lastName: 'Away',
      email: 'far@example.com',
      address: { ...SF, city: 'Oakland' },
    });
    const technician = {
      firstName: 'Aurora',
      lastName: 'Frost',
      email: 'aurora@technicians.example.com',
      areaName: 'Anchorage',
      countryCode: 'US',
      continent: 'North America',
      location: { lat: 61.2181, long: -149.9003 },
      radiusKm: 40,
      workingHours: { '1': ['09:00', '17:00'], '2': ['09:00', '17:00'] },
    };
    expect((await t.call('owner', 'POST', '/admin/api/capture/technicians/', technician)).status).toBe(403);
    const added = await t.call('admin', 'POST', '/admin/api/capture/technicians/', technician);
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ notified: 1, technician: { timeZone: 'America/Anchorage', travelBufferMinutes: 30 } });
    const mail = (await t.emails()).filter((e) => e.topic === 'capture.coverage.available');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'nora@example.com', subject: 'Good news: 3D capture is now available in your area' });
    expect(mail[0]?.text).toContain('Hello Nora');
    // Saving again notifies nobody twice.
    const id = (added.json as { technician: { id: string } }).technician.id;
    expect((await t.call('admin', 'PUT', `/admin/api/capture/technicians/${id}/`, { ...technician, radiusKm: 60 })).json).toMatchObject({ notified: 0 });
    expect((await t.call('owner', 'POST', '/api/capture/address/check/', ANCHORAGE)).json).toMatchObject({ outcome: 'COVERED' });
    expect((await t.call('admin', 'GET', '/admin/api/capture/technicians/')).json).toMatchObject({
      technicians: expect.arrayContaining([expect.objectContaining({ areaName: 'Anchorage' })]) as unknown,
    });
  });
});

describe('landing data', () => {
  test('public: starting price, limits, at least 25 served metro areas on 5 continents, none in Alaska', async () => {
    const t = await open();
    const r = await t.call(null, 'GET', '/api/capture/landing/');
    expect(r.status).toBe(200);
    const landing = r.json as unknown as {
      startingPriceText: string;
      maxPropertySquareFeet: number;
      servedAreas: { name: string; continent: string; location: { lat: number } }[];
    };
    expect(landing.startingPriceText).toBe('Starting at $149');
    expect(landing.maxPropertySquareFeet).toBe(30_000);
    expect(landing.servedAreas.length).toBeGreaterThanOrEqual(25);
    expect(new Set(landing.servedAreas.map((a) => a.continent)).size).toBeGreaterThanOrEqual(5);
    for (const name of ['New York', 'San Francisco Bay Area', 'London', 'Paris', 'Berlin', 'Tokyo', 'Sydney'])
      expect(landing.servedAreas.map((a) => a.name)).toContain(name);
    expect(landing.servedAreas.some((a) => a.location.lat > 55 && a.name.includes('Anchorage'))).toBe(false);
  });
});
