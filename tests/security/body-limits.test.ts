import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { MAX_BODY_BYTES, NUL_MESSAGE } from '../../src/server/request-limits.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import { userApp } from '../api/user-helpers.ts';
import { NO_LIMITS, type TestApp } from './helpers.ts';

/** A body stream of `size` bytes of JSON-looking text, sent without Content-Length (chunked), counting what was pulled. */
function hugeJsonStream(size: number) {
  const chunk = new TextEncoder().encode(`{"q":"${'a'.repeat(64 * 1024 - 8)}",`);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
  return { stream, sent: () => sent };
}

const expectTooLarge = async (res: Response) => {
  expect(res.status).toBe(413);
  const body = ApiErrorBody.parse(await res.json());
  expect(body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', retry: false, extra: { maxBytes: MAX_BODY_BYTES } });
  expect(body.message).toBe('The request body is too large. The limit is 1 MB.');
};

describe('request bodies are capped on every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS });
  });
  afterAll(() => t.close());

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    t.app.request(path, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
      duplex: 'half',
    } as RequestInit);

  it.each(['/api/content/space/search/', '/api/analytics/events', '/auth/api/sign-in/email', '/auth/sign-in', '/admin/api/banner/', '/no/such/route'])(
    'a guest’s 100 MB of JSON to %s stops at the first megabyte with 413 and the error body',
    async (path) => {
      const huge = hugeJsonStream(100 * 1024 * 1024);
      await expectTooLarge(await post(path, huge.stream));
      expect(huge.sent()).toBeLessThan(4 * MAX_BODY_BYTES);
    },
  );

  it('refuses a declared Content-Length over 1 MB before reading it', async () => {
    await expectTooLarge(await post('/api/content/space/search/', '{}', { 'content-length': String(MAX_BODY_BYTES + 1) }));
  });

  it('lets a body of exactly 1 MB through to the route', async () => {
    const body = JSON.stringify({ query: 'museum', pad: 'x'.repeat(MAX_BODY_BYTES - 40) });
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const res = await post('/api/content/space/search/', body);
    expect(res.status).not.toBe(413);
  });

  it('caps form and text bodies too', async () => {
    const form = `email=${'a'.repeat(MAX_BODY_BYTES)}`;
    await expectTooLarge(await post('/auth/sign-in', form, { 'content-type': 'application/x-www-form-urlencoded' }));
    await expectTooLarge(await post('/api/content/space/search/', 'x'.repeat(MAX_BODY_BYTES + 1), { 'content-type': 'text/plain' }));
  });

  it('keeps the upload cap (8 MB) for multipart uploads, with the spec’s message', async () => {
    const u = await userApp('bob');
    const res = await u.upload('/api/content/user/me/profile/attachment/', new Blob([new Uint8Array(9 * 1024 * 1024)], { type: 'image/png' }), 'PROFILE_IMAGE');
    expect(res.status).toBe(413);
    expect((await res.json()) as unknown).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Your file is too large. The maximum size allowed is 8 MB.' });
    await u.close();
  });
});

describe('NUL characters are refused on input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS });
  });
  afterAll(() => t.close());

  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'BAD_REQUEST', message: NUL_MESSAGE, extra: null, retry: false });
  };

  it('in a JSON string, a JSON key, a form field and the query', async () => {
    const json = (body: string) =>
      t.app.request('/api/content/space/search/', { method: 'POST', body, headers: { 'content-type': 'application/json', origin: TEST_ORIGIN } });
    await refused(await json(JSON.stringify({ query: 'mu\u0000seum' })));
    await refused(await json(JSON.stringify({ filters: { ['k\u0000']: 1 } })));
    await refused(await json('{"query":["ok",{"deep":"\\u0000"}]}'));
    await refused(
      await t.app.request('/auth/sign-in', {
        method: 'POST',
        body: 'email=a%00b%40example.org&password=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
      }),
    );
    await refused(await t.app.request('/api/content/space/?search=mu%00seum'));
  });

  it('leaves text without NUL alone (an escaped backslash-u is just text)', async () => {
    const res = await t.app.request('/api/content/space/search/', {
      method: 'POST',
      body: JSON.stringify({ query: 'back\\u0000slash' }),
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    });
    expect(res.status).not.toBe(400);
  });
});
