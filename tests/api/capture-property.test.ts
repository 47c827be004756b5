/**
 * Capture ordering, steps 2 and 4: property details (spaces, units, the 30,000 sq ft limit and
 * Talk to Sales), the site contact's phone for the property's country, and floor-plan uploads
 * through the safe upload path.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { EXCEEDED_MAX_PROPERTY_SIZE_MESSAGE, SALES_CONTACT_MESSAGE } from '../../src/domain/capture-rules.ts';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../../src/domain/user-rules.ts';
import { captureApp, CONTACT, HOUSE, SF } from './capture-helpers.ts';
import { blob, makePng } from './user-helpers.ts';

type App = Awaited<ReturnType<typeof captureApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});
const open = async () => (app = await captureApp());
const fields = (json: unknown) => (json as { extra: { fields: { path: string; message: string }[] } }).extra.fields;

describe('property details', () => {
  test('totals, visit length and the price by size; signed-in only', async () => {
    const t = await open();
    expect((await t.call(null, 'POST', '/api/capture/property/check/', HOUSE)).status).toBe(401);
    const r = await t.call('owner', 'POST', '/api/capture/property/check/', HOUSE);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ spaceCount: 2, totalSize: 2000, totalSquareFeet: 2000, visitMinutes: 60, startingPriceText: 'Starting at $249' });
    const big = await t.call('owner', 'POST', '/api/capture/property/check/', {
      propertyType: 'COMMERCIAL',
      unit: 'SQUARE_FT',
      spaces: [{ name: 'Hall', size: 12_000 }],
    });
    expect(big.json).toMatchObject({ visitMinutes: 210, startingPriceText: 'Starting at $999' });
  });

  test("square meters convert; a blank first space is 'Main space'; every other space needs a name", async () => {
    const t = await open();
    const r = await t.call('owner', 'POST', '/api/capture/property/check/', { propertyType: 'RESIDENTIAL', unit: 'SQUARE_METER', spaces: [{ size: 100 }] });
    expect(r.json).toMatchObject({ totalSize: 100, totalSquareFeet: 1076, spaces: [{ name: 'Main space', size: 100 }] });
    const bad = await t.call('owner', 'POST', '/api/capture/property/check/', {
      propertyType: 'RESIDENTIAL',
      unit: 'SQUARE_FT',
      spaces: [{ size: 100 }, { name: ' ', size: 100 }, { name: 'Attic', size: 0 }],
    });
    expect(bad.status).toBe(400);
    expect(fields(bad.json)).toEqual([
      { path: 'json.spaces.2.size', message: 'Enter the approximate size of this space' },
      { path: 'json.spaces.1.name', message: 'Enter a name for this space' },
    ]);
  });

  test('over 30,000 sq ft in total (units converted): EXCEEDED_MAX_PROPERTY_SIZE', async () => {
    const t = await open();
    const ok = await t.call('owner', 'POST', '/api/capture/property/check/', {
      propertyType: 'COMMERCIAL',
      unit: 'SQUARE_FT',
      spaces: [{ name: 'A', size: 30_000 }],
    });
    expect(ok.status).toBe(200);
    const over = await t.call('owner', 'POST', '/api/capture/property/check/', {
      propertyType: 'COMMERCIAL',
      unit: 'SQUARE_METER',
      spaces: [
        { name: 'A', size: 1500 },
        { name: 'B', size: 1300 },
      ],
    });
    expect(over.status).toBe(422);
    expect(over.json).toMatchObject({
      code: 'EXCEEDED_MAX_PROPERTY_SIZE',
      message: EXCEEDED_MAX_PROPERTY_SIZE_MESSAGE,
      extra: { totalSquareFeet: 30_139, maxSquareFeet: 30_000 },
    });
    // The same limit holds wherever the property is sent (availability, quote, order).
    expect(
      (
        await t.call('owner', 'POST', '/api/capture/availability/', {
          address: SF,
          property: { propertyType: 'COMMERCIAL', unit: 'SQUARE_FT', spaces: [{ name: 'A', size: 30_001 }] },
        })
      ).json,
    ).toMatchObject({
      code: 'EXCEEDED_MAX_PROPERTY_SIZE',
    });
  });

  test('Talk to Sales: stored for the sales team, guests too', async () => {
    const t = await open();
    const r = await t.call(null, 'POST', '/api/capture/sales-contact/', {
      firstName: 'Lea',
      lastName: 'Large',
      email: 'lea@example.com',
      company: 'Big Box Ltd',
      message: 'A 60,000 sq ft warehouse',
      address: SF,
      property: { propertyType: 'COMMERCIAL', unit: 'SQUARE_FT', spaces: [{ name: 'Warehouse', size: 60_000 }] },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: SALES_CONTACT_MESSAGE });
    const rows = await t.db.kysely
      .selectFrom('capture_sales_contacts' as never)
      .select(['email' as never, 'company' as never, 'totalSquareFeet' as never])
      .execute();
    expect(rows).toEqual([{ email: 'lea@example.com', company: 'Big Box Ltd', totalSquareFeet: 60_000 }]);
    expect(fields((await t.call(null, 'POST', '/api/capture/sales-contact/', { firstName: '', lastName: 'X', email: 'lea@example.com' })).json)).toEqual([
      { path: 'json.firstName', message: 'Please enter First Name' },
    ]);
  });
});

describe('site contact', () => {
  const check = (t: App, countryCode: string, contact: Record<string, unknown>) =>
    t.call('owner', 'POST', '/api/capture/contact/check/', { countryCode, contact });

  test("the phone is checked for the property's country", async () => {
    const t = await open();
    const ok = await check(t, 'US', CONTACT);
    const TOKYO_CONTACT = { ...CONTACT, phone: '03-1234-5678' };
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ phoneE164: '+14155552671', phoneDisplay: '(415) 555-2671' });
    expect((await check(t, 'JP', TOKYO_CONTACT)).json).toMatchObject({ phoneE164: '+81312345678', phoneDisplay: '03-1234-5678' });
    // A number from another country, written internationally, is accepted and kept international.
    expect((await check(t, 'US', { ...CONTACT, phone: '+44 20 7946 0958' })).json).toMatchObject({
      phoneE164: '+442079460958',
      phoneDisplay: '+44 20 7946 0958',
    });
  });

  test('phone messages: Please enter Phone, Not a valid phone number, Enter a valid Phone; names', async () => {
    const t = await open();
    const messages = async (countryCode: string, contact: Record<string, unknown>) => fields((await check(t, countryCode, contact)).json);
    expect(await messages('US', { ...CONTACT, phone: '' })).toEqual([{ path: 'json.contact.phone', message: 'Please enter Phone' }]);
    expect(await messages('US', { ...CONTACT, phone: 'call me maybe' })).toEqual([{ path: 'json.contact.phone', message: 'Not a valid phone number' }]);
    expect(await messages('US', { ...CONTACT, phone: '555-12' })).toEqual([{ path: 'json.contact.phone', message: 'Enter a valid Phone' }]);
    expect(await messages('GB', { ...CONTACT, phone: '(415) 555-2671' })).toEqual([{ path: 'json.contact.phone', message: 'Enter a valid Phone' }]);
    expect(await messages('US', { ...CONTACT, firstName: '', lastName: ' ' })).toEqual([
      { path: 'json.contact.firstName', message: 'Please enter First Name' },
      { path: 'json.contact.lastName', message: 'Please enter Last Name' },
    ]);
  });
});

describe('floor plans and photos', () => {
  test('through the safe upload path: re-encoded to WebP, over 8 MB refused with the spec message', async () => {
    const t = await open();
    const upload = async (body: Blob, name = 'plan.png') => {
      const form = new FormData();
      form.append('file', body, name);
      const res = await t.app.request('/api/capture/uploads/', { method: 'POST', headers: { origin: 'http://localhost', 'x-test-user': 'owner' }, body: form });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const ok = await upload(blob(await makePng(1200, 900)), 'floor plan.png');
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ fileName: 'floor plan.png', contentType: 'image/webp' });
    expect(ok.json['url']).toMatch(/^\/media\/uploads\/[0-9a-f]{2}\/[0-9a-f]{24}\/1200\.webp$/);
    const notImage = await upload(blob('just text', 'image/png'), 'fake.png');
    expect(notImage.status).toBe(415);
    const tooBig = await upload(blob(new Uint8Array(MAX_UPLOAD_BYTES + 1024)), 'huge.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.json).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: FILE_TOO_LARGE_MESSAGE });
    expect(FILE_TOO_LARGE_MESSAGE).toBe('Your file is too large. The maximum size allowed is 8 MB.');
  });
});
