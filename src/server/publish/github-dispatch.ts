import { Hono } from 'hono';
import type { ContentHint } from '../../domain/publish-protocol.ts';
import { clockOf, type Clock } from '../platform/clock.ts';
import { errorBody } from '../platform/errors.ts';
import { recentIds, verifyDelivery } from './webhook-receiver.ts';

/** Options of {@link createDispatchRelay}. */
export interface DispatchRelayOptions {
  /** The content webhook's `whsec_…` secret. */
  secret: string;
  /** `owner/name` of the repository whose `.github/workflows/publish.yml` rebuilds the site. */
  repo: string;
  /** A token allowed to create repository dispatch events (fine-grained: Contents read and write). */
  token: string;
  /** Changes within this quiet period make one dispatch (one CI run). */
  debounceMs?: number;
  apiUrl?: string;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  /** Where the times of the dispatches are read (the system clock by default). */
  clock?: Clock;
}

/**
 * The relay between the product's content webhooks and a CI rebuild: it verifies each delivery
 * (Standard Webhooks), gathers the changes of a quiet period, and sends one `repository_dispatch`
 * of type `content-changed` to GitHub (whose API needs a token the product need not hold). The
 * workflow's concurrency group collapses dispatches that arrive while a run is going.
 */
export function createDispatchRelay(o: DispatchRelayOptions) {
  const app = new Hono();
  const ids = recentIds();
  const log = o.log ?? (() => undefined);
  const doFetch = o.fetch ?? fetch;
  const pending: ContentHint[] = [];
  let timer: NodeJS.Timeout | null = null;
  const sent: { at: string; status: number; changes: number }[] = [];

  const flush = async () => {
    timer = null;
    const changes = pending.splice(0);
    if (!changes.length) return;
    const res = await doFetch(`${o.apiUrl ?? 'https://api.github.com'}/repos/${o.repo}/dispatches`, {
      method: 'POST',
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${o.token}`,
        'X-GitHub-Api-Version': '2022-11-28',
        'Content-Type': 'application/json',
      },
      // client_payload: at most 10 top-level keys; the list of changes is informational for the run.
      body: JSON.stringify({ event_type: 'content-changed', client_payload: { changes: changes.slice(0, 100), count: changes.length } }),
    }).catch((e: unknown) => ({ status: 0, text: () => Promise.resolve(String(e)) }));
    sent.push({ at: clockOf(o).now().toISOString(), status: res.status, changes: changes.length });
    if (sent.length > 20) sent.shift();
    if (res.status === 204) log(`Dispatched content-changed to ${o.repo} (${changes.length} change(s)).`);
    else {
      log(`GitHub refused the dispatch (${res.status}): ${(await res.text()).slice(0, 300)}; retrying with the next change.`);
      pending.unshift(...changes);
    }
  };

  app.post('/webhook', async (c) => {
    const delivery = verifyDelivery(o.secret, await c.req.text(), c.req.raw.headers);
    if (!delivery) return c.json(errorBody('UNAUTHORIZED', 'The webhook signature or timestamp is not valid.', false), 401);
    if (ids.seenBefore(delivery.id) || delivery.kind === 'test') return c.json({ accepted: true }, 202);
    pending.push(delivery.hint);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), o.debounceMs ?? 10_000);
    return c.json({ accepted: true }, 202);
  });
  app.get('/health', (c) => c.json({ pending: pending.length, sent }));
  return {
    app,
    /** Sends what is pending now (tests, shutdown). */
    flush: async () => {
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
}
