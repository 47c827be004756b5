import { Webhook } from 'standardwebhooks';
import { systemClock, type Clock } from '../clock.ts';
import { PermanentDeliveryError, type OutboxDelivery, type WebhookPayload } from './outbox.ts';

/** How long one webhook call may take before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** Standard Webhooks headers for a body, signed at the time of the attempt (receivers reject old timestamps). */
export function signWebhook(id: string, secret: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

const isPayload = (p: unknown): p is WebhookPayload =>
  typeof p === 'object' && p !== null && ['url', 'body'].every((k) => typeof (p as Record<string, unknown>)[k] === 'string');

/** Finds the current secret of a content-webhook endpoint; undefined once it is gone. */
export type SecretLookup = (endpointId: string) => Promise<string | undefined>;

/**
 * Posts a webhook message: any 2xx answer delivers it; anything else (a redirect, an error status,
 * no answer within 15 s) is a failed attempt whose error names the status and the start of the body.
 */
export function webhookDeliverer(clock: Clock = systemClock, secretOf: SecretLookup = () => Promise.resolve(undefined), timeoutMs = WEBHOOK_TIMEOUT_MS) {
  return async (d: OutboxDelivery): Promise<void> => {
    if (!isPayload(d.payload)) throw new PermanentDeliveryError('The stored webhook has no url or body.');
    const { url, body } = d.payload;
    const secret = d.payload.secret ?? (d.endpointId ? await secretOf(d.endpointId) : undefined);
    if (!secret) throw new PermanentDeliveryError(`The webhook endpoint ${d.endpointId ?? url} no longer exists.`);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Discover-Webhooks/1', ...signWebhook(d.id, secret, body, clock.now()) },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      const reason = cause instanceof Error ? (cause.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : describe(cause)) : String(cause);
      throw new Error(`POST ${url} failed: ${reason}`, { cause });
    }
    if (res.status >= 200 && res.status < 300) {
      await res.body?.cancel();
      return;
    }
    const text = (await res.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
    throw new Error(`HTTP ${res.status}${text ? `: ${text}` : ''}`);
  };
}

/** fetch's own message is only "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND, …). */
function describe(error: Error): string {
  const cause = error.cause;
  if (cause instanceof Error) return `${error.message} (${(cause as NodeJS.ErrnoException).code ?? cause.message})`;
  return error.message;
}
