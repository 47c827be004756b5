import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationRecord } from '../../../../domain/admin.ts';
import type { ItemType } from '../../../../domain/enums.ts';
import type { makePage } from '../../../../domain/page.ts';
import { adminHttp } from '../../../lib/api.ts';
import { moderationKeys } from './keys.ts';

/** A page of moderation records. */
export type ModerationPage = ReturnType<typeof makePage<ModerationRecord>>;

/** Which records to list: part of the reason, the item type ('' for any) and the page window. */
export interface ModerationFilter {
  reason: string;
  itemType: ItemType | '';
  offset: number;
  limit: number;
}

/** GET /admin/api/moderation/: records newest first. */
export function getModerationRecords(filter: ModerationFilter): Promise<ModerationPage> {
  return adminHttp()('GET', '/admin/api/moderation/', {
    query: { reason: filter.reason || undefined, itemType: filter.itemType || undefined, offset: filter.offset, limit: filter.limit },
  });
}

/** Query options of a records page. */
export const moderationRecordsQuery = (filter: ModerationFilter) =>
  queryOptions({ queryKey: moderationKeys.list(filter), queryFn: () => getModerationRecords(filter), placeholderData: keepPreviousData });

/** A page of records; the previous page stays shown while the next loads. */
export function useModerationRecords(filter: ModerationFilter) {
  return useQuery(moderationRecordsQuery(filter));
}
