import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { AddressNotAllowedError, checkedLookup, refusedUrl, uncheckedLookup } from './address-policy.ts';
import { PermanentDeliveryError, type OutboxDelivery, type WebhookPayload } from '../../platform/outbox/outbox.ts';

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

/** How a deliverer treats addresses and time. */
export interface DelivererOptions {
  /** How long one call may take (connect to answer headers). */
  timeoutMs?: number;
  /**
   * Whether a message may go to any address: the operator's own endpoints (CONTENT_WEBHOOK_URL) and
   * ALLOW_PRIVATE_WEBHOOK_TARGETS. Otherwise loopback, private, link-local and metadata addresses are
   * refused (src/server/modules/webhooks/address-policy.ts), judged on the address actually connected to.
   */
  allowPrivate?: (delivery: OutboxDelivery, url: string) => boolean;
}

/** An attempt that failed, in the few words the delivery log shows (never anything the remote sent). */
export class DeliveryFailure extends Error {
  override readonly name = 'DeliveryFailure';
}

/**
 * Why a call failed, as a short class for the delivery log: the receiver's answer body is never
 * kept (it may be anything, and administrators read the log), only what went wrong.
 */
export function failureClass(error: unknown, timeoutMs: number): string {
  if (error instanceof AddressNotAllowedError) return `address not allowed (${error.label})`;
  const e = error as NodeJS.ErrnoException | undefined;
  const code = e?.code ?? '';
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || code === 'ETIMEDOUT' || code === 'ABORT_ERR')
    return `timeout (no answer within ${timeoutMs / 1000} s)`;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'DNS lookup failed';
  if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(e?.message ?? '')) return 'connection reset';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') return 'host unreachable';
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return 'TLS error';
  if (code === 'ERR_INVALID_URL') return 'invalid URL';
  return 'connection failed';
}

/**
 * A webhook's `lastError` as the delivery log shows it: the short class. Rows recorded before the
 * classes existed held the start of the receiver's answer (`HTTP 500: <body>`) or fetch's message;
 * they are shown as the class too.
 */
export function deliveryError(text: string | null): string | null {
  if (text === null) return null;
  const status = /^HTTP (\d{3})\b/.exec(text);
  if (status) return `HTTP ${status[1]}`;
  const legacy = /^POST \S+ failed: ([\s\S]*)$/.exec(text);
  if (!legacy) return text;
  const reason = legacy[1] ?? '';
  if (/no answer within/.test(reason)) return failureClass({ name: 'TimeoutError' }, WEBHOOK_TIMEOUT_MS);
  return failureClass({ code: /\b(E[A-Z_]+|ERR_[A-Z_]+)\b/.exec(reason)?.[1] }, WEBHOOK_TIMEOUT_MS);
}

/**
 * POSTs a body and answers the status. A fresh connection each time (no pooled socket made for
 * another message's policy), to the address `checkedLookup` approved when private addresses are
 * refused; the answer body is drained unread.
 */
function post(url: URL, headers: Record<string, string>, body: string, timeoutMs: number, checked: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
        lookup: checked ? checkedLookup : uncheckedLookup,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Posts a webhook message: any 2xx answer delivers it; anything else (a redirect, an error status,
 * no answer within 15 s, an address webhooks may not reach) is a failed attempt whose error is a
 * short class: `HTTP 500`, `timeout (…)`, `connection refused`, `address not allowed (loopback)`, ….
 */
export function webhookDeliverer(clock: Clock = systemClock, secretOf: SecretLookup = () => Promise.resolve(undefined), options: DelivererOptions = {}) {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const allowPrivate = options.allowPrivate ?? (() => false);
  return async (d: OutboxDelivery): Promise<void> => {
    if (!isPayload(d.payload)) throw new PermanentDeliveryError('The stored webhook has no url or body.');
    const { url, body } = d.payload;
    const secret = d.payload.secret ?? (d.endpointId ? await secretOf(d.endpointId) : undefined);
    if (!secret) throw new PermanentDeliveryError(`The webhook endpoint ${d.endpointId ?? url} no longer exists.`);
    let status: number;
    try {
      const target = new URL(url);
      const checked = !allowPrivate(d, url);
      // An IP literal is connected to without a lookup: judge it here (names are judged by checkedLookup).
      const literal = checked ? refusedUrl(url) : null;
      if (literal) throw new AddressNotAllowedError(target.hostname, literal);
      const headers = { 'content-type': 'application/json', 'user-agent': 'Discover-Webhooks/1', ...signWebhook(d.id, secret, body, clock.now()) };
      status = await post(target, headers, body, timeoutMs, checked);
    } catch (cause) {
      throw new DeliveryFailure(failureClass(cause, timeoutMs), { cause });
    }
    if (status >= 200 && status < 300) return;
    throw new DeliveryFailure(`HTTP ${status}`);
  };
}
