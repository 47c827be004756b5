import type { MarketplaceImage } from '../../../domain/marketplace.ts';
import { clockOf } from '../../platform/clock.ts';
import type { Deps } from '../../context.ts';
import { invalid } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { mediaStoreOf } from '../../platform/media/store.ts';
import { processUpload, removeVariants, writeVariants } from '../../platform/uploads/images.ts';
import { toImage } from './store.ts';

/**
 * Partner logos and app screenshots uploaded by administrators go through the site's safe upload
 * path (checked by content, 8 MB and pixel caps, decoded and re-encoded to WebP so no metadata or
 * appended payload survives): logos like profile photos (96 and 256 px squares), screenshots like
 * covers (800 and 1600 px wide). They live in `marketplace_media`, apart from profile attachments
 * (which prune unused pictures). The seed writes its generated pictures to the same table.
 */

/** Stores one uploaded picture; answers it with the id to put in `logo` or `screenshots`. */
export async function storeMarketplaceUpload(deps: Deps, kind: 'LOGO' | 'SCREENSHOT', file: File, alt: string): Promise<MarketplaceImage> {
  if (!(file instanceof File)) throw invalid('form.file', 'Choose a file to upload');
  const image = await processUpload(new Uint8Array(await file.arrayBuffer()), kind === 'LOGO' ? 'PROFILE_IMAGE' : 'COVER_IMAGE');
  // Plain hex, like profile uploads: the files spread over uploads/<first two characters>/.
  const id = newId();
  const store = mediaStoreOf(deps.env);
  const variants = await writeVariants(store, id, image.variants);
  try {
    await deps.db.kysely
      .insertInto('marketplace_media')
      .values({ id, kind, width: image.width, height: image.height, variants, createdAt: clockOf(deps).now().toISOString() })
      .execute();
  } catch (err) {
    await removeVariants(store, id);
    throw err;
  }
  const row = { id, width: image.width, height: image.height, variants };
  return toImage(new Map([[id, row]]), { id, alt }) as MarketplaceImage;
}
