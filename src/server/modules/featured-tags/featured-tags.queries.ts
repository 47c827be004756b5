import type { Selectable } from 'kysely';
import type { FeaturedTag, FeaturedTagName } from '../../../domain/homepage.ts';
import { inLocale, parseTranslations, textIn } from '../../../domain/locale-texts.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { dailyShuffle } from '../../platform/content/daily-shuffle.ts';
import { readFlagSetting, SETTING_RANDOMIZE_FEATURED_TAGS } from '../settings/settings.queries.ts';
import { anyCardWithTag, cardsWithAnyTag, parseTags, resolveSpaceId, tagIdsFor } from '../spaces/spaces.queries.ts';

type Row = Selectable<Database['featured_tags']>;

/** The texts a featured tag may give per locale. */
export const FEATURED_TAG_TEXTS = ['name'] as const;

/** Parses a stored JSON list of strings; junk gives an empty list. */
export const parseJsonList = parseTags;

/** Options of the featured-tag list. */
export interface FeaturedTagListOptions {
  filterInactive: boolean;
  filterEmpty: boolean;
  spaceId?: string | undefined;
  excludeSpaceId?: string | undefined;
  spacesLimit: number;
  /** Texts in this locale (English where it has none), `translations` left empty. */
  locale?: string | undefined;
}

/** Featured tag rows in display order: priority, or a per-day shuffle when `featuredTags.randomize` is on. */
async function orderedRows(ctx: ContentCtx, filterInactive: boolean): Promise<Row[]> {
  let q = ctx.db.selectFrom('featured_tags').selectAll().orderBy('priority', 'desc').orderBy('name');
  if (filterInactive) q = q.where('isActive', '=', 1);
  const rows = await q.execute();
  return (await readFlagSetting(ctx.db, SETTING_RANDOMIZE_FEATURED_TAGS, false)) ? dailyShuffle(rows, (r) => r.id, ctx.clock.now()) : rows;
}

/** Resolves every featured tag's tag names to tag ids in one query. */
async function tagIdsByRow(ctx: ContentCtx, rows: readonly Row[]): Promise<Map<string, string[]>> {
  const lists = new Map(rows.map((r) => [r.id, parseJsonList(r.tags)]));
  const ids = await tagIdsFor(ctx, [...lists.values()].flat());
  return new Map([...lists].map(([id, names]) => [id, [...new Set(names.map((n) => ids.get(n.trim().toLowerCase())).filter((x): x is string => !!x))]]));
}

const toFeaturedTag = (r: Row, spaces: FeaturedTag['spaces']): FeaturedTag => ({
  id: r.id,
  name: r.name,
  translations: parseTranslations(r.translations, FEATURED_TAG_TEXTS),
  isActive: r.isActive === 1,
  priority: r.priority,
  tags: parseJsonList(r.tags),
  spaces,
});

/** GET /featuredTag/: featured tags with their most viewed public spaces. */
export async function listFeaturedTags(ctx: ContentCtx, o: FeaturedTagListOptions): Promise<FeaturedTag[]> {
  let rows = await orderedRows(ctx, o.filterInactive);
  if (o.spaceId) {
    const id = await resolveSpaceId(ctx, o.spaceId);
    const own = id ? await ctx.db.selectFrom('spaces').select('tags').where('id', '=', id).executeTakeFirst() : undefined;
    const mine = new Set(parseTags(own?.tags ?? '[]').map((t) => t.toLowerCase()));
    rows = rows.filter((r) => parseJsonList(r.tags).some((t) => mine.has(t.toLowerCase())));
  }
  const exclude = await resolveSpaceId(ctx, o.excludeSpaceId);
  const tagIds = await tagIdsByRow(ctx, rows);
  const out = await Promise.all(
    rows.map(async (r) => {
      const ids = tagIds.get(r.id) ?? [];
      const spaces = await cardsWithAnyTag(ctx, ids, o.spacesLimit, exclude);
      if (o.filterEmpty && !spaces.length && (o.spacesLimit > 0 || !(await anyCardWithTag(ctx, ids, exclude)))) return null;
      return inLocale(toFeaturedTag(r, spaces), FEATURED_TAG_TEXTS, o.locale);
    }),
  );
  return out.filter((t): t is FeaturedTag => t !== null);
}

/** GET /featuredTag/{id}/: one featured tag; inactive ones only for administrators. */
export async function readFeaturedTag(ctx: ContentCtx, id: string, spacesLimit: number, locale?: string): Promise<FeaturedTag> {
  const row = await ctx.db.selectFrom('featured_tags').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (row.isActive !== 1 && !ctx.viewer.isAdmin)) throw notFound('Featured tag');
  const ids = (await tagIdsByRow(ctx, [row])).get(row.id) ?? [];
  return inLocale(toFeaturedTag(row, await cardsWithAnyTag(ctx, ids, spacesLimit, null)), FEATURED_TAG_TEXTS, locale);
}

/** GET /featuredTag/listNames: ids and names in display order (in `locale`, English where it has none). */
export async function listFeaturedTagNames(ctx: ContentCtx, filterInactive: boolean, filterEmpty: boolean, locale?: string): Promise<FeaturedTagName[]> {
  const rows = await orderedRows(ctx, filterInactive);
  const named = (r: Row): FeaturedTagName => ({ id: r.id, name: textIn(r.name, parseTranslations(r.translations, FEATURED_TAG_TEXTS), 'name', locale) });
  if (!filterEmpty) return rows.map(named);
  const tagIds = await tagIdsByRow(ctx, rows);
  const keep = await Promise.all(rows.map((r) => anyCardWithTag(ctx, tagIds.get(r.id) ?? [], null)));
  return rows.filter((_, i) => keep[i]).map(named);
}
