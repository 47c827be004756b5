import type { OrderAttachment } from '../../../domain/capture.ts';
import { attachmentUrl } from '../../platform/content/media-urls.ts';
import type { Deps } from '../../context.ts';
import { invalid } from '../../platform/errors.ts';
import { mediaStoreOf } from '../../platform/media/store.ts';
import { processUpload, removeVariants, writeVariants } from '../../platform/uploads/images.ts';
import { captureServices } from './services.ts';
import { newId } from '../../platform/ids.ts';

/**
 * Floor plans and photos of an order go through the site's upload pipeline (checked by content,
 * size-capped with the spec's message, decoded within a pixel cap, re-encoded so no metadata or
 * appended payload survives), rendered like covers (800 and 1600 px wide), and are kept in their
 * own table: they are not profile pictures and must not be pruned as unused ones.
 */

/** Stores one upload of a person; answers it as the order shows it. */
export async function storeCaptureUpload(deps: Deps, userId: string, file: File): Promise<OrderAttachment> {
  if (!(file instanceof File)) throw invalid('form.file', 'Choose a file to upload');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = await processUpload(bytes, 'COVER_IMAGE');
  const id = newId();
  const store = mediaStoreOf(deps.env);
  const variants = await writeVariants(store, id, image.variants);
  const fileName = [...(file.name || 'upload')]
    .map((ch) => (ch < ' ' || ch === '/' || ch === '\\' ? '_' : ch))
    .join('')
    .slice(0, 120);
  try {
    await deps.db.kysely
      .insertInto('capture_attachments')
      .values({
        id,
        userId,
        orderId: null,
        fileName,
        contentType: 'image/webp',
        size: bytes.byteLength,
        width: image.width,
        height: image.height,
        variants,
        createdAt: captureServices(deps).clock.now().toISOString(),
      })
      .execute();
  } catch (error) {
    await removeVariants(store, id);
    throw error;
  }
  return { id, fileName, contentType: 'image/webp', size: bytes.byteLength, url: attachmentUrl(variants) ?? '' };
}
