/** The outbox (migration 005) and the content-webhook endpoints administrators add. */

/**
 * One message that leaves the process after a commit (a webhook call, an email), and its delivery
 * log: the row is written in the transaction of the change that caused it and updated by the
 * dispatcher on every attempt. Times are ISO-8601 UTC text, so they compare as text on both engines.
 */
export interface OutboxTable {
  id: string;
  /** `webhook` or `email`: which deliverer handles it. */
  kind: string;
  /** What it is about, for the log: `content.changed`, `webhook.test`, an email's purpose. */
  topic: string;
  /** Where it goes, for the log: the URL or the recipients. */
  target: string;
  /** The admin-managed or environment endpoint a webhook goes to (null for others). */
  endpointId: string | null;
  /** What the deliverer needs, as JSON (webhook: the signed body and secret; email: the message). */
  payload: string;
  /** pending, delivered, failed (gave up) or cancelled (its endpoint was removed). */
  status: string;
  attempts: number;
  createdAt: string;
  /** When the next attempt is due; null once finished. */
  nextAttemptAt: string | null;
  /** After this time a failed attempt is the last one. */
  giveUpAt: string;
  /** The dispatcher working on it, until `claimedUntil`; an expired claim is taken over. */
  claimedBy: string | null;
  claimedUntil: string | null;
  lastAttemptAt: string | null;
  /** The most recent failure, kept after a later success so the log shows what happened. */
  lastError: string | null;
  deliveredAt: string | null;
}

/** A content-webhook endpoint an administrator added (environment endpoints are not stored). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string | null;
  /** The Standard Webhooks signing secret, `whsec_…`. */
  secret: string;
  createdAt: string;
  createdBy: string | null;
}

/** The outbox tables by name. */
export type OutboxTables = { outbox: OutboxTable; webhook_endpoints: WebhookEndpointsTable };
