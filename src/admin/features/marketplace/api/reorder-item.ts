import { adminReorder, type MarketplaceResource } from '../../../../client/marketplace.ts';
import { adminHttp } from '../../../lib/api.ts';
import { moved, useOptimisticList } from '../../../lib/ordered-resource.ts';
import { marketplaceListKeys } from './keys.ts';

/** PATCH /admin/api/marketplace/{resource}/{id}/reorder/: moved at once, rolled back if the call fails. */
export function useReorder(resource: MarketplaceResource) {
  return useOptimisticList(
    marketplaceListKeys(resource),
    ({ id, position }: { id: string; position: number }) => adminReorder(adminHttp(), resource, id, position),
    (rows: { id: string }[], { id, position }) => moved(rows, id, position),
  );
}
