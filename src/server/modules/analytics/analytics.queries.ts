import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../platform/ids.ts';
import { recordSpaceViews } from './insight-views.ts';

/** One collected event, as the browser sent it. */
export interface CollectedEvent {
  name: string;
  props: Record<string, unknown>;
  at: string;
  path: string;
  locale: string;
  sessionId: string;
}

/** What the collector adds to every event of a batch. */
export interface BatchMeta {
  receivedAt: string;
  ip: string;
  userAgent: string;
  role: string;
}

/** Stores a batch of events and the daily views of the space pages among them, in one transaction. */
export async function storeEvents(db: Kysely<Database>, events: readonly CollectedEvent[], meta: BatchMeta): Promise<void> {
  const { receivedAt, ip, userAgent, role } = meta;
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('analytics_events')
      .values(
        events.map((e) => ({
          id: newId(),
          name: e.name,
          props: JSON.stringify(e.props),
          path: e.path,
          locale: e.locale,
          sessionId: e.sessionId,
          occurredAt: e.at,
          receivedAt,
          ip,
          userAgent,
          role,
        })),
      )
      .execute();
    await recordSpaceViews(tx, events, receivedAt);
  });
}
