import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '../../../../domain/capture-delivery.ts';
import { adminHttp } from '../../../lib/api.ts';
import { orderKeys } from './keys.ts';

/** POST /admin/api/capture/orders/{orderId}/technician/: the visit goes to another technician (the customer is emailed). */
export function reassignOrder({ orderId, technicianId }: { orderId: string; technicianId: string }): Promise<AdminOrder> {
  return adminHttp()('POST', '/admin/api/capture/orders/{orderId}/technician/', { params: { orderId }, body: { technicianId } });
}

/** Reassigns and refreshes the orders. */
export function useReassignOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: reassignOrder, onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }) });
}
