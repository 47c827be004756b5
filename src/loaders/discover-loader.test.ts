import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoaderContext } from 'astro/loaders';
import { afterEach, describe, expect, test } from 'vitest';
import { ResponseError, UnreachableError } from '../client/http.ts';
import { ContentApiResponseError, ContentApiUnreachableError, createApiSource } from './api-source.ts';
import { spacesLoader } from './discover-loader.ts';

/** What one request to the API looked like, and how it was answered. */
interface Exchange {
  url: string;
  ifNoneMatch: string | undefined;
  authorization: string | undefined;
  status: number;
}

type SpaceRecord = { id: string; modelId: string; name: string; visibility: 'PUBLIC' | 'UNLISTED'; organization: null; tags: string[] };
const space = (n: number, visibility: SpaceRecord['visibility'] = 'PUBLIC'): SpaceRecord => ({
  id: `space-${n}`,
  modelId: `MODEL${String(n).padStart(6, '0')}`,
  name: `Space ${n}`,
  visibility,
  organization: null,
  tags: ['Museum'],
});

/**
 * A tiny stand-in for the content API's space list, over real HTTP: offset paging, a weak ETag
 * per answer and 304 on If-None-Match (as the server's content-cache router does), UNLISTED
 * spaces only with the build token, and a status to fail with on demand.
 */
async function fakeApi(token = 'build-token-for-tests') {
  const state = { spaces: [space(1), space(2), space(3, 'UNLISTED')], failWith: 0, log: [] as Exchange[] };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      state.log.push({ url: url.pathname + url.search, ifNoneMatch: req.headers['if-none-match'], authorization: req.headers.authorization, status });
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (state.failWith) return answer(state.failWith, { code: 'INTERNAL_ERROR', message: 'The database is away.', retry: true });
    const one = /^\/api\/content\/space\/([^/]+)\/$/.exec(url.pathname);
    if (one) {
      const found = state.spaces.find((s) => s.id === one[1]);
      return found ? answer(200, found) : answer(404, { code: 'NOT_FOUND', message: 'No such space.', retry: false });
    }
    if (url.pathname !== '/api/content/space/') return answer(404, { code: 'NOT_FOUND', message: 'No such route.', retry: false });
    const unlisted = url.searchParams.get('includeUnlisted') === 'true';
    if (unlisted && req.headers.authorization !== `Bearer ${token}`) return answer(403, { code: 'FORBIDDEN', message: 'Build token needed.', retry: false });
    const listed = state.spaces.filter((s) => unlisted || s.visibility === 'PUBLIC');
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 12);
    const results = listed.slice(offset, offset + limit);
    const hasNext = offset + limit < listed.length;
    const body = { results, hasNext, nextOffset: hasNext ? offset + limit : null, totalResults: listed.length };
    const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) return answer(304, undefined, { ETag: etag });
    return answer(200, body, { ETag: etag });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { baseUrl, token, state };
}

/** Astro's content store and meta store of one collection, kept between loads like a real build's. */
function fakeContext(collection: string) {
  const entries = new Map<string, { id: string; data: Record<string, unknown>; digest?: string | number }>();
  const meta = new Map<string, string>();
  const writes: string[] = [];
  const warnings: string[] = [];
  const ctx = {
    collection,
    store: {
      get: (id: string) => entries.get(id),
      set: (entry: { id: string; data: Record<string, unknown>; digest?: string | number }) => {
        writes.push(entry.id);
        entries.set(entry.id, entry);
        return true;
      },
      has: (id: string) => entries.has(id),
      delete: (id: string) => void entries.delete(id),
      keys: () => [...entries.keys()],
      values: () => [...entries.values()],
      entries: () => [...entries.entries()],
      clear: () => entries.clear(),
    },
    meta: {
      get: (key: string) => meta.get(key),
      set: (key: string, value: string) => void meta.set(key, value),
      has: (key: string) => meta.has(key),
      delete: (key: string) => void meta.delete(key),
    },
    logger: { info: () => undefined, warn: (m: string) => void warnings.push(m), error: () => undefined, debug: () => undefined },
    // Astro validates with the collection's schema; these tests are about fetching, not shapes.
    parseData: ({ data }: { id: string; data: Record<string, unknown> }) => Promise.resolve(data),
    generateDigest: (data: Record<string, unknown> | string) =>
      createHash('sha1')
        .update(typeof data === 'string' ? data : JSON.stringify(data))
        .digest('hex'),
  };
  return { ctx: ctx as unknown as LoaderContext, entries, writes, warnings };
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('spaces loader, through the typed client', () => {
  test('a second sync sends If-None-Match; the 304 keeps the stored entries without re-writing them', async () => {
    const api = await fakeApi();
    const { ctx, entries, writes } = fakeContext('spaces');
    const loader = spacesLoader({ api: createApiSource({ baseUrl: api.baseUrl }), apiRequired: true });

    await loader.load(ctx);
    expect([...entries.keys()]).toEqual(['MODEL000001', 'MODEL000002']);
    expect(api.state.log.map((x) => [x.status, x.ifNoneMatch])).toEqual([[200, undefined]]);
    const written = writes.length;

    await loader.load(ctx);
    const second = api.state.log[1];
    expect(second?.ifNoneMatch).toMatch(/^W\/"/);
    expect(second?.status).toBe(304);
    expect(api.state.log).toHaveLength(2);
    expect([...entries.keys()]).toEqual(['MODEL000001', 'MODEL000002']);
    expect(writes.length).toBe(written);
  });

  test('entries the API no longer lists are pruned; changed ones are re-written', async () => {
    const api = await fakeApi();
    const { ctx, entries, writes } = fakeContext('spaces');
    const loader = spacesLoader({ api: createApiSource({ baseUrl: api.baseUrl }), apiRequired: true });
    await loader.load(ctx);

    api.state.spaces = [{ ...space(2), name: 'Space 2, renamed' }];
    writes.length = 0;
    await loader.load(ctx);
    expect(api.state.log.at(-1)?.status).toBe(200);
    expect([...entries.keys()]).toEqual(['MODEL000002']);
    expect(entries.get('MODEL000002')?.data['name']).toBe('Space 2, renamed');
    expect(writes).toEqual(['MODEL000002']);
  });

  test('walks every page, and with the build token lists UNLISTED spaces too', async () => {
    const api = await fakeApi();
    api.state.spaces = Array.from({ length: 450 }, (_, i) => space(i + 1, i % 50 === 0 ? 'UNLISTED' : 'PUBLIC'));
    const { ctx, entries } = fakeContext('spaces');
    await spacesLoader({ api: createApiSource({ baseUrl: api.baseUrl, token: api.token }), apiRequired: true }).load(ctx);
    expect(entries.size).toBe(450);
    expect(api.state.log.map((x) => [x.url, x.authorization])).toEqual(
      [0, 200, 400].map((offset) => [`/api/content/space/?limit=200&offset=${offset}&includeUnlisted=true`, `Bearer ${api.token}`]),
    );
  });

  test('an API error fails the load with a typed error that keeps the client error as its cause', async () => {
    const api = await fakeApi();
    api.state.failWith = 503;
    const { ctx } = fakeContext('spaces');
    const error = await spacesLoader({ api: createApiSource({ baseUrl: api.baseUrl }), apiRequired: true })
      .load(ctx)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentApiResponseError);
    const e = error as ContentApiResponseError;
    expect(e.status).toBe(503);
    expect(e.body).toEqual({ code: 'INTERNAL_ERROR', message: 'The database is away.', retry: true });
    expect(e.url).toBe(`GET ${api.baseUrl}/api/content/space/?limit=200&offset=0`);
    expect(e.message).toContain('503');
    expect(e.message).toContain('INTERNAL_ERROR: The database is away.');
    expect(e.cause).toBeInstanceOf(ResponseError);
    expect((e.cause as ResponseError).status).toBe(503);
  });

  test('an unreachable API fails a build, and keeps the stored entries where no API is required', async () => {
    // A port that was just listening and is now closed: connections are refused at once.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const api = createApiSource({ baseUrl: `http://127.0.0.1:${port}` });

    const { ctx, entries, warnings } = fakeContext('spaces');
    const error = await spacesLoader({ api, apiRequired: true })
      .load(ctx)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentApiUnreachableError);
    expect((error as Error).message).toBe(`Content API unreachable at http://127.0.0.1:${port}: is the server running?`);
    expect((error as Error).cause).toBeInstanceOf(UnreachableError);
    expect(((error as Error).cause as Error).cause).toBeInstanceOf(Error);

    // `astro check`, `sync` and `dev` keep what the store holds.
    entries.set('KEPT', { id: 'KEPT', data: { name: 'stored before' } });
    await expect(spacesLoader({ api, apiRequired: false }).load(ctx)).resolves.toBeUndefined();
    expect([...entries.keys()]).toEqual(['KEPT']);
    expect(warnings).toEqual([expect.stringContaining('Keeping the 1 stored entries.')]);
  });

  test('a narrowed sync (the publisher, from content events) fetches only the named spaces and removes the ones gone', async () => {
    const api = await fakeApi();
    const { ctx, entries } = fakeContext('spaces');
    await spacesLoader({ api: createApiSource({ baseUrl: api.baseUrl }), apiRequired: true }).load(ctx);
    api.state.spaces = [{ ...space(1), name: 'Space 1, renamed' }];
    api.state.log.length = 0;
    const scope = { spaces: new Set(['space-1', 'space-2']), accounts: () => new Set<string>(), users: () => new Set<string>() };
    await spacesLoader({ api: createApiSource({ baseUrl: api.baseUrl }), apiRequired: true, scope }).load(ctx);
    expect(api.state.log.map((x) => [x.url, x.status]).sort()).toEqual([
      ['/api/content/space/space-1/', 200],
      ['/api/content/space/space-2/', 404],
    ]);
    expect([...entries.keys()]).toEqual(['MODEL000001']);
    expect(entries.get('MODEL000001')?.data['name']).toBe('Space 1, renamed');
  });

  test('requests are capped at the configured concurrency', async () => {
    let active = 0;
    let peak = 0;
    let calls = 0;
    const fetch = async () => {
      calls++;
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      return Response.json({ results: [], hasNext: false, nextOffset: null, totalResults: 0 });
    };
    const api = createApiSource({ baseUrl: 'http://api.test', fetch, concurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, () => api.read((http) => http('GET', '/api/content/space/'))));
    expect(calls).toBe(6);
    expect(peak).toBe(2);
  });
});
