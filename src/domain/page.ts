import { z } from 'zod';

/** Page-query parameters shared by list calls (spec 7: offset, limit, seek, page). */
export const PageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  seek: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
/** @see PageQuery */
export type PageQuery = z.infer<typeof PageQuery>;

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
