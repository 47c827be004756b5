import { createRoute, z } from '@hono/zod-openapi';
import { Order, OrderStatusInput, TechnicianInput, TechnicianList, TechnicianSaved } from '../../../domain/capture.ts';
import { AdminOrder, AdminOrderList, AdminOrderQuery, ReassignInput } from '../../../domain/capture-delivery.ts';
import { adminErrors, adminMiddleware } from '../../platform/admin/openapi.ts';
import { jsonBody, ok } from '../../platform/content/openapi.ts';

const tags = ['Admin: capture services'];

/** GET /admin/api/capture/technicians/ */
export const getTechnicians = createRoute({
  method: 'get',
  path: '/admin/api/capture/technicians/',
  tags,
  middleware: adminMiddleware,
  summary: 'Technicians',
  responses: { ...ok(TechnicianList, 'Every technician by continent and area'), ...adminErrors() },
});

/** POST /admin/api/capture/technicians/ */
export const postTechnician = createRoute({
  method: 'post',
  path: '/admin/api/capture/technicians/',
  tags,
  middleware: adminMiddleware,
  summary: 'Add a technician',
  description: 'Pending notify-me signups inside the new service area are emailed (once each) in the same transaction.',
  request: jsonBody(TechnicianInput),
  responses: { ...ok(TechnicianSaved, 'Stored; `notified` counts the signups now covered'), ...adminErrors() },
});

/** PUT /admin/api/capture/technicians/{technicianId}/ */
export const putTechnician = createRoute({
  method: 'put',
  path: '/admin/api/capture/technicians/{technicianId}/',
  tags,
  middleware: adminMiddleware,
  summary: 'Change a technician',
  description: 'Replaces every field. A larger radius or a new base emails the notify-me signups it now covers.',
  request: { params: z.object({ technicianId: z.string().min(1).max(64) }), ...jsonBody(TechnicianInput) },
  responses: { ...ok(TechnicianSaved, 'Stored'), ...adminErrors(404) },
});

/** POST /admin/api/capture/orders/{orderId}/status/ */
export const postOrderStatus = createRoute({
  method: 'post',
  path: '/admin/api/capture/orders/{orderId}/status/',
  tags,
  middleware: adminMiddleware,
  summary: "Advance an order's status",
  description:
    'Technician assigned, scheduled, captured. DELIVERED is reached only through a processed capture (409 here); cancelling goes through the customer cancel call (it credits the account).',
  request: { params: z.object({ orderId: z.string().min(1).max(64) }), ...jsonBody(OrderStatusInput) },
  responses: { ...ok(Order, 'The order'), ...adminErrors(404, 409) },
});

const orderParams = z.object({ orderId: z.string().min(1).max(64) });

/** GET /admin/api/capture/orders/ */
export const getAdminOrders = createRoute({
  method: 'get',
  path: '/admin/api/capture/orders/',
  tags,
  middleware: adminMiddleware,
  summary: 'Every order',
  description: "Filtered by status, area, technician and visit date; each with its visit and delivery times, the late flag and the statuses' history.",
  request: { query: AdminOrderQuery },
  responses: { ...ok(AdminOrderList, 'A page of orders, latest visit first; `overdueCount` counts every late delivery'), ...adminErrors() },
});

/** GET /admin/api/capture/orders/{orderId}/ */
export const getAdminOrder = createRoute({
  method: 'get',
  path: '/admin/api/capture/orders/{orderId}/',
  tags,
  middleware: adminMiddleware,
  summary: 'One order',
  request: { params: orderParams },
  responses: { ...ok(AdminOrder, 'The order'), ...adminErrors(404) },
});

/** POST /admin/api/capture/orders/{orderId}/technician/ */
export const postReassign = createRoute({
  method: 'post',
  path: '/admin/api/capture/orders/{orderId}/technician/',
  tags,
  middleware: adminMiddleware,
  summary: 'Give the visit to another technician',
  description: 'Same time; the technician must be free then (409). The customer and the site contact are emailed.',
  request: { params: orderParams, ...jsonBody(ReassignInput) },
  responses: { ...ok(AdminOrder, 'The order'), ...adminErrors(404, 409) },
});
