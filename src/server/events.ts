import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';

/** A change to public content: the publisher rebuilds what it touches. */
export interface ContentChange {
  type: string;
  ids: string[];
  time: string;
}

/** The in-process bus content changes travel on; every change is also recorded in content_events. */
export class ContentEvents {
  private readonly emitter = new EventEmitter();
  /** Records and announces one change; call after the change's transaction commits. */
  async emit(db: Kysely<Database>, type: string, ids: string[]): Promise<ContentChange> {
    const change: ContentChange = { type, ids, time: new Date().toISOString() };
    await db
      .insertInto('content_events')
      .values({ type, ids: JSON.stringify(ids), time: change.time })
      .execute();
    this.emitter.emit('change', change);
    return change;
  }
  /** Subscribes to changes; returns the unsubscribe function. */
  on(listener: (change: ContentChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}
