import { sql } from 'kysely';
import { CAMERA_TYPES } from '../../../domain/cameras.ts';
import type { SpaceSearchInput } from '../../../domain/search.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { spaceImages } from '../../platform/content/media-urls.ts';
import { columnsOf, searchConditionsOf } from './search-body.ts';
import { cameraConditions, compile, searchPlanOf } from './spaces.queries.ts';

/** How many values each facet lists, most frequent first. */
export const FACET_LIMIT = 12;

/** One value of a facet with the number of matching spaces. */
export interface FacetValue {
  /** What the search body takes: a tag name, a country code, a camera type id. */
  value: string;
  /** What a visitor reads. */
  label: string;
  count: number;
}

/** Counts of tags, countries and camera types among the spaces a search matches. */
export interface SearchFacets {
  total: number;
  tags: FacetValue[];
  countries: FacetValue[];
  cameras: FacetValue[];
}

/** The body of a search, as far as facets need it. */
export type FacetInput = Pick<SpaceSearchInput, 'searchText' | 'searchBy' | 'tags' | 'countryCode' | 'filters' | 'bounds'>;

const EMPTY: SearchFacets = { total: 0, tags: [], countries: [], cameras: [] };

/**
 * The facets of a search: among the spaces the same body matches (text with typos forgiven, tags,
 * country, cameras, map bounds), the {@link FACET_LIMIT} most frequent tags and countries and
 * every camera type that has a match, each with its count. Three grouped queries over the match set.
 */
export async function searchFacets(ctx: ContentCtx, input: FacetInput): Promise<SearchFacets> {
  const text = input.searchText.trim();
  const plan = text ? await searchPlanOf(ctx, text) : null;
  const compiled = compile(ctx, { where: await searchConditionsOf(ctx, input, false), text, columns: columnsOf(input.searchBy), order: 'views' }, plan);
  if (!compiled) return EMPTY;
  const { from, where } = compiled;
  const matchIds = sql`SELECT s.id FROM ${from} WHERE ${where}`;
  const cameraSums = CAMERA_TYPES.map((c, i) => {
    const cond = sql.join(cameraConditions(ctx, c.filters), sql` AND `);
    return sql`SUM(CASE WHEN ${cond} THEN 1 ELSE 0 END) AS ${sql.ref(`c${i}`)}`;
  });
  const [tags, countries, cameras] = await Promise.all([
    sql<{ name: string; n: number | string }>`SELECT t.name AS name, count(*) AS n FROM space_tags st JOIN tags t ON t.id = st."tagId"
      WHERE st."spaceId" IN (${matchIds}) GROUP BY t.id, t.name ORDER BY n DESC, t.name ASC LIMIT ${FACET_LIMIT}`.execute(ctx.db),
    sql<{ code: string; name: string; n: number | string }>`SELECT s."countryCode" AS code, max(s."countryName") AS name, count(*) AS n FROM ${from}
      WHERE ${where} AND s."countryCode" <> '' GROUP BY s."countryCode" ORDER BY n DESC, code ASC LIMIT ${FACET_LIMIT}`.execute(ctx.db),
    sql<
      Record<string, number | string | null> & { total: number | string }
    >`SELECT count(*) AS total, ${sql.join(cameraSums)} FROM ${from} WHERE ${where}`.execute(ctx.db),
  ]);
  const sums = cameras.rows[0];
  const cameraValues: FacetValue[] = CAMERA_TYPES.map((c, i) => ({ value: c.id, label: c.label, count: Number(sums?.[`c${i}`] ?? 0) }))
    .filter((v) => v.count > 0)
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, FACET_LIMIT);
  return {
    total: Number(sums?.total ?? 0),
    tags: tags.rows.map((r) => ({ value: r.name, label: r.name, count: Number(r.n) })),
    countries: countries.rows.map((r) => ({ value: r.code, label: r.name || r.code, count: Number(r.n) })),
    cameras: cameraValues,
  };
}

/** Most points {@link searchPoints} answers. */
export const POINTS_LIMIT = 500;

/** A matching space on the map: its card and where it is. */
export interface SearchPoint {
  modelId: string;
  name: string;
  place: string;
  image: string;
  width: number;
  height: number;
  /** Null when the site hides view counts. */
  views: number | null;
  lat: number;
  lon: number;
}

/**
 * The map of a search: the matching spaces that have a location (the same body as the search),
 * up to {@link POINTS_LIMIT}, most viewed first.
 */
export async function searchPoints(ctx: ContentCtx, input: FacetInput): Promise<{ total: number; points: SearchPoint[] }> {
  const text = input.searchText.trim();
  const plan = text ? await searchPlanOf(ctx, text) : null;
  const compiled = compile(ctx, { where: await searchConditionsOf(ctx, input, false), text, columns: columnsOf(input.searchBy), order: 'views' }, plan);
  if (!compiled) return { total: 0, points: [] };
  const { from, where, order } = compiled;
  const located = sql`${where} AND s.lat IS NOT NULL AND s.long IS NOT NULL`;
  const [rows, count] = await Promise.all([
    sql<{
      modelId: string;
      name: string;
      city: string;
      countryName: string;
      imageKey: string;
      imageWidth: number;
      imageHeight: number;
      views: number;
      lat: number;
      long: number;
    }>`SELECT s."modelId", s.name, s.city, s."countryName", s."imageKey", s."imageWidth", s."imageHeight", s.views, s.lat, s.long
      FROM ${from} WHERE ${located} ORDER BY ${order} LIMIT ${POINTS_LIMIT}`.execute(ctx.db),
    sql<{ n: number | string }>`SELECT count(*) AS n FROM ${from} WHERE ${located}`.execute(ctx.db),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    points: rows.rows.map((r) => ({
      modelId: r.modelId,
      name: r.name,
      place: [r.city, r.countryName].filter(Boolean).join(', '),
      image: spaceImages(r.imageKey, Number(r.imageWidth), Number(r.imageHeight)).cover,
      width: r.imageWidth,
      height: r.imageHeight,
      views: ctx.showViews ? Number(r.views) : null,
      lat: Number(r.lat),
      lon: Number(r.long),
    })),
  };
}
