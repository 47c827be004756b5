/**
 * The public read cache as the running product uses it: the real server process
 * (`src/server/main.ts`, API only, over the fixture world), asked over raw HTTP so every header
 * line is seen as sent. A guest's second read is answered by the fast path before Hono; it must be
 * the first answer (from the whole stack) byte for byte, Date apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { W } from './fixtures.ts';
import { seedFixtureDataDir, signInThroughForm, startServerProcess, type ServerProcess } from './server-process.ts';

const PASSWORD = 'quiet-harbour-lantern-42';
let server: ServerProcess | undefined;
let port = 0;
let origin = '';
const dataDir = mkdtempSync(join(tmpdir(), 'discover-read-cache-server-'));

interface Raw {
  status: number;
  /** Every header line as sent, in order, but Date. */
  lines: string[];
  body: string;
}

/** One request over a fresh connection; the answer as sent. */
function ask(method: string, path: string, headers: Record<string, string | string[]> = {}, body?: string): Promise<Raw> {
  return new Promise((ok, fail) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { ...headers, ...(body ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const lines: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            if (res.rawHeaders[i]?.toLowerCase() !== 'date') lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          ok({ status: res.statusCode ?? 0, lines, body: Buffer.concat(chunks).toString('base64') });
        });
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

beforeAll(async () => {
  await seedFixtureDataDir(join(dataDir, 'discover.sqlite'), PASSWORD);
  server = await startServerProcess({ env: { DATA_DIR: dataDir, SKIP_BUILD: 'true' } });
  ({ port, origin } = server);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const SPACE = `/api/content/space/${W.space.loft}/`;
const nameIn = (r: Raw) => (JSON.parse(Buffer.from(r.body, 'base64').toString()) as { name: string }).name;

test("a guest's cached read, 304 and HEAD are the whole stack's answers byte for byte; a signed-in write shows at once", async () => {
  for (const headers of [{}, { 'Accept-Encoding': 'gzip, deflate, br' }]) {
    const first = await ask('GET', SPACE, headers);
    expect(first.status).toBe(200);
    expect(await ask('GET', SPACE, headers)).toEqual(first);
  }
  const full = await ask('GET', SPACE);
  expect(full.lines).toEqual(expect.arrayContaining(['x-content-type-options: nosniff', 'x-frame-options: DENY', 'content-type: application/json']));
  const etag = full.lines.find((l) => l.startsWith('etag: '))?.slice(6) ?? '';
  const notModified = await ask('GET', SPACE, { 'If-None-Match': etag });
  expect(notModified).toMatchObject({ status: 304, body: '' });
  expect(await ask('GET', SPACE, { 'If-None-Match': etag })).toEqual(notModified);
  const head = await ask('HEAD', SPACE);
  expect(head).toMatchObject({ status: 200, body: '' });
  expect(await ask('HEAD', SPACE)).toEqual(head);

  // Signed in: never from the cache (the stack marks the answer private).
  const { cookie, status } = await signInThroughForm(origin, 'ada@example.com', PASSWORD);
  expect(cookie, `sign-in answered ${status}`).not.toBe('');
  expect((await ask('GET', SPACE, { cookie })).lines).toContain('cache-control: private, no-store');

  const renamed = await fetch(`${origin}/admin/api/space/${W.space.loft}/`, {
    method: 'PATCH',
    headers: { cookie, Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'The Harbour Loft' }),
  });
  expect(renamed.status, await renamed.clone().text()).toBe(200);
  expect(nameIn(await ask('GET', SPACE))).toBe('The Harbour Loft');
}, 60_000);

test('guest searches are answered per body, the same bytes again; the body cap still answers 413', async () => {
  const search = (body: string, headers: Record<string, string> = {}) =>
    ask('POST', '/api/content/space/search/', { 'Content-Type': 'application/json', ...headers }, body);
  const loft = await search('{"searchText":"loft"}');
  const cafe = await search('{"searchText":"cafe"}');
  expect([loft.status, cafe.status]).toEqual([200, 200]);
  expect(cafe.body).not.toBe(loft.body);
  expect(await search('{ "searchText": "loft" }')).toEqual(loft);
  expect(await search('{"searchText":"cafe"}', { Origin: origin })).toEqual(cafe);
  expect((await search('{"searchText":"loft"}', { Origin: 'https://elsewhere.example' })).status).toBe(403);
  expect((await search(`{"searchText":"${'a'.repeat(1024 * 1024)}"}`)).status).toBe(413);
}, 60_000);

test('a search body read before Hono is still checked and keyed as the stack reads it', async () => {
  const search = (body: string, headers: Record<string, string | string[]> = {}) =>
    ask('POST', '/api/content/space/search/', { 'Content-Type': 'application/json', ...headers }, body);
  // A NUL, escaped in the JSON, and a body that is not JSON: refused as they would be without the cache.
  expect((await search('{"searchText":"lo\\u0000ft"}')).status).toBe(400);
  expect((await search('{"searchText":')).status).toBe(400);
  // Two Content-Type lines: the listener keys the first, the stack reads them joined (415); the same
  // body sent as JSON is then answered as JSON, and again from the cache.
  const joined = await search('{"searchText":"harbour"}', { 'Content-Type': ['application/json', 'text/plain'] });
  const harbour = await search('{"searchText":"harbour"}');
  expect([joined.status, harbour.status]).toEqual([415, 200]);
  expect(await search('{ "searchText": "harbour" }')).toEqual(harbour);
}, 60_000);
