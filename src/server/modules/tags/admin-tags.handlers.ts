import type { RouteHandler } from '@hono/zod-openapi';
import type { AdminTag } from '../../../domain/admin.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import { slugify } from '../../../domain/urls.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import { withAudit } from '../../platform/audit.ts';
import { findClashingTag, insertTag, listConsoleTags } from './admin-tags.queries.ts';
import type * as r from './admin-tags.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { conflict } from '../../platform/errors.ts';

/** POST /tag/ */
export const createTag: RouteHandler<typeof r.createTag, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const name = c.req.valid('json').name;
  const slug = slugify(name);
  const tag = await withAudit(c.get('deps'), admin, { type: 'TAG', action: 'CREATE' }, async (tx) => {
    const taken = await findClashingTag(tx, name, slug);
    if (taken) throw conflict('json.name', `The tag ${taken.name} already exists.`);
    const now = clockOf(c.get('deps')).now().toISOString();
    const row = { id: newId(), name, slug };
    await insertTag(tx, row, now);
    const out: AdminTag = { ...row, spaceCount: 0 };
    // A tag without spaces shows nowhere yet: no content-change event.
    return { from: null, to: out, result: out };
  });
  return c.json(tag, 200);
};

/** GET /tag/ */
export const listTags: RouteHandler<typeof r.listTags, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const w = resolveWindow(q, 50);
  const { results, total } = await listConsoleTags(c.get('deps').db.kysely, { searchText: q.searchText, limit: w.limit, offset: w.offset });
  return c.json(makePage(results, total, w), 200);
};
