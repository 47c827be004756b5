import type { Kysely } from 'kysely';
import { TourLayout } from '../../../domain/tour.ts';
import type { Database } from '../../db/schema.ts';

/** An owner's panorama tour as stored: its tour model row's id and layout. */
export interface PanoramaTourRow {
  tourModelId: string;
  layout: TourLayout;
}

/**
 * The panorama tour of a space that its owner may rearrange, or null: a tour made from the owner's
 * own 360° photos (`cap:<upload>` model, no 3D model). Demo and imported tours share their model
 * rows between spaces, and a model's sweeps stand where it was scanned: neither is edited here.
 */
export async function panoramaTourOf(db: Kysely<Database>, spaceId: string): Promise<PanoramaTourRow | null> {
  const row = await db
    .selectFrom('space_tours as t')
    .innerJoin('tour_models as m', 'm.id', 't.tourModelId')
    .select(['m.id', 'm.modelKey', 'm.layout'])
    .where('t.spaceId', '=', spaceId)
    .executeTakeFirst();
  if (!row || !row.id.startsWith('cap:') || row.modelKey) return null;
  return { tourModelId: row.id, layout: TourLayout.parse(JSON.parse(row.layout)) };
}

/** Stores a tour model's new layout. */
export async function saveTourLayout(db: Kysely<Database>, tourModelId: string, layout: TourLayout, now: string): Promise<void> {
  await db
    .updateTable('tour_models')
    .set({ layout: JSON.stringify(layout), updatedAt: now })
    .where('id', '=', tourModelId)
    .execute();
}
