import { z } from 'zod';

/**
 * The tour of a space (issue 23): the one shape the player, the oEmbed provider, the upload
 * pipeline and the demo generator speak. `GET /api/content/space/{id}/tour/` answers a `Tour`.
 *
 * Coordinates are metres in the model's frame, glTF's: y up, x east, z south (so a plan drawn
 * with x to the right and z downwards is seen from above). A point on the plan is `[x, z]`.
 */

/** A point in the model: `[x, y, z]` metres. */
export const TourPoint = z.tuple([z.number(), z.number(), z.number()]).meta({ id: 'TourPoint' });
/** @see TourPoint */
export type TourPoint = z.infer<typeof TourPoint>;

/** A point on a floor plan: `[x, z]` metres. */
export const PlanPoint = z.tuple([z.number(), z.number()]).meta({ id: 'PlanPoint' });
/** @see PlanPoint */
export type PlanPoint = z.infer<typeof PlanPoint>;

/** A picture the tour shows (poster, floor plan, tag picture, panorama). */
export const TourPicture = z.object({ url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() }).meta({ id: 'TourPicture' });
/** @see TourPicture */
export type TourPicture = z.infer<typeof TourPicture>;

/** One floor (storey, deck): its level and its plan. */
export const TourFloor = z
  .object({
    /** 0 for the ground floor (or the lowest), counting up. */
    index: z.number().int().min(0),
    /** "Ground floor", "Upper floor", "Lamp room", "Main deck"… */
    name: z.string(),
    /** Height of the floor's surface, metres. */
    elevation: z.number(),
    /** Floor to ceiling, metres. */
    height: z.number().positive(),
    /** The floor plan drawn from above, when one was made. */
    plan: z.union([TourPicture, z.null()]),
    /** What the plan picture covers: `[minX, minZ, maxX, maxZ]` metres. */
    planBounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  })
  .meta({ id: 'TourFloor' });
/** @see TourFloor */
export type TourFloor = z.infer<typeof TourFloor>;

/** One room: where it is on its floor and how big it is. */
export const TourRoom = z
  .object({
    id: z.string(),
    name: z.string(),
    floor: z.number().int().min(0),
    /** The room's outline on the plan, a simple polygon. */
    outline: z.array(PlanPoint).min(3),
    /** Metres: the bounding box of the outline (width along x, length along z) and the ceiling height. */
    dimensions: z.object({ width: z.number().positive(), length: z.number().positive(), height: z.number().positive() }),
    /** Square metres of floor. */
    area: z.number().positive(),
  })
  .meta({ id: 'TourRoom' });
/** @see TourRoom */
export type TourRoom = z.infer<typeof TourRoom>;

/**
 * A panorama cut for progressive loading: a small preview the player shows at once, then the full
 * picture in equirectangular tiles (`columns` × `rows`, row-major from the top left), each replacing
 * its part of the preview as it arrives.
 */
export const PanoramaTiles = z
  .object({
    preview: TourPicture,
    columns: z.number().int().positive(),
    rows: z.number().int().positive(),
    /** The tiles' URLs, row by row from the top left (`columns × rows` of them). */
    urls: z.array(z.string()).min(1),
  })
  .meta({ id: 'PanoramaTiles' });
/** @see PanoramaTiles */
export type PanoramaTiles = z.infer<typeof PanoramaTiles>;

/** A scan point the visitor stands at. */
export const TourSweep = z
  .object({
    id: z.string(),
    /** The point on the floor (the eye is `EYE_HEIGHT` above it). */
    position: TourPoint,
    floor: z.number().int().min(0),
    /** The room it stands in, when any (a deck or a garden has none). */
    room: z.string().nullable(),
    /** Sweeps reachable from it in one step. Symmetric: if b is a's neighbour, a is b's. */
    neighbours: z.array(z.string()),
    /** An equirectangular 360° photo taken here, when the tour has panoramas. */
    panorama: z.union([TourPicture, z.null()]),
    /** The panorama's preview and tiles, when it was cut for progressive loading (owners' uploads). */
    tiles: PanoramaTiles.optional(),
  })
  .meta({ id: 'TourSweep' });
/** @see TourSweep */
export type TourSweep = z.infer<typeof TourSweep>;

/** A note pinned to a point of the space. */
export const TourTag = z
  .object({
    id: z.string(),
    position: TourPoint,
    floor: z.number().int().min(0),
    room: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    link: z.object({ url: z.string(), label: z.string() }).nullable(),
    picture: z.union([TourPicture, z.null()]),
  })
  .meta({ id: 'TourTag' });
/** @see TourTag */
export type TourTag = z.infer<typeof TourTag>;

/** The modes of the player; `inside` is the walk-through. */
export const TOUR_MODES = ['inside', 'dollhouse', 'floorplan'] as const;
/** @see TOUR_MODES */
export const TourMode = z.enum(TOUR_MODES).meta({ id: 'TourMode' });
/** @see TourMode */
export type TourMode = z.infer<typeof TourMode>;

/** Where the tour starts: a sweep, a heading (degrees clockwise from north, -z) and a pitch (degrees up). */
export const TourView = z
  .object({
    sweep: z.string(),
    heading: z.number().min(0).lt(360),
    pitch: z.number().min(-90).max(90),
    mode: TourMode,
  })
  .meta({ id: 'TourView' });
/** @see TourView */
export type TourView = z.infer<typeof TourView>;

/** GET /api/content/space/{id}/tour/: everything the player needs. */
export const Tour = z
  .object({
    /** The space's public id (the player's `?m=`). */
    modelId: z.string(),
    name: z.string(),
    /** The 3D model (binary glTF, meshopt-compressed), when the tour has one. */
    model: z.object({ url: z.string(), bytes: z.number().int().positive() }).nullable(),
    /** The model's bounding box, metres: `[minX, minY, minZ]`, `[maxX, maxY, maxZ]`. */
    bounds: z.object({ min: TourPoint, max: TourPoint }),
    floors: z.array(TourFloor).min(1),
    rooms: z.array(TourRoom),
    sweeps: z.array(TourSweep).min(1),
    tags: z.array(TourTag),
    start: TourView,
    /** A still of the model, shown before the first frame and without WebGL. */
    poster: TourPicture,
  })
  .meta({ id: 'Tour' });
/** @see Tour */
export type Tour = z.infer<typeof Tour>;

/** The eye's height above a sweep's floor point, metres. */
export const EYE_HEIGHT = 1.6;

/**
 * What a model's maker (the demo generator, the upload pipeline) knows of its space: the tour
 * without the space's own facts (id, name), the stored files' URLs and the tags. Stored beside the
 * model; the API joins it with the space to answer a `Tour`.
 */
export const TourLayout = Tour.omit({ modelId: true, name: true, model: true, poster: true, tags: true })
  .extend({
    /** Good places to pin a tag: one or more per room, on a wall or a piece of furniture at eye level. */
    tagSpots: z.array(z.object({ position: TourPoint, floor: z.number().int().min(0), room: z.string().nullable() })),
  })
  .meta({ id: 'TourLayout' });
/** @see TourLayout */
export type TourLayout = z.infer<typeof TourLayout>;
