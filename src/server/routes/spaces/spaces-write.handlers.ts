import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { contentCtx } from '../../content/context.ts';
import { readSpace } from '../../content/spaces.ts';
import { editableSpace } from './space-editor.ts';
import type * as r from './spaces-write.routes.ts';

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
    const { db, events } = c.get('deps');
    await db.kysely
      .updateTable('spaces')
      .set({ ...changes, updatedAt: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute();
    if (row.visibility !== 'PRIVATE' || (changes.visibility ?? row.visibility) !== 'PRIVATE') {
      try {
        await events.emit(db.kysely, 'SPACE', [row.id]);
      } catch (cause) {
        console.error(new Error('Content-change event SPACE was not recorded; the site rebuilds on the next change.', { cause }));
      }
    }
  }
  return c.json(await readSpace(await contentCtx(c), row.id), 200);
};
