import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import type { TourLayout, TourTag } from '../../src/domain/tour.ts';
import { W } from './fixtures.ts';

/**
 * Tours for the fixture world (tests/api/fixtures.ts). Not part of `seedFixtures`: the upgrade test
 * runs that at migration 001, before the tours table exists.
 */

/** A two-room, two-floor layout small enough to check by eye. */
export const FIXTURE_LAYOUT: TourLayout = {
  bounds: { min: [0, 0, 0], max: [8, 5.4, 6] },
  floors: [
    { index: 0, name: 'Ground floor', elevation: 0, height: 2.7, plan: null, planBounds: [-0.5, -0.5, 8.5, 6.5] },
    { index: 1, name: 'Upper floor', elevation: 2.7, height: 2.7, plan: null, planBounds: [-0.5, -0.5, 8.5, 6.5] },
  ],
  rooms: [
    {
      id: 'living',
      name: 'Living room',
      floor: 0,
      outline: [
        [0, 0],
        [8, 0],
        [8, 6],
        [0, 6],
      ],
      dimensions: { width: 8, length: 6, height: 2.7 },
      area: 48,
    },
    {
      id: 'bedroom',
      name: 'Bedroom',
      floor: 1,
      outline: [
        [0, 0],
        [4, 0],
        [4, 6],
        [0, 6],
      ],
      dimensions: { width: 4, length: 6, height: 2.7 },
      area: 24,
    },
  ],
  sweeps: [
    { id: 's0', position: [2, 0, 3], floor: 0, room: 'living', neighbours: ['s1'], panorama: null },
    { id: 's1', position: [6, 0, 3], floor: 0, room: 'living', neighbours: ['s0', 's2'], panorama: null },
    {
      id: 's2',
      position: [2, 2.7, 3],
      floor: 1,
      room: 'bedroom',
      neighbours: ['s1'],
      panorama: { url: 'tours/fixture/pano-s2.webp', width: 2048, height: 1024 },
    },
  ],
  start: { sweep: 's0', heading: 90, pitch: 0, mode: 'inside' },
  tagSpots: [{ position: [7.9, 1.5, 3], floor: 0, room: 'living' }],
};

/** One tag, on the living room's east wall. */
export const FIXTURE_TAGS: TourTag[] = [
  {
    id: 't0',
    position: [7.9, 1.5, 3],
    floor: 0,
    room: 'living',
    title: 'Fireplace',
    description: 'The original marble fireplace.',
    link: null,
    picture: { url: 'tours/fixture/fireplace.webp', width: 400, height: 300 },
  },
];

/** The fixture tour model: the shared fixture files and {@link FIXTURE_LAYOUT}. */
export function tourModelRow(extra: Partial<Insertable<Database['tour_models']>> = {}): Insertable<Database['tour_models']> {
  return {
    id: 'fixture-model',
    modelKey: 'tours/fixture/model.glb',
    modelBytes: 123456,
    posterKey: 'tours/fixture/poster.webp',
    posterWidth: 1200,
    posterHeight: 675,
    plans: JSON.stringify([{ key: 'tours/fixture/plan-0.webp', width: 900, height: 700 }, null]),
    layout: JSON.stringify(FIXTURE_LAYOUT),
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** A space's tour of the fixture model, with {@link FIXTURE_TAGS}. */
export function tourRow(spaceId: string, extra: Partial<Insertable<Database['space_tours']>> = {}): Insertable<Database['space_tours']> {
  return { spaceId, tourModelId: 'fixture-model', tags: JSON.stringify(FIXTURE_TAGS), updatedAt: '2026-01-01T00:00:00.000Z', ...extra };
}

/** Gives every fixture space but the café a tour (the café is the space without one). */
export async function seedTourFixtures(db: Kysely<Database>): Promise<void> {
  const ids = Object.values(W.space).filter((id) => id !== W.space.cafe);
  await db.insertInto('tour_models').values(tourModelRow()).execute();
  await db
    .insertInto('space_tours')
    .values(ids.map((id) => tourRow(id)))
    .execute();
}
