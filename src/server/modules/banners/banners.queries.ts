import type { Selectable } from 'kysely';
import type { Banner } from '../../../domain/homepage.ts';
import type { Database } from '../../db/schema.ts';
import type { ContentCtx } from '../../platform/content/context.ts';

/** GET /banner/: active banners not yet expired (expirationDate null or in the future), by position. */
export async function listActiveBanners(ctx: ContentCtx): Promise<Banner[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .selectFrom('banners')
    .selectAll()
    .where('isActive', '=', 1)
    .where((eb) => eb.or([eb('expirationDate', 'is', null), eb('expirationDate', '>', now.toISOString())]))
    .orderBy('position')
    .orderBy('createdAt')
    .execute();
  return rows.map(toBanner);
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
});
