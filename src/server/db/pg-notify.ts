import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

/** The PostgreSQL channel content events travel on between replicas. */
export const CONTENT_CHANNEL = 'discover_content';
/** NOTIFY payloads are limited to 8,000 bytes; a change naming more ids is sent without them (a full sync). */
const MAX_PAYLOAD = 7_500;

/** What one replica tells the others about a committed content change. */
export interface NotifiedChange {
  /** The replica that made it (it announced it in-process already). */
  origin: string;
  type: string;
  /** Null when too many to send: the receiver treats the type as changed everywhere. */
  ids: string[] | null;
  time: string;
  action?: string;
}

/** This process's id on the channel. */
export const REPLICA_ID = randomUUID();

/**
 * Queues a NOTIFY in the change's own transaction: PostgreSQL delivers it when, and only when, the
 * transaction commits, so no replica hears of a change that was rolled back.
 */
export async function notifyInTransaction(tx: Transaction<Database> | Kysely<Database>, change: Omit<NotifiedChange, 'origin'>): Promise<void> {
  let payload = JSON.stringify({ origin: REPLICA_ID, ...change } satisfies NotifiedChange);
  if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ origin: REPLICA_ID, ...change, ids: null } satisfies NotifiedChange);
  await sql`SELECT pg_notify(${CONTENT_CHANNEL}, ${payload})`.execute(tx);
}

/** A LISTEN connection: calls `onChange` for other replicas' changes; reconnects when the connection drops. */
export interface ChangeListener {
  /** Resolves once listening. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Listens for other replicas' content changes on the database at `url`. */
export function listenForChanges(url: string, onChange: (change: NotifiedChange) => void, log: (line: string) => void = console.warn): ChangeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel !== CONTENT_CHANNEL || !msg.payload) return;
      try {
        const change = JSON.parse(msg.payload) as NotifiedChange;
        if (change.origin !== REPLICA_ID) onChange(change);
      } catch {
        log(`Ignored a malformed content notification: ${msg.payload.slice(0, 200)}`);
      }
    });
    c.on('error', (err) => {
      if (closed) return;
      log(`Content notifications: connection lost (${err.message}); reconnecting.`);
      client = null;
      retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${CONTENT_CHANNEL}`);
    client = c;
  };
  const ready = connect();
  return {
    ready,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * A cross-process lock held by one session of the database (pg_advisory_lock): when the process
 * holding it dies, its connection closes and the lock is free again. Runs `fn` while holding it.
 */
export function advisoryLock(url: string, key: number): <T>(fn: () => Promise<T>) => Promise<T> {
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [key]);
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  };
}

/** The advisory lock key of the site publisher ("DSPB"). */
export const PUBLISHER_LOCK_KEY = 0x44535042;
