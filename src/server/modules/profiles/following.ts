import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FeedItem, FeedPage } from '../../../domain/following.ts';
import { makePage, type PageWindow } from '../../../domain/page.ts';
import { unauthorized } from '../../platform/errors.ts';
import { buildCollections, notEmpty } from '../collections/collections.queries.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { listedCardsById } from '../spaces/spaces.queries.ts';
import { listedCollection, listedSpace } from '../../platform/content/viewer.ts';

/** One feed row before it is filled in: what, which, when, and through which followed account. */
interface FeedRow {
  kind: 'SPACE' | 'COLLECTION';
  id: string;
  at: string;
  account: string;
}

/**
 * GET /user/follow/feed/: what the accounts the signed-in user follows have published, newest
 * first. An organization publishes its spaces; a person (a personal account) their own spaces and
 * collections (not their favorites). Only what the public site lists now counts, from followed
 * accounts it still lists; an item is dated by its creation. One UNION ALL query pages spaces and
 * collections together (the same SQL on SQLite and PostgreSQL), then cards fill the page.
 */
export async function followingFeed(ctx: ContentCtx, w: PageWindow): Promise<FeedPage> {
  const user = ctx.viewer.user;
  if (!user) throw unauthorized();
  const accounts = await ctx.db
    .selectFrom('follows as f')
    .innerJoin('accounts as a', 'a.id', 'f.accountId')
    .select(['a.id', 'a.name'])
    .where('f.userId', '=', user.id)
    .where('a.status', '=', 'ACTIVE')
    .where('a.visibility', '<>', 'PRIVATE')
    .where(sql<boolean>`a.id NOT IN (SELECT "itemId" FROM moderation_records WHERE "itemType" = 'ACCOUNT')`)
    .execute();
  if (!accounts.length) return makePage<FeedItem>([], 0, w);
  const accountIds = accounts.map((a) => a.id);
  const persons = await ctx.db.selectFrom('users').select(['id', 'accountId']).where('accountId', 'in', accountIds).where('status', '=', 'ACTIVE').execute();
  const accIn = sql.join(accountIds);
  const personIn = persons.length ? sql.join(persons.map((p) => p.id)) : null;

  const parts: RawBuilder<unknown>[] = [
    sql`SELECT 'SPACE' AS kind, s.id AS id, s."createdAt" AS at, CASE WHEN s."organizationId" IN (${accIn}) THEN s."organizationId" ELSE u."accountId" END AS account
      FROM spaces s LEFT JOIN users u ON u.id = s."ownerUserId"
      WHERE ${listedSpace('s', ctx.dialect)} AND (s."organizationId" IN (${accIn})${personIn ? sql` OR s."ownerUserId" IN (${personIn})` : sql``})`,
  ];
  if (personIn) {
    parts.push(
      sql`SELECT 'COLLECTION' AS kind, c.id AS id, c."createdAt" AS at, u."accountId" AS account
        FROM collections c JOIN users u ON u.id = c."ownerUserId"
        WHERE c."ownerUserId" IN (${personIn}) AND c."isFavorite" = 0 AND ${listedCollection('c')} AND ${notEmpty(ctx)}`,
    );
  }
  const feed = sql.join(parts, sql` UNION ALL `);
  const [page, count] = await Promise.all([
    sql<FeedRow>`SELECT kind, id, at, account FROM (${feed}) feed ORDER BY at DESC, kind DESC, id DESC LIMIT ${w.limit} OFFSET ${w.offset}`.execute(ctx.db),
    sql<{ n: number }>`SELECT count(*) AS n FROM (${feed}) feed`.execute(ctx.db),
  ]);

  const rows = page.rows;
  const collectionIds = rows.filter((r) => r.kind === 'COLLECTION').map((r) => r.id);
  const [cards, collections] = await Promise.all([
    listedCardsById(
      ctx,
      rows.filter((r) => r.kind === 'SPACE').map((r) => r.id),
    ),
    collectionIds.length
      ? ctx.db
          .selectFrom('collections')
          .selectAll()
          .where('id', 'in', collectionIds)
          .execute()
          .then((found) => buildCollections(ctx, found, { window: () => ({ offset: 0, limit: 0 }), subchildrenCount: 0, selectedSpaceId: null }))
      : Promise.resolve([]),
  ]);
  const nameOf = new Map(accounts.map((a) => [a.id, a.name]));
  const collectionOf = new Map(collections.map((c) => [c.id, c]));
  const items: FeedItem[] = [];
  for (const r of rows) {
    const account = { id: r.account, name: nameOf.get(r.account) ?? '' };
    const publishedAt = String(r.at);
    if (r.kind === 'SPACE') {
      const space = cards.get(r.id);
      if (space) items.push({ type: 'SPACE', publishedAt, account, space });
    } else {
      const c = collectionOf.get(r.id);
      if (c)
        items.push({
          type: 'COLLECTION',
          publishedAt,
          account,
          collection: { id: c.id, sid: c.sid, name: c.name, description: c.description, childrenCount: c.childrenCount, coverUrl: c.coverUrl },
        });
    }
  }
  return makePage(items, Number(count.rows[0]?.n ?? 0), w);
}

/** Makes a person follow an account at `now` (ISO); answers whether a follow was added (false when they already did). */
export async function addFollow(db: Kysely<Database>, userId: string, accountId: string, now: string): Promise<boolean> {
  const res = await db
    .insertInto('follows')
    .values({ userId, accountId, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'accountId']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Makes a person stop following an account; answers whether a follow was removed. */
export async function removeFollow(db: Kysely<Database>, userId: string, accountId: string): Promise<boolean> {
  const res = await db.deleteFrom('follows').where('userId', '=', userId).where('accountId', '=', accountId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** How many people follow an account. */
export async function countFollowers(db: Kysely<Database>, accountId: string): Promise<number> {
  const count = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .executeTakeFirst();
  return Number(count?.n ?? 0);
}
