import { BASE } from '../../site/paths.ts';

/** The capture-services pages (issue 12's routes; English only, spec 9). Every page URL ends with a slash. */
export const CAPTURE_PATHS = {
  landing: `${BASE}capture/`,
  flow: `${BASE}capture/order/`,
  dashboard: `${BASE}capture/orders/`,
  order: (orderId: string) => `${BASE}capture/orders/${encodeURIComponent(orderId)}/`,
};

/** The order id of an order details address (`/discover/capture/orders/{orderId}/`), or null. */
export function orderIdFromPath(pathname: string): string | null {
  const m = /\/capture\/orders\/([^/]+)\/?$/.exec(pathname);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}
