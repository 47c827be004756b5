import { adminActivate, type MarketplaceResource } from '../../../../client/marketplace.ts';
import { adminHttp } from '../../../lib/api.ts';
import { useOptimisticList, withActive } from '../../../lib/ordered-resource.ts';
import { marketplaceListKeys } from './keys.ts';

/** PUT /admin/api/marketplace/{resource}/activate/: shown at once, rolled back if the call fails. */
export function useActivate(resource: MarketplaceResource) {
  return useOptimisticList(
    marketplaceListKeys(resource),
    (input: { ids: string[]; active: boolean }) => adminActivate(adminHttp(), resource, input),
    (rows: { id: string; isActive: boolean }[], { ids, active }) => withActive(rows, ids, active),
  );
}
