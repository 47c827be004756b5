import { z } from 'zod';
import { PlanPoint, type TourLayout } from './tour.ts';

/**
 * The owner's edit of a panorama tour's layout (issue 24's editor): where each sweep stands on the
 * plan, which sweeps are neighbours, and the start view. `PUT /api/content/space/{id}/tour/layout/`
 * takes it; `layoutEditProblem` is the one check the server applies and the editor may pre-run.
 */
export const TourLayoutEdit = z
  .object({
    /** Every sweep of the tour, once: its point on the plan (`[x, z]` metres) and its neighbours. */
    sweeps: z
      .array(
        z.object({
          id: z.string().min(1).max(64),
          position: PlanPoint,
          neighbours: z.array(z.string().min(1).max(64)).max(200),
        }),
      )
      .min(1)
      .max(200),
    /** Where the tour starts: a sweep and the heading (degrees clockwise from north). */
    start: z.object({ sweep: z.string().min(1).max(64), heading: z.number().min(0).lt(360) }),
  })
  .meta({ id: 'TourLayoutEdit' });
/** @see TourLayoutEdit */
export type TourLayoutEdit = z.infer<typeof TourLayoutEdit>;

/** Why an edit cannot be saved: the request field and a sentence for the owner. */
export interface LayoutEditProblem {
  path: string;
  message: string;
}

/**
 * The first reason `edit` does not fit `layout`, or null: the same sweeps as the tour (each once,
 * none added), points inside their floor's plan, neighbours among the tour's own sweeps, never
 * itself, and symmetric (b in a's list when a is in b's), a start sweep of the tour.
 */
export function layoutEditProblem(layout: Pick<TourLayout, 'sweeps' | 'floors'>, edit: TourLayoutEdit): LayoutEditProblem | null {
  const known = new Map(layout.sweeps.map((s) => [s.id, s]));
  const given = new Map<string, TourLayoutEdit['sweeps'][number]>();
  for (const [i, s] of edit.sweeps.entries()) {
    if (!known.has(s.id)) return { path: `sweeps.${i}.id`, message: `This tour has no point "${s.id}".` };
    if (given.has(s.id)) return { path: `sweeps.${i}.id`, message: `The point "${s.id}" is given twice.` };
    given.set(s.id, s);
  }
  const missing = layout.sweeps.find((s) => !given.has(s.id));
  if (missing) return { path: 'sweeps', message: `The point "${missing.id}" is missing: send every point of the tour.` };
  for (const [i, s] of edit.sweeps.entries()) {
    const floor = layout.floors.find((f) => f.index === known.get(s.id)?.floor) ?? layout.floors[0];
    const [x0, z0, x1, z1] = floor?.planBounds ?? [0, 0, 0, 0];
    const [x, z] = s.position;
    if (x < x0 || x > x1 || z < z0 || z > z1) return { path: `sweeps.${i}.position`, message: 'This point is outside the plan.' };
    for (const n of s.neighbours) {
      if (n === s.id) return { path: `sweeps.${i}.neighbours`, message: 'A point cannot be linked to itself.' };
      const other = given.get(n);
      if (!other) return { path: `sweeps.${i}.neighbours`, message: `"${n}" is not a point of this tour.` };
      if (!other.neighbours.includes(s.id)) return { path: `sweeps.${i}.neighbours`, message: `"${s.id}" links to "${n}" but "${n}" does not link back.` };
    }
  }
  if (!given.has(edit.start.sweep)) return { path: 'start.sweep', message: 'The start view must be one of the tour’s points.' };
  return null;
}

/** The layout with the edit applied (call after `layoutEditProblem` found none): points keep their floor's level, the start looks level, inside. */
export function applyLayoutEdit(layout: TourLayout, edit: TourLayoutEdit): TourLayout {
  const given = new Map(edit.sweeps.map((s) => [s.id, s]));
  return {
    ...layout,
    sweeps: layout.sweeps.map((s) => {
      const e = given.get(s.id);
      if (!e) return s;
      return { ...s, position: [e.position[0], s.position[1], e.position[1]], neighbours: [...new Set(e.neighbours)].sort() };
    }),
    start: { sweep: edit.start.sweep, heading: edit.start.heading, pitch: 0, mode: 'inside' },
  };
}
