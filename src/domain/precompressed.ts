/**
 * Which files of the static site are precompressed at build time (brotli `.br` and gzip `.gz`
 * siblings, written by src/site/precompress.ts and the publisher's render worker) and served as such
 * by src/server/static-encoding.ts. Shared here so the writers and the server agree.
 */
export const PRECOMPRESSED_EXTENSIONS: ReadonlySet<string> = new Set(['html', 'js', 'mjs', 'css', 'json', 'svg', 'xml', 'txt']);
/**
 * Brotli quality and gzip level of pages (thousands, all rewritten when the footer lists change: on
 * our pages 6 and 9 cost a fifth more time for 0.3 % fewer bytes), for the build's siblings and for
 * pages the server makes (the search page with its answer, src/server/search-page-answer.ts).
 */
export const PAGE_BROTLI_QUALITY = 5;
/** @see PAGE_BROTLI_QUALITY */
export const PAGE_GZIP_LEVEL = 6;
/** Files smaller than this are sent as they are (the encoding costs more than it saves). */
export const MIN_PRECOMPRESS_BYTES = 512;

/** Whether a site path (relative to the build, `/`-separated) is one the build precompresses; dot folders (`.publish/`) are not. */
export function isPrecompressible(path: string): boolean {
  if (path.startsWith('.') || path.includes('/.')) return false;
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') && PRECOMPRESSED_EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}

/**
 * A build whose `.publish/` holds this file has files whose siblings are missing or older than the
 * file (a full build that left them to the publisher, pages patched in place): the publisher
 * brings them up to date behind the served build (src/site/precompress.ts `packPending`).
 */
export const SIBLINGS_PENDING_FILE = 'siblings-pending';
