/**
 * Where the render worker's patches (src/loaders/banner-region.ts) list, in the copy they change,
 * the pages they are about to replace, one path a line, each written before its page. A job
 * stopped half-way (a settle given up for a publish) so leaves the list of what it may have
 * changed, and the publisher links those files back (src/server/publish/next-copy.ts `revert`)
 * instead of copying the whole build again. A patch that ends removes its list.
 */
export const PATCH_JOURNAL_PREFIX = '.publish/patch-journal-';
