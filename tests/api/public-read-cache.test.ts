/**
 * The public read cache in front of the whole stack, in process: a root app built as
 * src/server/main.ts builds it (the cache first, then compression and the security headers, then
 * the API over the fixture world), beside the same root without the cache. A counting middleware
 * behind the cache tells whether a request reached the stack. The fast path that answers before
 * Hono is covered with the real server in public-read-cache-server.test.ts.
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, test } from 'vitest';
import { PublicReadCache } from '../../src/server/public-read-cache.ts';
import { MAX_BODY_BYTES } from '../../src/server/request-limits.ts';
import { securityHeaders } from '../../src/server/security-headers.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import { seedFixtures, SESSIONS, W } from './fixtures.ts';

async function world() {
  // A cookie or a bearer token is the administrator; anyone else is a guest.
  const t = await createTestApp({
    session: (req) => Promise.resolve(req.headers.has('cookie') || req.headers.has('authorization') ? SESSIONS.admin : null),
  });
  await seedFixtures(t.db.kysely);
  const cache = new PublicReadCache({ ttlMs: 60_000, publicOrigin: TEST_ORIGIN });
  let reached = 0;
  const rootOf = (cached: boolean) => {
    const root = new Hono();
    if (cached) {
      root.use('*', cache.middleware);
      root.use('*', async (_c, next) => {
        reached += 1;
        await next();
      });
    }
    root.use('*', compress());
    root.use('*', securityHeaders({ publicOrigin: TEST_ORIGIN, showcaseUrlTemplate: 'https://my.matterport.com/show/?m={modelId}' }));
    root.route('/', t.app);
    return root;
  };
  const cached = rootOf(true);
  const plain = rootOf(false);
  return {
    ...t,
    cache,
    reached: () => reached,
    get: (path: string, headers: Record<string, string> = {}) => cached.request(path, { headers }),
    getPlain: (path: string, headers: Record<string, string> = {}) => plain.request(path, { headers }),
    send: (path: string, init: RequestInit) => cached.request(path, init),
    sendPlain: (path: string, init: RequestInit) => plain.request(path, init),
    // As an HTTP client sends it: with its Content-Length (in process, a Request has none of its own).
    search: (body: string, headers: Record<string, string> = {}) =>
      cached.request('/api/content/space/search/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers },
        body,
      }),
  };
}

/** Status, every header and the body's bytes: what two answers must share to be the same answer. */
async function whole(res: Response) {
  return { status: res.status, headers: [...res.headers.entries()], body: Buffer.from(await res.arrayBuffer()).toString('base64') };
}

const SPACE = `/api/content/space/${W.space.loft}/`;

describe('public read cache in front of the stack', () => {
  test("a guest's cached read is the uncached answer, byte for byte, compressed or not", async () => {
    const t = await world();
    for (const headers of [{}, { 'Accept-Encoding': 'gzip, deflate, br' }]) {
      const before = t.reached();
      const first = await whole(await t.get(SPACE, headers));
      const second = await whole(await t.get(SPACE, headers));
      expect(t.reached() - before).toBe(1);
      expect(second).toEqual(first);
      expect(await whole(await t.getPlain(SPACE, headers))).toEqual(first);
      expect(first.status).toBe(200);
    }
    const gzip = (await t.get(SPACE, { 'Accept-Encoding': 'gzip' })).headers;
    expect(gzip.get('content-encoding')).toBe('gzip');
    expect(gzip.get('x-content-type-options')).toBe('nosniff');
    expect(gzip.get('etag')).toMatch(/^W\//);
    await t.close();
  });

  test('If-None-Match gets the 304 the stack gives, from the cache the second time; HEAD too', async () => {
    const t = await world();
    const etag = (await t.get(SPACE)).headers.get('etag') ?? '';
    const before = t.reached();
    const first = await whole(await t.get(SPACE, { 'If-None-Match': etag }));
    const second = await whole(await t.get(SPACE, { 'If-None-Match': etag }));
    expect(first.status).toBe(304);
    expect(second).toEqual(first);
    expect(await whole(await t.getPlain(SPACE, { 'If-None-Match': etag }))).toEqual(first);
    expect(t.reached() - before).toBe(1);
    const head = await whole(await t.send(SPACE, { method: 'HEAD' }));
    expect(await whole(await t.send(SPACE, { method: 'HEAD' }))).toEqual(head);
    expect(await whole(await t.sendPlain(SPACE, { method: 'HEAD' }))).toEqual(head);
    expect(head).toMatchObject({ status: 200, body: '' });
    expect(t.reached() - before).toBe(2);
    await t.close();
  });

  test('a signed-in write empties it: the next guest read shows the change', async () => {
    const t = await world();
    expect(((await (await t.get(SPACE)).json()) as { name: string }).name).not.toBe('The Harbour Loft');
    const patch = await t.send(`/admin/api/space/${W.space.loft}/`, {
      method: 'PATCH',
      headers: { cookie: 's=1', Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'The Harbour Loft' }),
    });
    expect(patch.status, await patch.clone().text()).toBe(200);
    const before = t.reached();
    expect(((await (await t.get(SPACE)).json()) as { name: string }).name).toBe('The Harbour Loft');
    expect(t.reached() - before).toBe(1);
    await t.close();
  });

  test('requests with a cookie or Authorization are never answered from it nor stored', async () => {
    const t = await world();
    await t.get(SPACE);
    const before = t.reached();
    const signedIn = await t.get(SPACE, { cookie: 's=1' });
    await t.get(SPACE, { authorization: 'Bearer x' });
    expect(t.reached() - before).toBe(2);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    // The guest's answer is still the guest's.
    expect((await t.get(SPACE)).headers.get('cache-control')).toBeNull();
    expect(t.reached() - before).toBe(2);
    await t.close();
  });

  test('guest searches are keyed by their canonical JSON body; a cross-site one is still refused; the body cap still applies', async () => {
    const t = await world();
    const before = t.reached();
    const loft = await whole(await t.search('{"searchText":"loft"}'));
    const again = await whole(await t.search('{ "searchText" : "loft" }'));
    const cafe = await whole(await t.search('{"searchText":"cafe"}'));
    expect(t.reached() - before).toBe(2);
    expect(again).toEqual(loft);
    expect(cafe.body).not.toBe(loft.body);
    const names = (w: { body: string }) => (JSON.parse(Buffer.from(w.body, 'base64').toString()) as { results: { id: string }[] }).results.map((s) => s.id);
    expect(names(loft)).toContain(W.space.loft);
    expect(names(cafe)).not.toEqual(names(loft));
    // Same site: from the cache; another site: refused as before.
    expect((await t.search('{"searchText":"loft"}', { Origin: TEST_ORIGIN })).status).toBe(200);
    expect(t.reached() - before).toBe(2);
    expect((await t.search('{"searchText":"loft"}', { Origin: 'https://elsewhere.example' })).status).toBe(403);
    const big = await t.search(`{"searchText":"${'a'.repeat(MAX_BODY_BYTES)}"}`);
    expect(big.status).toBe(413);
    await t.close();
  });
});
