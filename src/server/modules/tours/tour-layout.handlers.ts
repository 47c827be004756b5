import type { RouteHandler } from '@hono/zod-openapi';
import { applyLayoutEdit, layoutEditProblem } from '../../../domain/tour-layout-edit.ts';
import type { AppEnv } from '../../context.ts';
import { withUserAudit } from '../../platform/audit.ts';
import { clockOf } from '../../platform/clock.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { editableSpace } from '../spaces/space-editor.ts';
import { panoramaTourOf, saveTourLayout } from './tour-layout.queries.ts';
import { readTour } from './tours.queries.ts';
import type * as r from './tour-layout.routes.ts';

/** PUT /space/{id}/tour/layout/: checked against the stored tour, saved with its audit entry; one SPACE event when the space is on the site. */
export const putTourLayout: RouteHandler<typeof r.putTourLayout, AppEnv> = async (c) => {
  const edit = c.req.valid('json');
  const space = await editableSpace(c);
  const deps = c.get('deps');
  const tour = await panoramaTourOf(deps.db.kysely, space.id);
  if (!tour) throw conflict('id', 'Only a tour made from your own 360° photos can be rearranged here.');
  const problem = layoutEditProblem(tour.layout, edit);
  if (problem) throw fieldError(problem.path, problem.message);
  const next = applyLayoutEdit(tour.layout, edit);
  await withUserAudit(deps, c.get('user'), { type: 'SPACE', action: 'UPDATE' }, async (tx) => {
    await saveTourLayout(tx, tour.tourModelId, next, clockOf(deps).now().toISOString());
    return {
      from: { id: space.id, tourStart: tour.layout.start.sweep },
      to: { id: space.id, tourStart: next.start.sweep, tourSweeps: next.sweeps.length },
      result: undefined,
      changed: space.visibility !== 'PRIVATE' ? { type: 'SPACE' as const, ids: [space.id] } : undefined,
    };
  });
  return c.json(await readTour(await contentCtx(c), space.id), 200);
};
