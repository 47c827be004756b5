import type { Tour, TourPoint, TourSweep, TourTag } from '../../domain/tour.ts';

/**
 * The player's plain geometry (no three.js): headings, which neighbour is ahead, what is near a
 * sweep. Headings are degrees clockwise from north (-z), as `TourView` has them; pitch is degrees up.
 */

/** The eye's height above a sweep's floor point, metres (the same figure as `EYE_HEIGHT` in src/domain/tour.ts, kept here so the player ships no zod). */
export const EYE = 1.6;

/** A heading brought into [0, 360). */
export function normalizeHeading(h: number): number {
  const n = h % 360;
  return n < 0 ? n + 360 : n === 0 ? 0 : n;
}

/** The signed smallest turn from heading `a` to heading `b`, in (-180, 180]. */
export function turn(a: number, b: number): number {
  const d = normalizeHeading(b - a);
  return d > 180 ? d - 360 : d;
}

/** The heading from one point to another, seen from above. */
export function headingTo(from: TourPoint, to: TourPoint): number {
  const dx = to[0] - from[0];
  const dz = to[2] - from[2];
  return normalizeHeading((Math.atan2(dx, -dz) * 180) / Math.PI);
}

/** The pitch from an eye to a point, degrees up. */
export function pitchTo(eye: TourPoint, to: TourPoint): number {
  const flat = Math.hypot(to[0] - eye[0], to[2] - eye[2]);
  return (Math.atan2(to[1] - eye[1], flat) * 180) / Math.PI;
}

/** The unit vector a heading and pitch look along. */
export function lookDirection(heading: number, pitch: number): TourPoint {
  const h = (heading * Math.PI) / 180;
  const p = (pitch * Math.PI) / 180;
  return [Math.cos(p) * Math.sin(h), Math.sin(p), -Math.cos(p) * Math.cos(h)];
}

/** Straight-line distance between two points, metres. */
export const distance = (a: TourPoint, b: TourPoint): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** A sweep's eye point. */
export const eyeOf = (s: TourSweep): TourPoint => [s.position[0], s.position[1] + EYE, s.position[2]];

/**
 * The neighbour of a sweep most in the direction the visitor looks (`forward`) or most behind them:
 * within 100° of that direction, the one with the smallest angle (then the nearest). Null when none.
 */
export function neighbourToward(tour: Tour, from: TourSweep, heading: number, forward = true): TourSweep | null {
  const want = forward ? heading : heading + 180;
  let best: { s: TourSweep; angle: number; d: number } | null = null;
  for (const id of from.neighbours) {
    const s = tour.sweeps.find((x) => x.id === id);
    if (!s) continue;
    const angle = Math.abs(turn(want, headingTo(from.position, s.position)));
    if (angle > 100) continue;
    const d = distance(from.position, s.position);
    if (!best || angle < best.angle - 1 || (Math.abs(angle - best.angle) <= 1 && d < best.d)) best = { s, angle, d };
  }
  return best?.s ?? null;
}

/** The sweep nearest a point, among those on `floor` (any floor when null) and, when given, in `room`. */
export function nearestSweep(tour: Tour, point: TourPoint, floor: number | null = null, room: string | null = null): TourSweep {
  const pool = tour.sweeps.filter((s) => (floor === null || s.floor === floor) && (room === null || s.room === room));
  const from = pool.length ? pool : tour.sweeps;
  let best = from[0] as TourSweep;
  for (const s of from) if (distance(s.position, point) < distance(best.position, point)) best = s;
  return best;
}

/** The sweep to show a tag from: in the tag's room when it has sweeps, else on its floor, nearest the tag. */
export function sweepForTag(tour: Tour, tag: TourTag): TourSweep {
  const inRoom = tag.room ? tour.sweeps.some((s) => s.room === tag.room) : false;
  return nearestSweep(tour, tag.position, tag.floor, inRoom ? tag.room : null);
}

/** How far a tag may be from a sweep outside any room and still count as near, metres. */
const NEAR = 4;

/** The tags near a sweep: those of its room, or (outside rooms) on its floor within a few metres. */
export function tagsNear(tour: Tour, sweep: TourSweep): TourTag[] {
  return tour.tags.filter((t) => (sweep.room ? t.room === sweep.room : t.floor === sweep.floor && distance(t.position, sweep.position) <= NEAR + EYE));
}
