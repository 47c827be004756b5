import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../src/server/testing.ts';
import { seedFixtures } from '../api/fixtures.ts';
import { rootApp, type TestApp } from './helpers.ts';

/** A small deterministic PRNG (mulberry32), so a failing fuzz case can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Path segments that broke routers before or could: bad escapes, lone surrogates, overlong UTF-8, dot segments, NUL, huge. */
const NASTY = [
  '%',
  '%%',
  '%ff%fe',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%C0%AF',
  '%E0%80%AF',
  '%F4%90%80%80',
  '%00',
  '%2e%2e',
  '..',
  '.',
  '%2F%2Fevil.example',
  '%5C%5Cevil.example',
  '%uD800',
  '%zz',
  '%2',
  '%%32%65',
  '\u00e9',
  '%F0%9F%98%80',
  'a'.repeat(5000),
  '%25',
  '<script>alert(1)</script>',
  '\'"><img src=x onerror=alert(1)>',
  'space-office',
  'coll-alice-private',
];
/** The site's routes that take a segment, with the segment left out. */
const ROUTES = [
  '/discover/space/{}/',
  '/discover/space/{}/related-collections/',
  '/discover/collection/{}/',
  '/discover/tag/{}/',
  '/discover/spaces/{}',
  '/discover/collections/{}',
  '/discover/camera/{}/',
  '/discover/account/{}/',
  '/discover/de/space/{}/',
  '/discover/{}',
  '/discover/{}/{}/',
  '/admin/{}',
  '/media/{}',
  '/{}',
];

describe('site routes with malformed paths', () => {
  let t: TestApp;
  let root: ReturnType<typeof rootApp>;
  const logged = vi.spyOn(console, 'error');
  beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db.kysely);
    root = rootApp(t);
  });
  afterAll(() => t.close());
  afterEach(() => logged.mockClear());

  it.each(['/discover/space/%ff%fe/', '/discover/collection/%/', '/discover/tag/%ED%A0%80/'])(
    '%s answers 404 and logs nothing (the probe’s three 500s)',
    async (path) => {
      const res = await root.request(path);
      expect(res.status).toBe(404);
      expect(logged).not.toHaveBeenCalled();
    },
  );

  it('does not reveal a PRIVATE or moderated space’s modelId when addressed by id (404, no Location)', async () => {
    for (const id of ['space-office', 'space-castle']) {
      const res = await root.request(`/discover/space/${id}/`);
      expect(res.status).toBe(404);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).not.toMatch(/OFFICEPRV01|CASTLEMOD01/);
    }
    const pub = await root.request('/discover/space/space-loft/');
    expect(pub.status).toBe(301);
    expect(pub.headers.get('location')).toBe('/discover/space/LOFTPARIS01/');
    const unlisted = await root.request('/discover/space/space-villa/');
    expect(unlisted.headers.get('location')).toBe('/discover/space/VILLAUNL001/');
  });

  it('does not reveal a PRIVATE collection’s sid when addressed by id', async () => {
    const res = await root.request('/discover/collection/coll-alice-private/');
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
  });

  it('answers every fuzzed path with a status below 500, security headers, and no logged error (bounded, seeded)', async () => {
    const seed = 20261123;
    const random = prng(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const randomSegment = () => {
      const kind = random();
      if (kind < 0.5) return pick(NASTY);
      if (kind < 0.8)
        return Array.from(
          { length: 1 + Math.floor(random() * 6) },
          () =>
            `%${Math.floor(random() * 256)
              .toString(16)
              .padStart(2, '0')}`,
        ).join('');
      return Array.from({ length: 1 + Math.floor(random() * 12) }, () => String.fromCharCode(33 + Math.floor(random() * 94)))
        .join('')
        .replace(/[?#/]/g, '%2F');
    };
    const seen = new Map<number, number>();
    for (let i = 0; i < 600; i++) {
      const path = pick(ROUTES).replaceAll('{}', () => randomSegment());
      const method = random() < 0.8 ? 'GET' : 'HEAD';
      let res: Response;
      try {
        res = await root.request(path, { method });
      } catch (error) {
        throw new Error(`seed ${seed}, case ${i}: ${method} ${path} threw`, { cause: error });
      }
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      if (res.status >= 500 || logged.mock.calls.length > 0) throw new Error(`seed ${seed}, case ${i}: ${method} ${path} answered ${res.status}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/object-src 'none'/);
      await res.arrayBuffer();
    }
    expect([...seen.keys()].every((s) => s < 500)).toBe(true);
  });
});
