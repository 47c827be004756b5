import type { CarouselItemType } from '../../../domain/enums.ts';
import type { CarouselItem } from '../../../domain/homepage.ts';
import { inLocale, parseTranslations } from '../../../domain/locale-texts.ts';
import { linkHref, SITE_BASE } from '../../../domain/urls.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { buildCollections } from '../collections/collections.queries.ts';
import { listedCardsById } from '../spaces/spaces.queries.ts';
import { listedCollection } from '../../platform/content/viewer.ts';
import { sql } from 'kysely';

/** Where a URL slide links: site-relative paths stay, anything else must be a safe http(s) URL. */
function slideHref(url: string | null): string | null {
  return linkHref(url) ?? null;
}

/** The texts a carousel slide may give per locale. */
export const CAROUSEL_TEXTS = ['description'] as const;

/**
 * GET /fci/: slides by priority with their items resolved. A slide whose item is missing, not
 * public, or moderated (or a URL slide without a safe URL) is left out. With `locale`, descriptions
 * (and a URL slide's name, its description) are in that locale, English where it has none.
 */
export async function listCarousel(ctx: ContentCtx, includeInactive: boolean, locale?: string): Promise<CarouselItem[]> {
  let q = ctx.db.selectFrom('carousel_items').selectAll().orderBy('priority', 'desc').orderBy('createdAt');
  if (!includeInactive) q = q.where('isActive', '=', 1);
  const rows = await q.execute();
  const spaceIds = rows.filter((r) => r.type === 'SPACE' && r.itemId).map((r) => r.itemId as string);
  const collectionIds = rows.filter((r) => r.type === 'COLLECTION' && r.itemId).map((r) => r.itemId as string);
  const [cards, collectionRows] = await Promise.all([
    listedCardsById(ctx, spaceIds),
    collectionIds.length
      ? sql<
          Parameters<typeof buildCollections>[1][number]
        >`SELECT c.* FROM collections c WHERE c.id IN (${sql.join(collectionIds)}) AND ${listedCollection('c')}`.execute(ctx.db)
      : Promise.resolve({ rows: [] }),
  ]);
  const collections = await buildCollections(ctx, collectionRows.rows, { window: () => ({ offset: 0, limit: 0 }), subchildrenCount: 0, selectedSpaceId: null });
  const collectionById = new Map(collections.map((c) => [c.id, c]));
  const out: CarouselItem[] = [];
  for (const r of rows) {
    if (!r.id) continue;
    const texts = inLocale({ description: r.description, translations: parseTranslations(r.translations, CAROUSEL_TEXTS) }, CAROUSEL_TEXTS, locale);
    const base = { id: r.id, ...texts, isActive: r.isActive === 1, priority: r.priority, type: r.type as CarouselItemType };
    if (r.type === 'SPACE') {
      const space = r.itemId ? cards.get(r.itemId) : undefined;
      if (!space) continue;
      out.push({
        ...base,
        item: { id: space.id, url: null, name: space.name, imageUrl: space.images.cover, href: `${SITE_BASE}/space/${space.modelId}`, space },
      });
    } else if (r.type === 'COLLECTION') {
      const c = r.itemId ? collectionById.get(r.itemId) : undefined;
      if (!c || c.childrenCount === 0) continue;
      out.push({ ...base, item: { id: c.id, url: null, name: c.name, imageUrl: c.coverUrl, href: `${SITE_BASE}/collection/${c.sid}`, space: null } });
    } else if (r.type === 'URL') {
      const href = slideHref(r.url);
      if (!href) continue;
      out.push({ ...base, item: { id: null, url: r.url, name: texts.description ?? href, imageUrl: null, href, space: null } });
    }
  }
  return out;
}
