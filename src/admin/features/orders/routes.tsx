import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { OrderDetail } from './components/OrderDetail.tsx';
import { OrdersScreen } from './components/OrdersScreen.tsx';

/** Capture orders: the list with filters and one order's details (/admin/orders, /admin/orders/:orderId). */
export const orderRoutes: RouteObject[] = [
  { path: PATHS.orders, element: <OrdersScreen /> },
  { path: `${PATHS.orders}/:orderId`, element: <OrderDetail /> },
];
