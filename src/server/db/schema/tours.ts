/** The tours of spaces (migration 014, issue 23). */

/**
 * A space's tour: its stored files (keys relative to the media store, served under /media) and the
 * JSON the API joins with the space to answer a `Tour` (src/domain/tour.ts).
 */
export interface SpaceToursTable {
  /** spaces.id; the row goes with its space. */
  spaceId: string;
  /** The binary glTF's key (`tours/<model>/model.glb`), or null for a tour of panoramas only. */
  modelKey: string | null;
  modelBytes: number | null;
  /** The poster's key: a still of the model, shown before the first frame and without WebGL. */
  posterKey: string;
  posterWidth: number;
  posterHeight: number;
  /** JSON `({ key, width, height } | null)[]`: the plan picture of each floor, by floor index. */
  plans: string;
  /** JSON `TourLayout`: floors, rooms, sweeps, start view, bounds, tag spots. */
  layout: string;
  /** JSON `TourTag[]`; a tag's picture URL, when it has one, is a media key. */
  tags: string;
  updatedAt: string;
}

/** The tours tables by name. */
export type TourTables = { space_tours: SpaceToursTable };
