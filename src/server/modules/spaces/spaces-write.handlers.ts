import type { RouteHandler } from '@hono/zod-openapi';
import { withUserAudit } from '../../platform/audit.ts';
import type { AppEnv } from '../../context.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { readSpace, readSpaceRow } from './spaces.queries.ts';
import { requireUser } from '../auth/guards.ts';
import { canEditSpace, editableSpace } from './space-editor.ts';
import { updateSpaceFields } from './space-writes.ts';
import type * as r from './spaces-write.routes.ts';
import { clockOf } from '../../platform/clock.ts';

/** PATCH /space/{id}/: only the fields given change; one SPACE event when the space is or was on the site (public or unlisted). */
export const patchSpace: RouteHandler<typeof r.patchSpace, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const row = await editableSpace(c);
  const changes: { name?: string; summary?: string; description?: string; visibility?: string } = {};
  if (body.name !== undefined && body.name !== row.name) changes.name = body.name;
  if (body.summary !== undefined && body.summary !== row.summary) changes.summary = body.summary.trim();
  if (body.description !== undefined && body.description !== row.description) changes.description = body.description.trim();
  if (body.visibility !== undefined && body.visibility !== row.visibility) changes.visibility = body.visibility;
  if (Object.keys(changes).length) {
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof typeof changes]]));
    const onSite = row.visibility !== 'PRIVATE' || (changes.visibility ?? row.visibility) !== 'PRIVATE';
    // The owner's edit and its audit entry commit together.
    await withUserAudit(c.get('deps'), c.get('user'), { type: 'SPACE', action: 'UPDATE' }, async (tx) => {
      await updateSpaceFields(tx, row.id, changes, clockOf(c.get('deps')).now().toISOString());
      return {
        from: { id: row.id, ...before },
        to: { id: row.id, ...changes },
        result: undefined,
        changed: onSite ? { type: 'SPACE' as const, ids: [row.id] } : undefined,
      };
    });
  }
  return c.json(await readSpace(await contentCtx(c), row.id), 200);
};

/** POST /space/prepare/: the space the person typed, whether it is listed already and whether they may list it. */
export const prepareSpace: RouteHandler<typeof r.prepareSpace, AppEnv> = async (c) => {
  const user = requireUser(c);
  const { id } = c.req.valid('json');
  const ctx = await contentCtx(c);
  const row = await readSpaceRow(ctx, id);
  const listed = row.visibility === 'PUBLIC';
  const owned = canEditSpace(user, row);
  return c.json({ space: await readSpace(ctx, row.id), listed, owned, canList: owned && !listed }, 200);
};
