import { z } from 'zod';
import { Collection } from './collection.ts';
import { PageQuery, pageOf } from './page.ts';
import { SpaceCard } from './space.ts';

/** Items per page of the Following feed (spec 9's page size of account lists). */
export const FEED_PAGE_SIZE = 12;

/** The followed account an item came from: an organization's space, or a person's space or collection. */
export const FeedAccount = z.object({ id: z.string(), name: z.string() }).meta({ id: 'FeedAccount' });

/** The short form of a collection in the feed: enough for a card. */
export const FeedCollection = Collection.pick({ id: true, sid: true, name: true, description: true, childrenCount: true, coverUrl: true }).meta({
  id: 'FeedCollection',
});
/** @see FeedCollection */
export type FeedCollection = z.infer<typeof FeedCollection>;

/**
 * One item of the Following feed: a space or a collection that an account the user follows has
 * published. "Published" means listed on the public site now (PUBLIC, active, not moderated; a
 * collection also not empty), dated by when it was made (`publishedAt` is its creation time).
 */
export const FeedItem = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('SPACE'), publishedAt: z.string(), account: FeedAccount, space: SpaceCard }),
    z.object({ type: z.literal('COLLECTION'), publishedAt: z.string(), account: FeedAccount, collection: FeedCollection }),
  ])
  .meta({ id: 'FeedItem' });
/** @see FeedItem */
export type FeedItem = z.infer<typeof FeedItem>;

/** A page of the feed, newest first (spec 9: hasNext, nextOffset, totalResults). */
export const FeedPage = pageOf(FeedItem, 'FeedPage');
/** @see FeedPage */
export type FeedPage = z.infer<typeof FeedPage>;

/** Query of GET /api/content/user/follow/feed/: offset and limit (default {@link FEED_PAGE_SIZE}, at most 48). */
export const FeedQuery = PageQuery.pick({ offset: true }).extend({ limit: z.coerce.number().int().min(1).max(48).optional() });
/** @see FeedQuery */
export type FeedQuery = z.infer<typeof FeedQuery>;
