import { afterEach, describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { Tour } from '../../src/domain/tour.ts';
import { fixtureApp, json, W, type SESSIONS } from './fixtures.ts';
import { seedTourFixtures } from './tour-fixtures.ts';

type App = Awaited<ReturnType<typeof fixtureApp>>;
const opened: App[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

/** The fixture world with its tours, as a guest or one of SESSIONS. */
async function tourApp(as: keyof typeof SESSIONS | null = null): Promise<App> {
  const t = await fixtureApp(as);
  opened.push(t);
  await seedTourFixtures(t.db.kysely);
  return t;
}

describe('GET /api/content/space/{id}/tour/', () => {
  test('answers the tour of a public space: its layout, files as media URLs, tags and the space’s own id and name', async () => {
    const t = await tourApp();
    const tour = Tour.parse(await json(await t.get('/api/content/space/LOFTPARIS01/tour/')));
    expect(tour).toMatchObject({
      modelId: 'LOFTPARIS01',
      name: 'Modern Loft in Paris',
      model: { url: '/media/tours/fixture/model.glb', bytes: 123456 },
      poster: { url: '/media/tours/fixture/poster.webp', width: 1200, height: 675 },
      start: { sweep: 's0', heading: 90, pitch: 0, mode: 'inside' },
    });
    expect(tour.floors.map((f) => f.plan)).toEqual([{ url: '/media/tours/fixture/plan-0.webp', width: 900, height: 700 }, null]);
    expect(tour.rooms.map((r) => r.name)).toEqual(['Living room', 'Bedroom']);
    expect(tour.sweeps.map((s) => s.panorama?.url ?? null)).toEqual([null, null, '/media/tours/fixture/pano-s2.webp']);
    expect(tour.tags).toEqual([
      expect.objectContaining({ title: 'Fireplace', picture: { url: '/media/tours/fixture/fireplace.webp', width: 400, height: 300 } }),
    ]);
    // What only the model's maker needs stays out of the answer.
    expect(tour).not.toHaveProperty('tagSpots');
  });

  test('finds the space by id, modelId, slug and former slug, as the space read does', async () => {
    const t = await tourApp();
    for (const key of [W.space.loft, 'LOFTPARIS01', 'modern-loft-in-paris', 'old-loft-slug']) {
      expect(Tour.parse(await json(await t.get(`/api/content/space/${key}/tour/`))).modelId).toBe('LOFTPARIS01');
    }
  });

  test('is seen by whoever may see the space: the same status as GET /api/content/space/{id}/ for every role', async () => {
    const spaces = [W.space.loft, W.space.villa, W.space.office, W.space.castle, W.space.bobs];
    const expected: Record<string, number[]> = {
      guest: [200, 200, 404, 404, 200],
      alice: [200, 200, 200, 404, 200], // Alice owns the private office
      bob: [200, 200, 404, 404, 200],
      admin: [200, 200, 200, 200, 200], // administrators see private and moderated spaces
    };
    for (const role of ['guest', 'alice', 'bob', 'admin'] as const) {
      const t = await tourApp(role === 'guest' ? null : role);
      const tours = await Promise.all(spaces.map(async (id) => (await t.get(`/api/content/space/${id}/tour/`)).status));
      const reads = await Promise.all(spaces.map(async (id) => (await t.get(`/api/content/space/${id}/`)).status));
      expect(tours, role).toEqual(expected[role]);
      expect(tours, role).toEqual(reads);
    }
  });

  test('answers 404 with the spec’s error body for a space without a tour, an unknown space and a hidden one', async () => {
    const t = await tourApp();
    for (const key of [W.space.cafe, 'no-such-space', 'OFFICEPRV01', 'CASTLEMOD01']) {
      const body = ApiErrorBody.parse(await json(await t.get(`/api/content/space/${key}/tour/`), 404));
      expect(body).toMatchObject({ code: 'NOT_FOUND', extra: null, retry: false });
      expect(body.message).toMatch(/not found/);
    }
    expect(ApiErrorBody.parse(await json(await t.get('/api/content/space/CAFENYC0001/tour/'), 404)).message).toBe('Tour not found.');
  });

  test('answers a weak ETag and 304 when it has not changed, like the space read', async () => {
    const t = await tourApp();
    const first = await t.get('/api/content/space/LOFTPARIS01/tour/');
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\//);
    const again = await t.app.request('/api/content/space/LOFTPARIS01/tour/', { headers: { 'if-none-match': tag ?? '' } });
    expect(again.status).toBe(304);
  });

  test('is in the OpenAPI document with the Tour schema', async () => {
    const t = await tourApp();
    const doc = await json<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }>; components: { schemas: Record<string, unknown> } }>(
      await t.get('/api/docs/openapi.json'),
    );
    expect(Object.keys(doc.paths['/api/content/space/{id}/tour/']?.get?.responses ?? {}).sort()).toEqual(['200', '400', '404']);
    expect(doc.components.schemas).toHaveProperty('Tour');
    expect(doc.components.schemas).toHaveProperty('TourSweep');
  });
});
