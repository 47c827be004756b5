import type { RouteHandler } from '@hono/zod-openapi';
import { normaliseLink, toStoredDate, type BannerInput } from '../../../domain/admin-inputs.ts';
import { cleanTranslations } from '../../../domain/locale-texts.ts';
import { BANNER_TEXTS, toBanner } from './banners.queries.ts';
import { findBanner, insertBanner, listConsoleBanners, topBannerPosition, updateBannerRow, type BannerRow } from './admin-banners.queries.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../platform/errors.ts';
import { withAudit } from '../../platform/audit.ts';
import { deleteAll, deleteOne, setFlagAll, type AdminResource } from '../../platform/admin/bulk.ts';
import type * as r from './admin-banners.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';

/** Banners in the shared admin delete and activate calls. */
const BANNERS: AdminResource<'banners'> = {
  table: 'banners',
  label: 'Banner',
  keys: ['id'],
  audit: 'BANNER',
  event: 'BANNER',
  snapshot: (_tx, b) => toBanner(b),
};

/** The stored columns of a banner input: upper-case colour, https:// link, ISO expiration, the variants per locale (kept when left out). */
const columnsOf = (input: BannerInput, stored = '{}') => ({
  text: input.text,
  translations: input.translations === undefined ? stored : JSON.stringify(cleanTranslations(input.translations, BANNER_TEXTS)),
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
    const position = await topBannerPosition(tx);
    const now = clockOf(c.get('deps')).now().toISOString();
    const row: BannerRow = { id: newId(), ...columnsOf(input), position, createdAt: now, updatedAt: now };
    await insertBanner(tx, row);
    const out = toBanner(row);
    return { from: null, to: out, result: out, changed: { type: 'BANNER', ids: [row.id] } };
  });
  return c.json(banner, 200);
};

/** GET /banner/ */
export const listBanners: RouteHandler<typeof r.listBanners, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const rows = await listConsoleBanners(c.get('deps').db.kysely, {
    includeInactive: q.includeInactive,
    includeExpired: q.includeExpired,
    now: clockOf(c.get('deps')).now().toISOString(),
  });
  return c.json(rows.map(toBanner), 200);
};

/** GET /banner/{id}/ */
export const getBanner: RouteHandler<typeof r.getBanner, AppEnv> = async (c) => {
  const row = await findBanner(c.get('deps').db.kysely, c.req.valid('param').id);
  if (!row) throw notFound('Banner');
  return c.json(toBanner(row), 200);
};

/** PUT /banner/{id}/ */
export const updateBanner: RouteHandler<typeof r.updateBanner, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { id } = c.req.valid('param');
  const input = c.req.valid('json');
  const banner = await withAudit(c.get('deps'), admin, { type: 'BANNER', action: 'UPDATE' }, async (tx) => {
    const row = await findBanner(tx, id);
    if (!row) throw notFound('Banner');
    const next: BannerRow = { ...row, ...columnsOf(input, row.translations), updatedAt: clockOf(c.get('deps')).now().toISOString() };
    await updateBannerRow(tx, id, next);
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
