import { z } from 'zod';

/** The largest `limit` a list call takes unless it says otherwise (see `pageQueryUpTo`). */
export const MAX_PAGE_LIMIT = 200;

const limitUpTo = (max: number) => z.coerce.number().int().min(1).max(max).optional();

/**
 * Page-query parameters shared by list calls (spec 7: offset, limit, seek, page). A route takes the
 * ones it supports with `PageQuery.pick({ … })`, or spreads `.shape` among its own parameters.
 */
export const PageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: limitUpTo(MAX_PAGE_LIMIT),
  seek: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
/** @see PageQuery */
export type PageQuery = z.infer<typeof PageQuery>;

/** `PageQuery` with a larger `limit` ceiling: for lists the site build walks in big pages (tags: 1000). */
export const pageQueryUpTo = (max: number) => PageQuery.extend({ limit: limitUpTo(max) });

/** A page of results (spec 9: hasNext, nextOffset, totalResults). */
export const pageOf = <T extends z.ZodType>(item: T, id?: string) => {
  const schema = z.object({
    results: z.array(item),
    hasNext: z.boolean(),
    nextOffset: z.number().int().nullable(),
    totalResults: z.number().int(),
  });
  return id ? schema.meta({ id }) : schema;
};

/** A resolved page window: where to start and how many to take. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** Turns offset/limit/page/seek into one window; `page` is 1-based and wins over offset; `seek` is an opaque offset cursor. */
export function resolveWindow(q: PageQuery, defaultLimit: number): PageWindow {
  const limit = q.limit ?? defaultLimit;
  if (q.page !== undefined) return { offset: (q.page - 1) * limit, limit };
  if (q.seek) {
    const n = Number.parseInt(q.seek, 36);
    if (Number.isFinite(n) && n >= 0) return { offset: n, limit };
  }
  return { offset: q.offset ?? 0, limit };
}

/** Builds the page body from a slice and the total. */
export function makePage<T>(results: T[], total: number, w: PageWindow) {
  const next = w.offset + results.length;
  const hasNext = next < total;
  return { results, hasNext, nextOffset: hasNext ? next : null, totalResults: total };
}
