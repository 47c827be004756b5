import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { Tour } from '../../src/domain/tour.ts';
import { migrate, openDb } from '../../src/server/db/db.ts';
import { createApp } from '../../src/server/app.ts';
import { loadEnv } from '../../src/server/env.ts';
import { ContentEvents } from '../../src/server/platform/events.ts';
import { renderDemoMedia } from './media.ts';
import { seedWorld } from './seed-world.ts';
import { modelPictureKey, TOUR_POSTER_SIZE } from './tour-pictures.ts';
import { seedToursIfMissing } from './tours.ts';

const dir = mkdtempSync(join(tmpdir(), 'discover-tours-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function world(name: string) {
  const db = openDb(':memory:');
  await migrate(db);
  const mediaDir = join(dir, name, 'media');
  const plan = await seedWorld(db, { spaces: 60, seed: 7, mediaDir });
  return { db, mediaDir, plan };
}

describe('the demo world’s tours', () => {
  test('every space has a tour of its archetype’s model, with tags from its description, answered by the API', async () => {
    const { db, mediaDir, plan } = await world('a');
    const k = db.kysely;
    const spaces = await k.selectFrom('spaces').select(['id', 'modelId', 'type', 'visibility']).execute();
    const tours = await k.selectFrom('space_tours').selectAll().execute();
    expect(tours.map((t) => t.spaceId).sort()).toEqual(spaces.map((s) => s.id).sort());
    const models = await k.selectFrom('tour_models').selectAll().execute();
    // A pool shared by the spaces: far fewer models than spaces, each named after its kind.
    expect(models.length).toBeLessThan(spaces.length);
    const typeOf = new Map(spaces.map((s) => [s.id, s.type]));
    for (const t of tours) expect(t.tourModelId.startsWith(`demo:${(typeOf.get(t.spaceId) ?? '').toLowerCase()}-`), t.tourModelId).toBe(true);
    // Every model is in the media folder already; its poster and plans are pending pictures.
    for (const m of models) expect(existsSync(join(mediaDir, m.modelKey ?? '')), m.modelKey ?? '').toBe(true);
    expect(plan.tours?.map((p) => `demo:${p.key}`).sort()).toEqual(models.map((m) => m.id).sort());
    // What the card shows is what the tour shows: each space's picture is its tour model's, and no illustration is left to draw.
    const pictures = await k.selectFrom('spaces').select(['id', 'imageKey', 'imageWidth', 'imageHeight']).execute();
    const modelOf = new Map(tours.map((t) => [t.spaceId, t.tourModelId]));
    for (const s of pictures)
      expect([s.imageKey, s.imageWidth, s.imageHeight]).toEqual([modelPictureKey((modelOf.get(s.id) ?? '').slice('demo:'.length)), 1200, 800]);
    expect(plan.spaces).toEqual([]);
    const tagged = tours.filter((t) => (JSON.parse(t.tags) as unknown[]).length >= 3);
    expect(tagged.length).toBeGreaterThan(tours.length * 0.9);

    const app = createApp({ env: loadEnv({ NODE_ENV: 'test', DATA_DIR: dir }), db, events: new ContentEvents(), resolveSession: () => Promise.resolve(null) });
    const open = spaces.find((s) => s.visibility === 'PUBLIC') as { modelId: string };
    const res = await app.request(`/api/content/space/${open.modelId}/tour/`);
    expect(res.status).toBe(200);
    const tour = Tour.parse(await res.json());
    expect(tour.model?.url).toMatch(/^\/media\/tours\/[a-z-]+-\d\/model\.glb$/);
    expect(tour.model?.bytes).toBe(statSync(join(mediaDir, (tour.model?.url ?? '').slice('/media/'.length))).size);
    expect(tour.poster).toMatchObject(TOUR_POSTER_SIZE);
    expect(tour.floors.every((f) => f.plan !== null)).toBe(true);
    expect(tour.tags.length).toBeGreaterThan(0);
    await db.close();
  }, 120_000);

  test('the same seed gives the same tours; the pictures are made at the sizes the rows say', async () => {
    const a = await world('b');
    const b = await world('c');
    const rows = async (w: typeof a) => ({
      models: await w.db.kysely.selectFrom('tour_models').selectAll().orderBy('id').execute(),
      tours: await w.db.kysely.selectFrom('space_tours').selectAll().orderBy('spaceId').execute(),
    });
    expect(await rows(b)).toEqual(await rows(a));

    // Draw two models' pictures (the whole pool is the start's work) and check them against the rows.
    const two = (a.plan.tours ?? []).slice(0, 2);
    await renderDemoMedia({ spaces: [], covers: [], avatars: [], tours: two }, a.mediaDir, { cacheDir: null });
    for (const p of two) {
      const m = await a.db.kysely.selectFrom('tour_models').selectAll().where('id', '=', `demo:${p.key}`).executeTakeFirstOrThrow();
      const pictures = [
        { key: m.posterKey, width: m.posterWidth, height: m.posterHeight },
        ...(JSON.parse(m.plans) as { key: string; width: number; height: number }[]),
      ];
      for (const pic of pictures) {
        const meta = await sharp(join(a.mediaDir, pic.key)).metadata();
        expect([meta.format, meta.width, meta.height], pic.key).toEqual(['webp', pic.width, pic.height]);
      }
      // The spaces' pictures of the model: every width in WebP and AVIF, and the 1200×630 OG image.
      const dir = join(a.mediaDir, 'spaces', modelPictureKey(p.key));
      for (const [file, format, width, height] of [
        ['480.webp', 'webp', 480, 320],
        ['1200.avif', 'heif', 1200, 800],
        ['og.jpg', 'jpeg', 1200, 630],
      ] as const) {
        const meta = await sharp(join(dir, file)).metadata();
        expect([meta.format, meta.width, meta.height], file).toEqual([format, width, height]);
      }
    }
    await a.db.close();
    await b.db.close();
  }, 120_000);

  test('a demo world seeded before tours existed gets them at its next start; a real database never does', async () => {
    const { db, mediaDir } = await world('d');
    await db.kysely.deleteFrom('space_tours').execute();
    await db.kysely.deleteFrom('tour_models').execute();
    expect(await seedToursIfMissing(db.kysely, { mediaDir, now: 0 })).toBe(true);
    const n = await db.kysely
      .selectFrom('space_tours')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBeGreaterThan(60);
    expect(await seedToursIfMissing(db.kysely, { mediaDir, now: 0 })).toBe(false);
    await db.kysely.deleteFrom('space_tours').execute();
    await db.kysely.updateTable('users').set({ email: 'someone@example.com' }).where('email', '=', 'owner@example.com').execute();
    expect(await seedToursIfMissing(db.kysely, { mediaDir, now: 0 })).toBe(false);
    await db.close();
  }, 120_000);
});
