import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { publicReadCache } from './public-read-cache.ts';

/** A content read that counts its calls, behind the cache; a write that changes what it answers. */
function setup(ttlMs = 1000) {
  let clock = 0;
  let version = 1;
  let reads = 0;
  const app = new Hono();
  app.use('*', publicReadCache({ ttlMs, now: () => clock }));
  app.get('/api/content/space/:id/', (c) => {
    reads += 1;
    return c.json({ id: c.req.param('id'), version }, 200, { ETag: `W/"v${version}"` });
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

  test('a matching If-None-Match gets 304 from the cache', async () => {
    const t = setup();
    await t.app.request('/api/content/space/a/');
    const res = await t.app.request('/api/content/space/a/', { headers: { 'If-None-Match': 'W/"v1"' } });
    expect(res.status).toBe(304);
    expect(t.reads()).toBe(1);
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
