import type { Insertable, Kysely } from 'kysely';
import type { DeliveryStatus, WebhookDelivery } from '../../../domain/webhooks.ts';
import type { Database } from '../../db/schema.ts';
import { deliveryError } from './deliver-webhook.ts';

/** Stores a webhook endpoint an administrator adds. */
export async function insertWebhookEndpoint(db: Kysely<Database>, row: Insertable<Database['webhook_endpoints']>): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

/** Removes an endpoint and cancels what is still pending for it (its log entries stay). */
export async function removeWebhookEndpoint(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  await db.updateTable('outbox').set({ status: 'cancelled', nextAttemptAt: null }).where('endpointId', '=', id).where('status', '=', 'pending').execute();
}

/** One window of the webhook deliveries, newest first, by status and endpoint; with the total. */
export async function listWebhookDeliveries(
  db: Kysely<Database>,
  q: { status?: string | undefined; endpointId?: string | undefined; limit: number; offset: number },
): Promise<{ results: WebhookDelivery[]; total: number }> {
  let query = db.selectFrom('outbox').where('kind', '=', 'webhook');
  if (q.status) query = query.where('status', '=', q.status);
  if (q.endpointId) query = query.where('endpointId', '=', q.endpointId);
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'topic', 'target', 'endpointId', 'status', 'attempts', 'createdAt', 'lastAttemptAt', 'nextAttemptAt', 'deliveredAt', 'lastError'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const results: WebhookDelivery[] = rows.map(({ target, lastError, ...d }) => ({
    ...d,
    url: target,
    status: d.status as DeliveryStatus,
    attempts: Number(d.attempts),
    lastError: deliveryError(lastError),
  }));
  return { results, total: Number(count?.n ?? 0) };
}
