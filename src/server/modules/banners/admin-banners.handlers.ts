import type { RouteHandler } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import { normaliseLink, toStoredDate, type BannerInput } from '../../../domain/admin-inputs.ts';
import { toBanner } from './banners.queries.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { withAudit } from '../../platform/audit.ts';
import { deleteAll, deleteOne, setFlagAll, type AdminResource } from '../../platform/admin/bulk.ts';
import type * as r from './admin-banners.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';

type Row = Selectable<Database['banners']>;

/** Banners in the shared admin delete and activate calls. */
const BANNERS: AdminResource<'banners'> = {
  table: 'banners',
  label: 'Banner',
  keys: ['id'],
  audit: 'BANNER',
  event: 'BANNER',
  snapshot: (_tx, b) => toBanner(b),
};

/** The stored columns of a banner input: upper-case colour, https:// link, ISO expiration. */
const columnsOf = (input: BannerInput) => ({
  text: input.text,
  color: input.color.toUpperCase(),
  hyperlink: input.hyperlink ? normaliseLink(input.hyperlink) : null,
  expirationDate: input.expirationDate ? toStoredDate(input.expirationDate) : null,
  isActive: input.isActive ? 1 : 0,
  isHideable: input.isHideable ? 1 : 0,
});

/** POST /banner/ */
export const createBanner: RouteHandler<typeof r.createBanner, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const input = c.req.valid('json');
  const banner = await withAudit(c.get('deps'), admin, { type: 'BANNER', action: 'CREATE' }, async (tx) => {
    const first = await tx
      .selectFrom('banners')
      .select((eb) => eb.fn.min('position').as('p'))
      .executeTakeFirst();
    const now = clockOf(c.get('deps')).now().toISOString();
    const row: Row = { id: newId(), ...columnsOf(input), position: Number(first?.p ?? 1) - 1, createdAt: now, updatedAt: now };
    await tx.insertInto('banners').values(row).execute();
    const out = toBanner(row);
    return { from: null, to: out, result: out, changed: { type: 'BANNER', ids: [row.id] } };
  });
  return c.json(banner, 200);
};

/** GET /banner/ */
export const listBanners: RouteHandler<typeof r.listBanners, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  let query = c.get('deps').db.kysely.selectFrom('banners').selectAll().orderBy('position').orderBy('createdAt');
  if (!q.includeInactive) query = query.where('isActive', '=', 1);
  if (!q.includeExpired)
    query = query.where((eb) => eb.or([eb('expirationDate', 'is', null), eb('expirationDate', '>', clockOf(c.get('deps')).now().toISOString())]));
  return c.json((await query.execute()).map(toBanner), 200);
};

/** GET /banner/{id}/ */
export const getBanner: RouteHandler<typeof r.getBanner, AppEnv> = async (c) => {
  const row = await c.get('deps').db.kysely.selectFrom('banners').selectAll().where('id', '=', c.req.valid('param').id).executeTakeFirst();
  if (!row) throw notFound('Banner');
  return c.json(toBanner(row), 200);
};

/** PUT /banner/{id}/ */
export const updateBanner: RouteHandler<typeof r.updateBanner, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { id } = c.req.valid('param');
  const input = c.req.valid('json');
  const banner = await withAudit(c.get('deps'), admin, { type: 'BANNER', action: 'UPDATE' }, async (tx) => {
    const row = await tx.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Banner');
    const next: Row = { ...row, ...columnsOf(input), updatedAt: clockOf(c.get('deps')).now().toISOString() };
    await tx.updateTable('banners').set(next).where('id', '=', id).execute();
    return { from: toBanner(row), to: toBanner(next), result: toBanner(next), changed: { type: 'BANNER', ids: [id] } };
  });
  return c.json(banner, 200);
};

/** DELETE /banner/{id}/ */
export const deleteBanner: RouteHandler<typeof r.deleteBanner, AppEnv> = async (c) => {
  await deleteOne(c.get('deps'), requireAdmin(c), BANNERS, c.req.valid('param').id);
  return c.body(null, 204);
};

/** DELETE /banner/ */
export const deleteBanners: RouteHandler<typeof r.deleteBanners, AppEnv> = async (c) => {
  await deleteAll(c.get('deps'), requireAdmin(c), BANNERS, c.req.valid('json'));
  return c.body(null, 204);
};

/** PUT /banner/activate/ */
export const activateBanners: RouteHandler<typeof r.activateBanners, AppEnv> = async (c) => {
  const { active, list } = c.req.valid('json');
  return c.json(await setFlagAll(c.get('deps'), requireAdmin(c), BANNERS, list, 'isActive', active, active ? 'ACTIVATE' : 'DEACTIVATE'), 200);
};
