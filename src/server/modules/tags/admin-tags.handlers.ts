import type { RouteHandler } from '@hono/zod-openapi';
import { sql } from 'kysely';
import type { AdminTag } from '../../../domain/admin.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import { slugify } from '../../../domain/urls.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import { withAudit } from '../../platform/audit.ts';
import { anyContains } from '../../platform/admin/query.ts';
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
    const taken = await tx
      .selectFrom('tags')
      .select('name')
      .where((eb) => eb.or([eb(sql<string>`lower(name)`, '=', name.toLowerCase()), eb('slug', '=', slug)]))
      .executeTakeFirst();
    if (taken) throw conflict('json.name', `The tag ${taken.name} already exists.`);
    const now = clockOf(c.get('deps')).now().toISOString();
    const row = { id: newId(), name, slug };
    await tx
      .insertInto('tags')
      .values({ ...row, createdAt: now, updatedAt: now })
      .execute();
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
  let query = c.get('deps').db.kysely.selectFrom('tags as t');
  if (q.searchText?.trim()) query = query.where(anyContains([sql.ref('t.name'), sql.ref('t.slug')], q.searchText.trim()));
  const [rows, count] = await Promise.all([
    query
      .select(['t.id', 't.name', 't.slug', sql<number>`(SELECT count(*) FROM space_tags st WHERE st."tagId" = t.id)`.as('spaceCount')])
      .orderBy('t.name')
      .orderBy('t.id')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const results: AdminTag[] = rows.map((t) => ({ id: t.id, name: t.name, slug: t.slug, spaceCount: Number(t.spaceCount) }));
  return c.json(makePage(results, Number(count?.n ?? 0), w), 200);
};
