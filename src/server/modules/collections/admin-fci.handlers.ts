import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AdminCarouselItem } from '../../../domain/admin.ts';
import { normaliseLink, type CarouselItemInput } from '../../../domain/admin-inputs.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { notFound, fieldError } from '../../platform/errors.ts';
import { cleanTranslations, parseTranslations } from '../../../domain/locale-texts.ts';
import { CAROUSEL_TEXTS, listCarousel } from '../carousel/carousel.queries.ts';
import { withAudit } from '../../platform/audit.ts';
import { deleteAll, deleteOne, movedPriorities, setFlagAll, type AdminResource } from '../../platform/admin/bulk.ts';
import { guestCtx } from '../../platform/admin/context.ts';
import { findCollection, findSpace } from '../../platform/admin/items.ts';
import { findSlide, insertSlide, lastSlidePriority, orderedSlides, setSlidePriority, updateSlideRow, type SlideRow as Row } from './admin-fci.queries.ts';
import type * as r from './admin-fci.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';

type C = Context<AppEnv>;

/** What a slide stores, as an audit value. */
const stored = (s: Row) => ({
  id: s.id,
  description: s.description,
  translations: parseTranslations(s.translations, CAROUSEL_TEXTS),
  isActive: s.isActive === 1,
  priority: s.priority,
  type: s.type,
  itemId: s.itemId,
  url: s.url,
});

/** Carousel slides in the shared admin delete and activate calls. */
const SLIDES: AdminResource<'carousel_items'> = {
  table: 'carousel_items',
  label: 'Carousel slide',
  keys: ['id'],
  audit: 'CAROUSEL_ITEM',
  event: 'CAROUSEL_ITEM',
  snapshot: (_tx, s) => stored(s),
};

/** Slides as admins see them, each with the preview the public carousel gives it (null when it leaves it out). */
async function withPreviews(c: C, rows: readonly Row[]): Promise<AdminCarouselItem[]> {
  const shown = new Map((await listCarousel(guestCtx(c), true)).map((s) => [s.id, s.item]));
  return rows.map((s) => {
    const item = shown.get(s.id);
    return {
      id: s.id,
      description: s.description,
      translations: parseTranslations(s.translations, CAROUSEL_TEXTS),
      isActive: s.isActive === 1,
      priority: s.priority,
      type: s.type as AdminCarouselItem['type'],
      item: { id: s.itemId, url: s.url },
      preview: item ? { name: item.name, imageUrl: item.imageUrl, href: item.href } : null,
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
    };
  });
}

/** The stored item columns of an input; the referenced space or collection must exist (its canonical id is stored). */
async function itemColumns(db: Kysely<Database>, input: CarouselItemInput): Promise<Pick<Row, 'type' | 'itemId' | 'url'>> {
  if (input.type === 'URL') return { type: 'URL', itemId: null, url: normaliseLink(input.item.url as string) };
  const key = input.item.id as string;
  const found = input.type === 'SPACE' ? await findSpace(db, key) : await findCollection(db, key);
  if (!found) throw fieldError('json.item.id', `No ${input.type === 'SPACE' ? 'space' : 'collection'} ${key}`);
  return { type: input.type, itemId: found.id, url: null };
}

/** POST /fci/ */
export const createItem: RouteHandler<typeof r.createItem, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const input = c.req.valid('json');
  const row = await withAudit(c.get('deps'), admin, { type: 'CAROUSEL_ITEM', action: 'CREATE' }, async (tx) => {
    const priority = await lastSlidePriority(tx);
    const now = clockOf(c.get('deps')).now().toISOString();
    const next: Row = {
      id: newId(),
      description: input.description || null,
      translations: JSON.stringify(cleanTranslations(input.translations ?? {}, CAROUSEL_TEXTS)),
      isActive: input.isActive ? 1 : 0,
      priority,
      ...(await itemColumns(tx, input)),
      createdAt: now,
      updatedAt: now,
    };
    await insertSlide(tx, next);
    return { from: null, to: stored(next), result: next, changed: { type: 'CAROUSEL_ITEM', ids: [next.id] } };
  });
  const [item] = await withPreviews(c, [row]);
  return c.json(item as AdminCarouselItem, 200);
};

/** GET /fci/ */
export const listItems: RouteHandler<typeof r.listItems, AppEnv> = async (c) => {
  const rows = await orderedSlides(c.get('deps').db.kysely);
  return c.json(await withPreviews(c, c.req.valid('query').includeInactive ? rows : rows.filter((s) => s.isActive === 1)), 200);
};

/** GET /fci/{id}/ */
export const getItem: RouteHandler<typeof r.getItem, AppEnv> = async (c) => {
  const row = await findSlide(c.get('deps').db.kysely, c.req.valid('param').id);
  if (!row) throw notFound('Carousel slide');
  const [item] = await withPreviews(c, [row]);
  return c.json(item as AdminCarouselItem, 200);
};

/** PUT /fci/{id}/ */
export const updateItem: RouteHandler<typeof r.updateItem, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { id } = c.req.valid('param');
  const input = c.req.valid('json');
  const row = await withAudit(c.get('deps'), admin, { type: 'CAROUSEL_ITEM', action: 'UPDATE' }, async (tx) => {
    const before = await findSlide(tx, id);
    if (!before) throw notFound('Carousel slide');
    const next: Row = {
      ...before,
      description: input.description || null,
      translations: input.translations === undefined ? before.translations : JSON.stringify(cleanTranslations(input.translations, CAROUSEL_TEXTS)),
      isActive: input.isActive ? 1 : 0,
      ...(await itemColumns(tx, input)),
      updatedAt: clockOf(c.get('deps')).now().toISOString(),
    };
    await updateSlideRow(tx, id, next);
    return { from: stored(before), to: stored(next), result: next, changed: { type: 'CAROUSEL_ITEM', ids: [id] } };
  });
  const [item] = await withPreviews(c, [row]);
  return c.json(item as AdminCarouselItem, 200);
};

/** DELETE /fci/{id}/ */
export const deleteItem: RouteHandler<typeof r.deleteItem, AppEnv> = async (c) => {
  await deleteOne(c.get('deps'), requireAdmin(c), SLIDES, c.req.valid('param').id);
  return c.body(null, 204);
};

/** DELETE /fci/ */
export const deleteItems: RouteHandler<typeof r.deleteItems, AppEnv> = async (c) => {
  await deleteAll(c.get('deps'), requireAdmin(c), SLIDES, c.req.valid('json'));
  return c.body(null, 204);
};

/** PUT /fci/activate/ */
export const activateItems: RouteHandler<typeof r.activateItems, AppEnv> = async (c) => {
  const { active, list } = c.req.valid('json');
  return c.json(await setFlagAll(c.get('deps'), requireAdmin(c), SLIDES, list, 'isActive', active, active ? 'ACTIVATE' : 'DEACTIVATE'), 200);
};

/** PATCH /fci/{id}/reorder/ */
export const reorderItem: RouteHandler<typeof r.reorderItem, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { id } = c.req.valid('param');
  const { position } = c.req.valid('json');
  await withAudit(c.get('deps'), admin, { type: 'CAROUSEL_ITEM', action: 'REORDER' }, async (tx) => {
    const rows = await orderedSlides(tx);
    if (!rows.some((s) => s.id === id)) throw notFound('Carousel slide');
    const next = movedPriorities(rows, id, position);
    const changed = rows.filter((s) => next.get(s.id) !== s.priority);
    const now = clockOf(c.get('deps')).now().toISOString();
    for (const s of changed) await setSlidePriority(tx, s.id, next.get(s.id) as number, now);
    return {
      from: rows.map((s) => s.id),
      to: [...next.keys()],
      result: null,
      changed: { type: 'CAROUSEL_ITEM', ids: changed.map((s) => s.id) },
      noop: !changed.length,
    };
  });
  return c.json(await withPreviews(c, await orderedSlides(c.get('deps').db.kysely)), 200);
};
