/**
 * Every failure of the API answers the spec's error body (spec 3, "Api error body"): exactly the
 * keys `code`, `message`, `extra` and `retry`, whichever path refused the request: validation,
 * unreadable JSON, the body and NUL limits, the CSRF and administrator guards, route guards, not-found
 * items and routes, database conflicts, uploads, capture rules and caps, better-auth's own JSON
 * answers, and an unexpected server error (issue 27).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import { ANCHORAGE, captureApp, HOUSE, ORG, SF } from './capture-helpers.ts';

type App = Awaited<ReturnType<typeof captureApp>>;
type AuthApp = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
let auth: AuthApp;
beforeAll(async () => {
  t = await captureApp({ env: { CAPTURE_MAX_HOLDS: '1' } });
  auth = await createTestApp({ auth: true });
  await createCredentialUser(auth.db, { email: 'known@example.org', firstName: 'Known', lastName: 'Person', password: 'a long enough password' });
});
afterAll(async () => {
  await t.close();
  await auth.close();
});

const TUE_8AM = '2030-01-08T16:00:00.000Z';
const json = { 'content-type': 'application/json', origin: TEST_ORIGIN };
const as = (who: string | null, headers: Record<string, string> = {}) => ({ origin: TEST_ORIGIN, ...(who ? { 'x-test-user': who } : {}), ...headers });

/** One failing request: what it is, what it sends, the status it must get. */
interface Case {
  name: string;
  path: string;
  init?: RequestInit;
  status: number;
  code?: string;
  app?: 'auth';
}

const CASES: Case[] = [
  // 400
  {
    name: 'invalid body (zod)',
    path: '/api/capture/property/check/',
    init: { method: 'POST', headers: as('owner', json), body: '{"spaces":[]}' },
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  { name: 'unreadable JSON', path: '/api/capture/property/check/', init: { method: 'POST', headers: as('owner', json), body: '{' }, status: 400 },
  { name: 'invalid query', path: '/api/content/space/?limit=-4', status: 400, code: 'VALIDATION_ERROR' },
  { name: 'a NUL in the query', path: '/api/content/space/?searchText=a%00b', status: 400, code: 'BAD_REQUEST' },
  {
    name: 'a NUL in a JSON body',
    path: '/api/capture/property/check/',
    init: { method: 'POST', headers: as('owner', json), body: '{"a":"\\u0000"}' },
    status: 400,
  },
  // 401
  { name: 'guest on a signed-in route', path: '/api/capture/accounts/', status: 401, code: 'UNAUTHORIZED' },
  { name: 'guest writing their profile', path: '/api/content/user/me/profile/', init: { method: 'POST', headers: as(null, json), body: '{}' }, status: 401 },
  { name: 'guest on the admin API', path: '/admin/api/banner/', status: 401, code: 'UNAUTHORIZED' },
  // 403
  {
    name: 'cross-site write',
    path: '/api/capture/holds/',
    init: { method: 'POST', headers: { 'content-type': 'application/json', 'x-test-user': 'owner', origin: 'https://evil.example' }, body: '{}' },
    status: 403,
    code: 'FORBIDDEN',
  },
  { name: 'non-administrator on the admin API', path: '/admin/api/banner/', init: { headers: as('owner') }, status: 403, code: 'FORBIDDEN' },
  {
    name: 'a member changing the plan',
    path: `/api/capture/accounts/${ORG}/plan/`,
    init: { method: 'POST', headers: as('member', json), body: '{"plan":"BUSINESS"}' },
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'ordering on Starter',
    path: '/api/capture/orders/',
    init: {
      method: 'POST',
      headers: as('outsider', json),
      body: JSON.stringify({
        address: SF,
        property: HOUSE,
        start: TUE_8AM,
        contact: { isMe: true, firstName: 'Otto', lastName: 'Outsider', email: 'otto@example.com', phone: '(415) 555-2671' },
        acceptTerms: true,
      }),
    },
    status: 403,
    code: 'PLAN_UPGRADE_REQUIRED',
  },
  // 404
  { name: 'no such route', path: '/api/content/nothing-here/', status: 404, code: 'NOT_FOUND' },
  { name: 'no such admin route', path: '/admin/api/nothing-here/', init: { headers: as('admin') }, status: 404, code: 'NOT_FOUND' },
  { name: 'a method the route does not have', path: '/api/version/', init: { method: 'DELETE', headers: as(null) }, status: 404, code: 'NOT_FOUND' },
  { name: 'no such item', path: '/api/capture/orders/nope/', init: { headers: as('owner') }, status: 404, code: 'NOT_FOUND' },
  { name: 'no such admin item', path: '/admin/api/banner/999999/', init: { headers: as('admin') }, status: 404, code: 'NOT_FOUND' },
  { name: 'no such space', path: '/api/content/space/nope0000000/', status: 404, code: 'NOT_FOUND' },
  // 409
  {
    name: 'a time already held',
    path: '/api/capture/holds/',
    init: { method: 'POST', headers: as('outsider', json), body: JSON.stringify({ address: SF, property: HOUSE, start: TUE_8AM }) },
    status: 409,
    code: 'SLOT_UNAVAILABLE',
  },
  // 413
  {
    name: 'a body over 1 MB',
    path: '/api/capture/property/check/',
    init: { method: 'POST', headers: as('owner', json), body: `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}` },
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  // 415 (multipart built per request below)
  { name: 'an upload that is no picture', path: '/api/capture/uploads/', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  // 422
  {
    name: 'an address nobody covers',
    path: '/api/capture/address/check/',
    init: { method: 'POST', headers: as('owner', json), body: JSON.stringify(ANCHORAGE) },
    status: 422,
    code: 'ADDRESS_NOT_COVERED',
  },
  // 429
  {
    name: 'the account holds enough times',
    path: '/api/capture/holds/',
    init: { method: 'POST', headers: as('owner', json), body: JSON.stringify({ address: SF, property: HOUSE, start: '2030-01-08T19:00:00.000Z' }) },
    status: 429,
    code: 'HOLD_LIMIT_REACHED',
  },
  // better-auth's own JSON endpoints
  {
    app: 'auth',
    name: 'better-auth: wrong password',
    path: '/auth/api/sign-in/email',
    init: { method: 'POST', headers: json, body: JSON.stringify({ email: 'known@example.org', password: 'not the password' }) },
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    app: 'auth',
    name: 'better-auth: invalid body',
    path: '/auth/api/sign-in/email',
    init: { method: 'POST', headers: json, body: JSON.stringify({ email: 'not-an-email', password: 'x' }) },
    status: 400,
  },
  { app: 'auth', name: 'better-auth: no such endpoint', path: '/auth/api/nothing-here', init: { method: 'POST', headers: json, body: '{}' }, status: 404 },
];

/** Sends a case (the upload case builds its multipart body fresh). */
async function send(c: Case): Promise<Response> {
  const target = c.app === 'auth' ? auth : t;
  if (c.status === 415) {
    const form = new FormData();
    form.append('file', new Blob(['just text'], { type: 'image/png' }), 'fake.png');
    return target.app.request(c.path, { method: 'POST', headers: as('owner'), body: form });
  }
  return target.app.request(c.path, c.init ?? {});
}

/** Asserts the spec's four keys, with their types. */
async function expectErrorBody(res: Response, label: string) {
  expect(res.headers.get('content-type'), label).toMatch(/application\/json/);
  const body = (await res.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort(), label).toEqual(['code', 'extra', 'message', 'retry']);
  expect(typeof body['code'], label).toBe('string');
  expect(String(body['message']).length, label).toBeGreaterThan(0);
  expect(typeof body['retry'], label).toBe('boolean');
  return body;
}

describe('every failing request answers { code, message, extra, retry }', () => {
  test.each(CASES)('$status $name', async (c) => {
    // The 409 and 429 cases need someone else's hold first (the member holds Tuesday 08:00).
    if (c.status === 409 || c.status === 429) {
      const held = await t.call('member', 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start: TUE_8AM });
      expect([200, 409]).toContain(held.status);
    }
    const res = await send(c);
    expect(res.status, c.name).toBe(c.status);
    const body = await expectErrorBody(res, c.name);
    if (c.code) expect(body['code'], c.name).toBe(c.code);
    if (c.status === 429) expect(body['retry']).toBe(true);
  });

  test('500: an unexpected failure answers the generic message with the four keys', async () => {
    const broken = await createTestApp();
    try {
      await sql`drop table banners`.execute(broken.db.kysely);
      const res = await broken.app.request('/api/content/banner/');
      expect(res.status).toBe(500);
      const body = await expectErrorBody(res, '500');
      expect(body).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Unexpected Error. Try again or contact support if the problem persists.',
        extra: null,
        retry: true,
      });
    } finally {
      await broken.close();
    }
  });

  test('the OpenAPI document marks all four keys required', async () => {
    const doc = (await (await t.app.request('/api/docs/openapi.json')).json()) as { components: { schemas: Record<string, { required?: string[] }> } };
    expect(doc.components.schemas['ApiError']?.required?.sort()).toEqual(['code', 'extra', 'message', 'retry']);
  });
});
