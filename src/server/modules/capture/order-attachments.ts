import type { Kysely } from 'kysely';
import type { OrderAttachment } from '../../../domain/capture.ts';
import type { Database } from '../../db/schema.ts';
import { attachmentUrl } from '../../platform/content/media-urls.ts';

/** An order's attachments (floor plans, photos) at the widest rendition, at the media store's public URL. */
export async function attachmentsOf(db: Kysely<Database>, ids: readonly string[]): Promise<OrderAttachment[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('capture_attachments').selectAll().where('id', 'in', ids).execute();
  return rows.map((r) => ({ id: r.id, fileName: r.fileName, contentType: r.contentType, size: r.size, url: attachmentUrl(r.variants) ?? '' }));
}
