import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The space-page rule as this migration shipped with it (src/domain/insight-rules.ts may change; a
// migration must backfill the same way on every database it ever runs on).
const SPACE_PATH = /^\/discover\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?space\/([^/?#]+)\/?$/;
const utcDay = (t: string): string => new Date(t).toISOString().slice(0, 10);
function modelIdOfSpacePath(path: string): string | null {
  const m = SPACE_PATH.exec(path);
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

/**
 * The daily aggregate of space page views. The collector adds to it in the transaction that stores
 * the events (src/server/insight/views.ts), so a chart reads at most 365 rows per space however
 * many events there are; this migration counts the page views stored before it, once.
 */
export function spaceViews(_dialect: Dialect) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('space_views_daily')
        .addColumn('spaceId', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('space_views_daily_pk', ['spaceId', 'day'])
        .execute();
      // Backfill: page views of space pages already collected, by space and day.
      const events = (await db.selectFrom('analytics_events').select(['path', 'receivedAt']).where('name', '=', 'page_view').execute()) as {
        path: string;
        receivedAt: string;
      }[];
      const counts = new Map<string, number>();
      for (const e of events) {
        const modelId = modelIdOfSpacePath(e.path);
        if (modelId) counts.set(`${modelId}\n${utcDay(e.receivedAt)}`, (counts.get(`${modelId}\n${utcDay(e.receivedAt)}`) ?? 0) + 1);
      }
      if (!counts.size) return;
      const modelIds = [...new Set([...counts.keys()].map((k) => k.split('\n')[0] as string))];
      const ids = new Map<string, string>();
      for (let i = 0; i < modelIds.length; i += 500) {
        const rows = (await db
          .selectFrom('spaces')
          .select(['id', 'modelId'])
          .where('modelId', 'in', modelIds.slice(i, i + 500))
          .execute()) as {
          id: string;
          modelId: string;
        }[];
        for (const r of rows) ids.set(r.modelId, r.id);
      }
      const rows = [...counts.entries()].flatMap(([key, views]) => {
        const [modelId, day] = key.split('\n') as [string, string];
        const spaceId = ids.get(modelId);
        return spaceId ? [{ spaceId, day, views }] : [];
      });
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('space_views_daily')
          .values(rows.slice(i, i + 500))
          .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('space_views_daily').execute();
    },
  };
}
