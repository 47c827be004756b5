import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { migrate, openDb } from '../../src/server/db/db.ts';
import { seedWorld } from './seed-world.ts';
import { pendingPlanFile } from './media.ts';
import { modelPictureKey } from './tour-pictures.ts';

const mediaDir = '/tmp/discover-seed-test-media';

async function world(seed: number) {
  const db = openDb(':memory:');
  await migrate(db);
  const media = await seedWorld(db, { spaces: 120, seed, mediaDir });
  const k = db.kysely;
  const snapshot = {
    media,
    attachments: await k.selectFrom('attachments').select(['id', 'variants']).orderBy('id').execute(),
    spaces: await k.selectFrom('spaces').selectAll().orderBy('id').execute(),
    accounts: await k.selectFrom('accounts').select(['id', 'name', 'description']).orderBy('id').execute(),
    collections: await k.selectFrom('collections').select(['id', 'name']).orderBy('id').execute(),
    cameras: await k.selectFrom('space_cameras').selectAll().orderBy('spaceId').orderBy('code').execute(),
  };
  await db.close();
  return snapshot;
}

describe('demo world', () => {
  test('the same seed makes the same world, another seed another', async () => {
    const a = await world(7);
    const b = await world(7);
    expect(b).toEqual(a);
    const c = await world(8);
    expect(c.spaces.map((s) => s.modelId)).not.toEqual(a.spaces.map((s) => s.modelId));
  }, 120_000);

  test('reads like a real catalogue: public and hidden spaces, 11-character modelIds, many countries, every camera maker', async () => {
    const { spaces, cameras } = await world(7);
    const visible = spaces.filter((s) => s.visibility === 'PUBLIC');
    expect(visible).toHaveLength(120);
    expect(spaces.some((s) => s.visibility === 'UNLISTED')).toBe(true);
    expect(spaces.some((s) => s.visibility === 'PRIVATE')).toBe(true);
    for (const s of spaces) expect(s.modelId).toMatch(/^\w{11}$/);
    expect(new Set(spaces.map((s) => s.countryCode)).size).toBeGreaterThan(30);
    expect(new Set(cameras.map((c) => c.manufacturer))).toEqual(new Set(['MATTERPORT', 'LEICA', 'INSTA360', 'RICOH', 'APPLE', 'GOOGLE', 'SAMSUNG']));
  }, 120_000);

  test('plans a picture for every image the rows refer to, and records it as pending', async () => {
    const { spaces, attachments, media } = await world(7);
    // An illustration, or the picture of the space's tour model.
    const keys = new Set([...media.spaces.map((s) => s.key), ...(media.tours ?? []).map((t) => modelPictureKey(t.key))]);
    for (const s of spaces) expect(keys.has(s.imageKey), s.imageKey).toBe(true);
    const files = new Set([
      ...media.covers.flatMap((c) => [`covers/${c}-800.webp`, `covers/${c}-1600.webp`]),
      ...media.avatars.flatMap((a) => [`avatars/${a.name}-96.webp`, `avatars/${a.name}-256.webp`]),
    ]);
    for (const a of attachments) for (const f of Object.values(JSON.parse(a.variants) as Record<string, string>)) expect(files.has(f), f).toBe(true);
    expect(JSON.parse(readFileSync(pendingPlanFile(mediaDir), 'utf8'))).toEqual(media);
  }, 120_000);
});
