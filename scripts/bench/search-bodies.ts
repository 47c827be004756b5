/** The common words of bench:api's search-varied scenario. */
export const SEARCH_BENCH_WORDS = ['apartment', 'house', 'office', 'museum', 'loft', 'studio', 'villa', 'gallery', 'hotel', 'church', 'school', 'garden'];

/**
 * The i-th body of bench:api's search-varied scenario: the 12 words × page sizes 10–33 × pages 1–5
 * in turn (1,440 different searches), relevance order, each word typed without a trailing space.
 */
export function searchBenchBody(i: number): { searchText: string; page: number; pageSize: number } {
  const words = SEARCH_BENCH_WORDS;
  const pageSize = 10 + (Math.floor(i / words.length) % 24);
  const page = 1 + (Math.floor(i / (words.length * 24)) % 5);
  return { searchText: words[i % words.length] as string, page, pageSize };
}
