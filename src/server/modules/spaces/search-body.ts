import type { RawBuilder } from 'kysely';
import type { SpaceSearchInput } from '../../../domain/search.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import type { FtsColumn } from './fts.ts';
import { cameraConditions, hasAnyTag, inArea, inCountry, noMatch, tagIdsFor } from './spaces.queries.ts';

/** What a search body asks beyond its text: the parts the search and its facets share. */
export type SearchBody = Pick<SpaceSearchInput, 'searchBy' | 'tags' | 'countryCode' | 'filters' | 'bounds'>;

/** Which FTS columns a `searchBy` selects; none selected means all. */
export function columnsOf(by: SearchBody['searchBy']): FtsColumn[] {
  const cols: FtsColumn[] = [];
  if (by.name) cols.push('name');
  if (by.summary) cols.push('summary');
  if (by.description) cols.push('description');
  if (by.tag) cols.push('tags');
  if (by.location) cols.push('location');
  return cols;
}

/**
 * The conditions of a search body on `spaces s`: every tag asked for (an unknown tag matches
 * nothing), the country, the camera filters, the map's part. `walkViews` as in {@link hasAnyTag}:
 * on for a page of results in views order, off for counting every match.
 */
export async function searchConditionsOf(ctx: ContentCtx, body: SearchBody, walkViews = true): Promise<RawBuilder<unknown>[]> {
  const where: RawBuilder<unknown>[] = [];
  if (body.tags?.length) {
    const ids = await tagIdsFor(ctx, body.tags);
    for (const t of body.tags) {
      const id = ids.get(t.trim().toLowerCase());
      where.push(id ? hasAnyTag(ctx, [id], walkViews) : noMatch());
    }
  }
  if (body.countryCode) where.push(inCountry(body.countryCode.toUpperCase()));
  if (body.filters?.length) where.push(...cameraConditions(ctx, body.filters));
  if (body.bounds) where.push(inArea(ctx, body.bounds));
  return where;
}
