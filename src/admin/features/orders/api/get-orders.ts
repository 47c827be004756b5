import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderList, AdminOrderQuery } from '../../../../domain/capture-delivery.ts';
import { adminHttp } from '../../../lib/api.ts';
import { orderKeys } from './keys.ts';

/** The filters as the screen sends them (page and size have server defaults). */
export type OrdersFilter = Partial<Omit<AdminOrderQuery, 'page' | 'pageSize'>> & { page?: number; pageSize?: number };

/** GET /admin/api/capture/orders/: a page of orders with the filters' choices and the overdue count. */
export function getOrders(query: OrdersFilter): Promise<AdminOrderList> {
  return adminHttp()('GET', '/admin/api/capture/orders/', { query });
}

/** Query options of a page of orders. */
export const ordersQuery = (query: OrdersFilter) =>
  queryOptions({ queryKey: orderKeys.list(query), queryFn: () => getOrders(query), placeholderData: keepPreviousData });

/** A page of orders; the previous page stays shown while the next loads. */
export function useOrders(query: OrdersFilter) {
  return useQuery(ordersQuery(query));
}
