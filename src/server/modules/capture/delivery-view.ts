import type { Kysely } from 'kysely';
import type { OrderDelivery } from '../../../domain/capture.ts';
import { DELIVERY_HOURS } from '../../../domain/capture-rules.ts';
import { DEFAULT_SHOWCASE_TEMPLATE } from '../../../domain/urls.ts';
import type { Database } from '../../db/schema.ts';
import type { CaptureOrdersTable } from '../../db/schema/capture.ts';

/** The moment the promise counts from: when the technician said "Captured", else the appointment's end. */
export const visitAt = (row: Pick<CaptureOrdersTable, 'capturedAt' | 'end'>): string => row.capturedAt ?? row.end;

/** When the digital twin is due: DELIVERY_HOURS after the visit. */
export const dueAt = (row: Pick<CaptureOrdersTable, 'capturedAt' | 'end'>): string =>
  new Date(Date.parse(visitAt(row)) + DELIVERY_HOURS * 3_600_000).toISOString();

/** Whether an order broke the promise: not delivered by its due time (now, or when it was delivered). Cancelled orders never are. */
export function isOverdue(row: Pick<CaptureOrdersTable, 'capturedAt' | 'end' | 'deliveredAt' | 'status'>, now: Date): boolean {
  if (row.status === 'CANCELLED') return false;
  const due = Date.parse(dueAt(row));
  return row.deliveredAt ? Date.parse(row.deliveredAt) > due : now.getTime() > due;
}

/** Where the owner opens a delivered space: the tour player (it shows a PRIVATE space to the people who may see it). */
export const spaceUrlOf = (modelId: string): string => DEFAULT_SHOWCASE_TEMPLATE.replace('{modelId}', encodeURIComponent(modelId));

/** An order's delivery as the API answers it. */
export async function deliveryView(db: Kysely<Database>, row: CaptureOrdersTable, now: Date): Promise<OrderDelivery> {
  const space = row.spaceId ? await db.selectFrom('spaces').select('modelId').where('id', '=', row.spaceId).executeTakeFirst() : undefined;
  return {
    arrivedAt: row.arrivedAt,
    capturedAt: row.capturedAt,
    visitAt: visitAt(row),
    dueAt: dueAt(row),
    deliveredAt: row.deliveredAt,
    overdue: isOverdue(row, now),
    spaceId: row.spaceId,
    spaceUrl: space ? spaceUrlOf(space.modelId) : null,
  };
}
