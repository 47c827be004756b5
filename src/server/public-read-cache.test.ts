import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { canonicalJson, publicReadCache } from './public-read-cache.ts';

/** A content read that counts its calls, behind the cache; a write that changes what it answers. */
function setup(ttlMs = 1000) {
  let clock = 0;
  let version = 1;
  let reads = 0;
  const app = new Hono();
  app.use('*', publicReadCache({ ttlMs, now: () => clock }));
  app.get('/api/content/space/:id/', (c) => {
    reads += 1;
    const etag = `W/"v${version}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
    return c.json({ id: c.req.param('id'), version }, 200, { ETag: etag });
  });
  app.get('/api/content/private/', (c) => c.json({ mine: true }, 200, { 'Cache-Control': 'private, no-store' }));
  app.post('/api/content/space/search/', (c) => c.json({ results: [] }));
  app.post('/api/content/space/:id/', (c) => {
    version += 1;
    return c.json({ ok: true });
  });
  return {
    app,
    reads: () => reads,
    tick: (ms: number) => (clock += ms),
    bumpBehindTheApi: () => (version += 1),
  };
}

const json = async (res: Response) => (await res.json()) as { version: number };

describe('publicReadCache', () => {
  test("a guest's second read within the TTL is answered from the cache, byte for byte", async () => {
    const t = setup();
    const first = await t.app.request('/api/content/space/a/');
    const second = await t.app.request('/api/content/space/a/');
    expect(t.reads()).toBe(1);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await json(second)).toEqual({ id: 'a', version: 1 });
  });

  test("the stack's 304 to an If-None-Match is answered from the cache the next time", async () => {
    const t = setup();
    await t.app.request('/api/content/space/a/');
    const first = await t.app.request('/api/content/space/a/', { headers: { 'If-None-Match': 'W/"v1"' } });
    const second = await t.app.request('/api/content/space/a/', { headers: { 'If-None-Match': 'W/"v1"' } });
    expect([first.status, second.status]).toEqual([304, 304]);
    expect(second.headers.get('etag')).toBe('W/"v1"');
    expect(t.reads()).toBe(2);
  });

  test('the answer is kept per Accept-Encoding', async () => {
    const t = setup();
    await t.app.request('/api/content/space/a/', { headers: { 'Accept-Encoding': 'gzip' } });
    await t.app.request('/api/content/space/a/');
    await t.app.request('/api/content/space/a/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(t.reads()).toBe(2);
  });

  test('a signed-in write empties it; a guest search does not', async () => {
    const t = setup();
    await t.app.request('/api/content/space/a/');
    await t.app.request('/api/content/space/search/', { method: 'POST' });
    await t.app.request('/api/content/space/a/');
    expect(t.reads()).toBe(1);
    await t.app.request('/api/content/space/a/', { method: 'POST', headers: { cookie: 's=1' } });
    expect(await json(await t.app.request('/api/content/space/a/'))).toEqual({ id: 'a', version: 2 });
    expect(t.reads()).toBe(2);
  });

  test('a change made elsewhere shows once the TTL has passed', async () => {
    const t = setup(1000);
    await t.app.request('/api/content/space/a/');
    t.bumpBehindTheApi();
    expect((await json(await t.app.request('/api/content/space/a/'))).version).toBe(1);
    t.tick(1001);
    expect((await json(await t.app.request('/api/content/space/a/'))).version).toBe(2);
  });

  test('past half its life, the next request renews an answer; the others are still served the cached one', async () => {
    const t = setup(1000);
    await t.app.request('/api/content/space/a/');
    t.bumpBehindTheApi();
    t.tick(400);
    expect((await json(await t.app.request('/api/content/space/a/'))).version).toBe(1);
    t.tick(200);
    expect((await json(await t.app.request('/api/content/space/a/'))).version).toBe(2);
    expect((await json(await t.app.request('/api/content/space/a/'))).version).toBe(2);
    expect(t.reads()).toBe(2);
  });

  test('signed-in reads and private answers are never cached', async () => {
    const t = setup();
    await t.app.request('/api/content/space/a/', { headers: { cookie: 's=1' } });
    await t.app.request('/api/content/space/a/', { headers: { cookie: 's=1' } });
    await t.app.request('/api/content/space/a/', { headers: { authorization: 'Bearer x' } });
    expect(t.reads()).toBe(3);
    await t.app.request('/api/content/private/');
    const again = await t.app.request('/api/content/private/');
    expect(again.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('publicReadCache under concurrency', () => {
  test('guests asking at once while an answer is computed share it (one read)', async () => {
    let reads = 0;
    const app = new Hono();
    app.use('*', publicReadCache({ ttlMs: 1000 }));
    app.get('/api/content/space/:id/', async (c) => {
      reads += 1;
      await new Promise((r) => setTimeout(r, 20));
      return c.json({ id: c.req.param('id') });
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => Promise.resolve(app.request('/api/content/space/a/'))));
    expect(reads).toBe(1);
    for (const res of answers) expect(await res.json()).toEqual({ id: 'a' });
  });
});

test('canonicalJson: key order and spacing do not matter, values do', () => {
  const parse = (text: string) => canonicalJson(JSON.parse(text));
  expect(parse('{ "b": [1, {"y": 2, "x": 1}], "a": "t" }')).toBe('{"a":"t","b":[1,{"x":1,"y":2}]}');
  expect(parse('{"a": 1.0}')).toBe(parse('{"a":1}'));
  expect(parse('{"a": "1"}')).not.toBe(parse('{"a":1}'));
  expect(parse('{"__proto__": {"x": 1}}')).toBe('{"__proto__":{"x":1}}');
});
