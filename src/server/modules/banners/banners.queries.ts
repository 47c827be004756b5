import type { Selectable } from 'kysely';
import type { Banner } from '../../../domain/homepage.ts';
import { inLocale, parseTranslations } from '../../../domain/locale-texts.ts';
import type { Database } from '../../db/schema.ts';
import type { ContentCtx } from '../../platform/content/context.ts';

/** The texts a banner may give per locale. */
export const BANNER_TEXTS = ['text'] as const;

/**
 * GET /banner/: active banners not yet expired (expirationDate null or in the future), by position;
 * with `locale`, their texts in it (English where it has none).
 */
export async function listActiveBanners(ctx: ContentCtx, locale?: string): Promise<Banner[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .selectFrom('banners')
    .selectAll()
    .where('isActive', '=', 1)
    .where((eb) => eb.or([eb('expirationDate', 'is', null), eb('expirationDate', '>', now.toISOString())]))
    .orderBy('position')
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => inLocale(toBanner(r), BANNER_TEXTS, locale));
}

/** A stored banner as the API answers it (public list, console, audit snapshots): 0/1 flags as booleans. */
export const toBanner = (b: Selectable<Database['banners']>): Banner => ({
  id: b.id,
  text: b.text,
  color: b.color,
  hyperlink: b.hyperlink,
  expirationDate: b.expirationDate,
  isActive: b.isActive === 1,
  isHideable: b.isHideable === 1,
  translations: parseTranslations(b.translations, BANNER_TEXTS),
});
