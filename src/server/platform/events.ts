import { EventEmitter } from 'node:events';
import type { Kysely, Transaction } from 'kysely';
import { systemClock, type Clock } from './clock.ts';
import { dialectOf } from '../db/db.ts';
import { listenForChanges, notifyInTransaction, type ChangeListener } from '../db/pg-notify.ts';
import type { Database } from '../db/schema.ts';
import { enqueueContentWebhooks, type WebhookEnv } from '../modules/webhooks/content-webhooks.ts';

/** A change to public content: the publisher rebuilds what it touches. */
export interface ContentChange {
  type: string;
  ids: string[];
  time: string;
  /** What was done (CREATE, UPDATE, DELETE, …); CHANGE when the caller did not say. */
  action?: string;
}

/** Where content changes also go: the CONTENT_WEBHOOK_URL endpoints, and the clock that stamps them. */
export interface ContentEventsOptions {
  env?: WebhookEnv;
  clock?: Clock;
}

/**
 * The in-process bus content changes travel on; every change is also recorded in content_events,
 * together with one outbox message per content-webhook endpoint.
 */
export class ContentEvents {
  private readonly emitter = new EventEmitter();
  private readonly options: ContentEventsOptions;
  private listener: ChangeListener | null = null;
  constructor(options: ContentEventsOptions = {}) {
    this.options = options;
  }
  /**
   * Records and announces one change; call after the change's transaction commits. The event row and
   * its webhook messages are written in one transaction, so neither exists without the other.
   */
  async emit(db: Kysely<Database>, type: string, ids: string[], action = 'CHANGE'): Promise<ContentChange> {
    const change = await db.transaction().execute((tx) => this.record(tx, type, ids, action));
    this.announce(change);
    return change;
  }
  /**
   * Writes one change's event and webhook messages in the caller's transaction (the change's own, so
   * they commit with it); call `announce` with the answer once that transaction has committed.
   */
  async record(tx: Transaction<Database>, type: string, ids: string[], action = 'CHANGE'): Promise<ContentChange> {
    const clock = this.options.clock ?? systemClock;
    const change: ContentChange = { type, ids, time: clock.now().toISOString(), action };
    const row = await tx
      .insertInto('content_events')
      .values({ type, ids: JSON.stringify(ids), time: change.time })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueContentWebhooks(tx, { eventId: row.id, type, ids, action, time: change.time }, this.options.env, clock);
    // Other replicas on the same PostgreSQL database hear of it when this transaction commits.
    if (dialectOf(tx) === 'postgres') await notifyInTransaction(tx, { type, ids, time: change.time, action });
    return change;
  }
  /**
   * Also announces the changes other processes commit on this PostgreSQL database (LISTEN/NOTIFY),
   * so a replica's publisher and outbox dispatcher follow writes made through any replica. A change
   * naming too many ids to send arrives as type FULL_SYNC (the publisher's sync then reads everything).
   */
  async listen(databaseUrl: string): Promise<void> {
    if (this.listener) return;
    this.listener = listenForChanges(databaseUrl, (n) =>
      this.announce(
        n.ids ? { type: n.type, ids: n.ids, time: n.time, ...(n.action ? { action: n.action } : {}) } : { type: 'FULL_SYNC', ids: [], time: n.time },
      ),
    );
    await this.listener.ready;
  }
  /** Stops listening to other processes. */
  async close(): Promise<void> {
    await this.listener?.close();
    this.listener = null;
  }
  /** Tells in-process listeners (the publisher, the outbox dispatcher) about a committed change. */
  announce(change: ContentChange): void {
    this.emitter.emit('change', change);
  }
  /** Subscribes to changes; returns the unsubscribe function. */
  on(listener: (change: ContentChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}
