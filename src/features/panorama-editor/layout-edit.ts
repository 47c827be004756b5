import type { Tour } from '../../domain/tour.ts';
import type { TourLayoutEdit } from '../../domain/tour-layout-edit.ts';

/** The plan's extent, metres: `[minX, minZ, maxX, maxZ]`. */
export type PlanBox = [number, number, number, number];

/** The editor's starting point: the tour's points, links and start view as the API would take them back. */
export function editOf(tour: Tour): TourLayoutEdit {
  return {
    sweeps: tour.sweeps.map((s) => ({ id: s.id, position: [s.position[0], s.position[2]], neighbours: [...s.neighbours] })),
    start: { sweep: tour.start.sweep, heading: Math.round(tour.start.heading) % 360 },
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Moves a point to `[x, z]`, kept inside the plan (centimetres). */
export function placePoint(edit: TourLayoutEdit, id: string, to: [number, number], box: PlanBox): TourLayoutEdit {
  const [x0, z0, x1, z1] = box;
  const x = round(Math.min(x1, Math.max(x0, to[0])));
  const z = round(Math.min(z1, Math.max(z0, to[1])));
  return { ...edit, sweeps: edit.sweeps.map((s) => (s.id === id ? { ...s, position: [x, z] } : s)) };
}

/** Moves a point by `[dx, dz]` metres (the arrow keys), kept inside the plan. */
export function nudgePoint(edit: TourLayoutEdit, id: string, by: [number, number], box: PlanBox): TourLayoutEdit {
  const s = edit.sweeps.find((p) => p.id === id);
  return s ? placePoint(edit, id, [s.position[0] + by[0], s.position[1] + by[1]], box) : edit;
}

/** Links two points as neighbours, or unlinks them: both lists change, so links stay symmetric. */
export function toggleLink(edit: TourLayoutEdit, a: string, b: string): TourLayoutEdit {
  if (a === b) return edit;
  const linked = edit.sweeps.find((s) => s.id === a)?.neighbours.includes(b) ?? false;
  const change = (list: string[], other: string) => (linked ? list.filter((n) => n !== other) : [...list.filter((n) => n !== other), other]);
  return {
    ...edit,
    sweeps: edit.sweeps.map((s) =>
      s.id === a ? { ...s, neighbours: change(s.neighbours, b) } : s.id === b ? { ...s, neighbours: change(s.neighbours, a) } : s,
    ),
  };
}

/** The heading (degrees clockwise from north) at a fraction of an equirectangular preview's width: its middle is north. */
export const headingAt = (fraction: number): number => Math.round((((fraction - 0.5) * 360) % 360) + 360) % 360;

/** Where a heading falls across an equirectangular preview, 0 (left edge) to 1. */
export const fractionOf = (heading: number): number => (((heading / 360 + 0.5) % 1) + 1) % 1;
