/**
 * The pencil banner (src/features/banner/PencilBanner.astro) is on every page, so a banner change
 * is published by patching its region in the built files rather than by rendering every page
 * again: the region runs from `<div data-pencil` to the `</div>` that closes it, with the banner's
 * `<aside>` inside or empty. The banner's text is escaped HTML, so it never holds `</aside>`.
 * Works on bytes: a page is patched without decoding all of it.
 */
const REGION = /^<div data-pencil[^>]*>\s*(?:<aside[\s\S]*?<\/aside>\s*)?<\/div>/;
const START = Buffer.from('<div data-pencil');
/** How far past its start a region may end (a banner is well under 2 KB). */
const MAX_REGION_BYTES = 16 * 1024;

/** Where a page's banner region is (byte offsets), if it has one. */
function locate(page: Buffer): { start: number; end: number } | null {
  const start = page.indexOf(START);
  if (start < 0) return null;
  const head = page.subarray(start, start + MAX_REGION_BYTES).toString('latin1');
  const m = REGION.exec(head);
  return m ? { start, end: start + Buffer.byteLength(m[0], 'latin1') } : null;
}

/** A page's banner region (its bytes), if it has one. */
export function bannerRegion(page: Buffer): Buffer | null {
  const at = locate(page);
  return at ? page.subarray(at.start, at.end) : null;
}

/** The page with its banner region replaced; null when it has none or it is already `region`. */
export function withBannerRegion(page: Buffer, region: Buffer): Buffer | null {
  const at = locate(page);
  if (!at || page.subarray(at.start, at.end).equals(region)) return null;
  return Buffer.concat([page.subarray(0, at.start), region, page.subarray(at.end)]);
}
