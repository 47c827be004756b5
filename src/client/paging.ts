/** A page of results as every list call answers it (spec 9). */
export interface Page<T> {
  results: T[];
  hasNext: boolean;
  nextOffset: number | null;
  totalResults: number;
  /** Keyset cursor of the next page, on lists that offer one (faster than deep offsets). */
  nextSeek?: string | null;
}

/** Where the next page starts: an offset, and a keyset cursor when the list offers one. */
export interface PageCursor {
  offset: number;
  seek?: string;
}

/**
 * Walks every page of a list and returns all results in order. `fetchPage` gets the offset (and the
 * keyset cursor when the previous page carried `nextSeek`); stops at the last page or after `maxPages`.
 */
export async function allPages<T>(fetchPage: (at: PageCursor) => Promise<Page<T>>, options: { maxPages?: number } = {}): Promise<T[]> {
  const out: T[] = [];
  let at: PageCursor = { offset: 0 };
  const maxPages = options.maxPages ?? 100_000;
  for (let n = 0; n < maxPages; n++) {
    const page = await fetchPage(at);
    out.push(...page.results);
    if (!page.hasNext || page.nextOffset === null || page.results.length === 0) break;
    at = page.nextSeek ? { offset: page.nextOffset, seek: page.nextSeek } : { offset: page.nextOffset };
  }
  return out;
}
