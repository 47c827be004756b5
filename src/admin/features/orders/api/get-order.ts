import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder } from '../../../../domain/capture-delivery.ts';
import { adminHttp } from '../../../lib/api.ts';
import { orderKeys } from './keys.ts';

/** GET /admin/api/capture/orders/{orderId}/. */
export function getOrder(orderId: string): Promise<AdminOrder> {
  return adminHttp()('GET', '/admin/api/capture/orders/{orderId}/', { params: { orderId } });
}

/** Query options of one order. */
export const orderQuery = (orderId: string) => queryOptions({ queryKey: orderKeys.detail(orderId), queryFn: () => getOrder(orderId) });

/** One order. */
export function useOrder(orderId: string) {
  return useQuery(orderQuery(orderId));
}
