/** The tours of spaces (migration 014, issue 23). */

/**
 * A model a tour shows, as its maker stored it: files (keys relative to the media store, served
 * under /media) and its layout. Demo spaces share a pool of them; a captured space has its own.
 */
export interface TourModelsTable {
  /** `demo:<pool key>` for the demo pool. */
  id: string;
  /** The binary glTF's key (`tours/<model>/model.glb`), or null for a tour of panoramas only. */
  modelKey: string | null;
  modelBytes: number | null;
  /** The poster's key: a still of the model, shown before the first frame and without WebGL. */
  posterKey: string;
  posterWidth: number;
  posterHeight: number;
  /** JSON `({ key, width, height } | null)[]`: the plan picture of each floor, by floor index. */
  plans: string;
  /** JSON `TourLayout` (src/domain/tour.ts): floors, rooms, sweeps, start view, bounds, tag spots. */
  layout: string;
  updatedAt: string;
}

/** A space's tour: its model and the tags pinned in it; the API joins them with the space to answer a `Tour`. */
export interface SpaceToursTable {
  /** spaces.id; the row goes with its space. */
  spaceId: string;
  /** tour_models.id */
  tourModelId: string;
  /** JSON `TourTag[]`; a tag's picture URL, when it has one, is a media key. */
  tags: string;
  updatedAt: string;
}

/** The tours tables by name. */
export type TourTables = { tour_models: TourModelsTable; space_tours: SpaceToursTable };
