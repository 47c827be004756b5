import { gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { compressAnswers } from './answer-compression.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Space ${i}` })) };

function app() {
  const a = new Hono();
  a.use('*', compressAnswers());
  a.get('/big', (c) => c.json(big, 200, { ETag: '"v1"' }));
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/kept', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }));
  a.get('/html', (c) => c.html(`<p>${'x'.repeat(4000)}</p>`));
  return a;
}
const ask = (path: string, headers: Record<string, string> = { 'Accept-Encoding': 'gzip, deflate, br' }, method = 'GET') =>
  app().request(path, { method, headers });

test('a JSON answer of 1 kB or more is gzipped in one piece, with its length, Vary and a weak ETag', async () => {
  const res = await ask('/big');
  expect(res.headers.get('Content-Encoding')).toBe('gzip');
  expect(res.headers.get('Vary')).toBe('Accept-Encoding');
  expect(res.headers.get('ETag')).toBe('W/"v1"');
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(Number(res.headers.get('Content-Length'))).toBe(bytes.byteLength);
  expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(big);
});

test('deflate when only deflate is accepted; identity (still varying) when nothing is', async () => {
  const deflated = await ask('/big', { 'Accept-Encoding': 'deflate' });
  expect(deflated.headers.get('Content-Encoding')).toBe('deflate');
  expect(JSON.parse(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString())).toEqual(big);
  const plain = await ask('/big', {});
  expect(plain.headers.get('Content-Encoding')).toBeNull();
  expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
  expect(await plain.json()).toEqual(big);
});

test('small, no-transform and HEAD answers are sent as they are; HTML still goes through the stream', async () => {
  const small = await ask('/small');
  expect([small.headers.get('Content-Encoding'), small.headers.get('Vary'), await small.json()]).toEqual([null, null, { ok: true }]);
  const kept = await ask('/kept');
  expect(kept.headers.get('Content-Encoding')).toBeNull();
  expect(await kept.json()).toEqual(big);
  const head = await ask('/big', { 'Accept-Encoding': 'gzip' }, 'HEAD');
  expect(head.headers.get('Content-Encoding')).toBeNull();
  const html = await ask('/html');
  expect(html.headers.get('Content-Encoding')).toBe('gzip');
  expect(gunzipSync(Buffer.from(await html.arrayBuffer())).toString()).toContain('xxxx');
});
