import { z } from 'zod';
import type { Loader, LoaderContext } from 'astro/loaders';
import { getAccountProfile, getAccountSpaces } from '../client/accounts.ts';
import { listBanners } from '../client/banners.ts';
import { listCarouselItems } from '../client/carousel.ts';
import { listCollections } from '../client/collections.ts';
import { listFeaturedTags } from '../client/featured-tags.ts';
import type { Http } from '../client/http.ts';
import { getApp, listAppCollections, listApps } from '../client/marketplace.ts';
import { allPages, type Page, type PageCursor } from '../client/paging.ts';
import { listPros } from '../client/pros.ts';
import { getSpace, listSpaces } from '../client/spaces.ts';
import { getUserCollections, getUserProfile, listUsers } from '../client/users.ts';
import { withoutPosition } from '../domain/page-dependencies.ts';
import type { ProList } from '../domain/pros.ts';
import { slugify } from '../domain/urls.ts';
import { ACCOUNT_SPACES_PAGE, COLLECTION_CHILDREN_PAGE } from '../site/page-sizes.ts';
import { buildEnv } from '../site/build-env.ts';
import { buildMark } from '../site/build-marks.ts';
import { ContentApiResponseError, ContentApiShapeError, ContentApiUnreachableError, createApiSource, type ApiSource } from './api-source.ts';

/**
 * Content loaders of the static site: they read the content API at build time through the typed
 * client (`src/client`, wired in `api-source.ts`) and keep what did not change between builds.
 *
 * - Every GET is conditional: the ETag of each answer is kept in the collection's meta store, and
 *   a 304 (the API's `content-cache` router answers them) keeps the stored entries without parsing.
 * - Entries carry a digest of their raw API record; an unchanged record is neither re-validated
 *   nor re-written.
 * - Records are validated with the domain zod schemas (the collection schema) through `parseData`.
 * - Entries the API no longer lists are deleted.
 * - With the build token (DISCOVER_API_TOKEN, passed by the publisher) the space list includes
 *   UNLISTED spaces: their pages are built with `noindex`, outside the sitemap.
 *
 * Accounts are derived from the organizations of listed spaces (an organization without a listed
 * space gets no page, although `GET /api/content/account/` lists it), tags from the tags of public
 * spaces (keyed by `slugify(name)`), and users from the owners of listed collections plus
 * `GET /api/content/user/`. Loaders run in parallel, so the derived ones wait for the snapshot
 * their source publishes. Related spaces are computed by the pages from the spaces loaded here,
 * and "Load more" on account and collection pages calls the API from the browser.
 */

/** Largest page the list endpoints accept. */
const PAGE_SIZE = 200;
/** Spaces per featured tag on the home page. */
const FEATURED_TAG_SPACES = 12;
/** Space previews per sub-collection on the page of a collection of collections. */
const SUBCOLLECTION_PREVIEWS = 3;

const RawRecord = z.record(z.string(), z.unknown());
type RawRecord = z.infer<typeof RawRecord>;
const RawPage = z.object({
  results: z.array(RawRecord),
  hasNext: z.boolean(),
  nextOffset: z.number().int().nullable(),
  totalResults: z.number().int(),
  nextSeek: z.string().nullable().optional(),
});
type RawPage = z.infer<typeof RawPage>;

/** What a loader needs besides Astro's context. */
interface Deps {
  api: ApiSource;
}

/** What the loaders read from; the defaults are the build's, tests pass their own. */
export interface LoaderOptions {
  /** The content API; by default DISCOVER_API_URL with DISCOVER_API_TOKEN, one source shared by every loader. */
  api?: ApiSource;
  /**
   * Whether an unreachable API fails the load. By default only a build must have it: `astro check`,
   * `astro sync` and `astro dev` keep whatever the store holds, so type checks run without a server.
   */
  apiRequired?: boolean;
  /**
   * Which per-item resources to re-fetch (the publisher's incremental sync, from the content
   * events it publishes); items outside it keep their stored entries without a request. Lists are
   * always synced in full. Absent: every item is re-fetched conditionally (a full build).
   */
  scope?: SyncScope;
}

/** See {@link LoaderOptions.scope}. */
export interface SyncScope {
  /**
   * Spaces to re-fetch one by one (internal ids), instead of walking the whole list: the spaces the
   * content events name. Absent: the list is synced in full (conditional requests, page by page).
   */
  spaces?: ReadonlySet<string>;
  /** Accounts to re-fetch, given the synced spaces' organizations (space id → organization id). */
  accounts: (orgOfSpace: ReadonlyMap<string, string>) => ReadonlySet<string>;
  /** People to re-fetch, given the synced collections' owners (collection id → user sid). */
  users: (ownerOfCollection: ReadonlyMap<string, string>) => ReadonlySet<string> | 'all';
}

/** One shared source per build: the concurrency cap spans every loader. */
let sharedApi: ApiSource | undefined;
const apiOf = (): ApiSource => {
  const { DISCOVER_API_URL: baseUrl, DISCOVER_API_TOKEN: token } = buildEnv();
  return (sharedApi ??= createApiSource({ baseUrl, ...(token ? { token } : {}) }));
};

/** A value one loader publishes for others in the same sync. */
function snapshot<T>() {
  let d = Promise.withResolvers<T>();
  let settled = false;
  d.promise.catch(() => undefined);
  return {
    /** Resolves when the publishing loader has finished. */
    get: () => d.promise,
    /** Starts a new round (a later sync in `astro dev`). */
    begin() {
      if (!settled) return;
      d = Promise.withResolvers<T>();
      d.promise.catch(() => undefined);
      settled = false;
    },
    publish(value: T) {
      settled = true;
      d.resolve(value);
    },
    fail(error: unknown) {
      settled = true;
      d.reject(error);
    },
  };
}

/** What the spaces loader tells the accounts and tags loaders. */
export interface SpacesSnapshot {
  organizationIds: string[];
  tags: Map<string, { name: string; count: number }>;
  /** Space id → its organization's id. */
  orgOfSpace: Map<string, string>;
}
/** What the collections loader tells the users loader. */
export interface CollectionsSnapshot {
  userSids: string[];
  /** Collection id → its owner's sid. */
  ownerOfCollection: Map<string, string>;
}
const spacesSnapshot = snapshot<SpacesSnapshot>();
const collectionsSnapshot = snapshot<CollectionsSnapshot>();

function parseOrThrow<T>(schema: z.ZodType<T>, data: unknown, url: string): T {
  const r = schema.safeParse(data);
  if (!r.success) throw new ContentApiShapeError(url, z.prettifyError(r.error), { cause: r.error });
  return r.data;
}

/** Validates and stores one record unless its digest shows it unchanged. */
async function upsert(ctx: LoaderContext, id: string, raw: RawRecord, url: string): Promise<void> {
  const digest = ctx.generateDigest(raw);
  if (ctx.store.get(id)?.digest === digest) return;
  let data: RawRecord;
  try {
    data = await ctx.parseData({ id, data: raw });
  } catch (cause) {
    throw new ContentApiShapeError(url, `record ${id} does not match the ${ctx.collection} schema: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
  ctx.store.set({ id, data, digest });
}

/** Deletes the entries the API no longer has. */
function prune(ctx: LoaderContext, keep: Iterable<string>): number {
  const live = new Set(keep);
  let removed = 0;
  for (const id of ctx.store.keys()) {
    if (!live.has(id)) {
      ctx.store.delete(id);
      removed++;
    }
  }
  return removed;
}

/** Meta kept for each fetched page or resource: its ETag and which entries it produced. */
interface FetchMeta {
  etag?: string;
  ids: string[];
  next?: { offset: number; seek?: string } | null;
}
const readMeta = (ctx: LoaderContext, key: string): FetchMeta | undefined => {
  const v = ctx.meta.get(key);
  return v ? (JSON.parse(v) as FetchMeta) : undefined;
};
/** A stored ETag is only worth sending when every entry it covers is still in the store. */
const usableEtag = (ctx: LoaderContext, m: FetchMeta | undefined) => (m?.etag && m.ids.every((id) => ctx.store.has(id)) ? m.etag : undefined);

/** Where a page of a list starts, and how long it is. */
type PageAt = PageCursor & { limit: number };

interface PagedOptions {
  /** Names the list (with the query that shapes its answers) in meta keys and messages. */
  list: string;
  /** The typed client call for one page. */
  fetchPage: (http: Http, at: PageAt) => Promise<Page<unknown>>;
  idOf: (raw: RawRecord) => string;
  /** Leaves records out (e.g. carousel slides without id or item). */
  keep?: (raw: RawRecord) => boolean;
  /** Adds fields the site needs beside the API record (e.g. list position). */
  shape?: (raw: RawRecord, position: number) => RawRecord;
  limit?: number;
}

/** Walks every page of a list with conditional requests; returns the ids in API order. */
async function syncPaged(ctx: LoaderContext, { api }: Deps, o: PagedOptions): Promise<string[]> {
  const seen: string[] = [];
  let cursor: { offset: number; seek?: string } | null = { offset: 0 };
  const limit = o.limit ?? PAGE_SIZE;
  while (cursor) {
    const at: PageAt = { limit, offset: cursor.offset, ...(cursor.seek ? { seek: cursor.seek } : {}) };
    const url = `${o.list} (offset ${at.offset}${at.seek ? `, seek ${at.seek}` : ''}, limit ${limit})`;
    const key = `page:${o.list}:${at.offset}:${at.seek ?? ''}:${limit}`;
    const before = readMeta(ctx, key);
    const res = await api.conditional(usableEtag(ctx, before), (http) => o.fetchPage(http, at));
    if (res.notModified && before) {
      seen.push(...before.ids);
      cursor = before.next ?? null;
      continue;
    }
    if (res.notModified) throw new Error(`Content API answered 304 for ${url} without a conditional request.`);
    const page: RawPage = parseOrThrow(RawPage, res.data, url);
    const ids: string[] = [];
    for (const raw of page.results) {
      const id = o.idOf(raw);
      await upsert(ctx, id, o.shape ? o.shape(raw, seen.length + ids.length) : raw, url);
      ids.push(id);
    }
    seen.push(...ids);
    cursor =
      page.hasNext && page.nextOffset !== null && page.results.length > 0
        ? { offset: page.nextOffset, ...(page.nextSeek ? { seek: page.nextSeek } : {}) }
        : null;
    ctx.meta.set(key, JSON.stringify({ ...(res.etag ? { etag: res.etag } : {}), ids, next: cursor } satisfies FetchMeta));
  }
  return seen;
}

interface ArrayOptions extends Omit<PagedOptions, 'limit' | 'fetchPage'> {
  /** The typed client call for the whole list. */
  fetchAll: (http: Http) => Promise<unknown[]>;
}

/** Syncs a list endpoint that answers a plain array; returns ids in API order. */
async function syncArray(ctx: LoaderContext, { api }: Deps, o: ArrayOptions): Promise<string[]> {
  const url = o.list;
  const key = `array:${o.list}`;
  const before = readMeta(ctx, key);
  const res = await api.conditional(usableEtag(ctx, before), o.fetchAll);
  if (res.notModified && before) return before.ids;
  if (res.notModified) throw new Error(`Content API answered 304 for ${url} without a conditional request.`);
  const list = parseOrThrow(z.array(RawRecord), res.data, url);
  const ids: string[] = [];
  for (const raw of list) {
    if (o.keep && !o.keep(raw)) continue;
    const id = o.idOf(raw);
    await upsert(ctx, id, o.shape ? o.shape(raw, ids.length) : raw, url);
    ids.push(id);
  }
  ctx.meta.set(key, JSON.stringify({ ...(res.etag ? { etag: res.etag } : {}), ids } satisfies FetchMeta));
  return ids;
}

/** Fetches one resource conditionally: its fresh body, or `undefined` when the stored copy is current. */
async function fetchResource(ctx: LoaderContext, { api }: Deps, entryId: string, resource: string, call: (http: Http) => Promise<unknown>): Promise<unknown> {
  const key = `res:${resource}`;
  const before = readMeta(ctx, key);
  const res = await api.conditional(usableEtag(ctx, before), call);
  if (res.notModified) return undefined;
  ctx.meta.set(key, JSON.stringify({ ...(res.etag ? { etag: res.etag } : {}), ids: [entryId] } satisfies FetchMeta));
  return res.data;
}

/** Runs `fn` for every item, `limit` at a time (the API source caps requests too). */
async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

const str = (raw: RawRecord, field: string): string => {
  const v = raw[field];
  if (typeof v !== 'string' || !v) throw new ContentApiShapeError('(list)', `a record has no "${field}"`, { cause: raw });
  return v;
};

/** Whether this process is a build, which must have the API (see {@link LoaderOptions.apiRequired}). */
const isBuild = () => !['check', 'sync', 'dev'].includes(process.argv[2] ?? '');

function wrap(name: string, options: LoaderOptions, load: (ctx: LoaderContext, deps: Deps) => Promise<void>, onError?: (e: unknown) => void): Loader {
  return {
    name,
    load: async (ctx) => {
      const started = performance.now();
      try {
        await load(ctx, { api: options.api ?? apiOf() });
      } catch (error) {
        onError?.(error);
        if (error instanceof ContentApiUnreachableError && !(options.apiRequired ?? isBuild())) {
          ctx.logger.warn(`${error.message} Keeping the ${ctx.store.keys().length} stored entries.`);
          return;
        }
        throw error;
      }
      ctx.logger.info(`${ctx.store.keys().length} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      // For bench:build's breakdown of the content sync (DISCOVER_BUILD_MARKS; nothing otherwise).
      buildMark(`loader ${name} done`, { entries: ctx.store.keys().length });
    },
  };
}

/** Every space the API lists (full records, keyed by modelId). Publishes organizations and tags. */
export function spacesLoader(options: LoaderOptions = {}): Loader {
  return wrap(
    'discover-spaces',
    options,
    async (ctx, deps) => {
      spacesSnapshot.begin();
      // With the build token the list includes UNLISTED spaces, whose pages are built but never listed.
      const includeUnlisted = deps.api.hasBuildToken;
      const only = options.scope?.spaces;
      if (only) await syncSpacesById(ctx, deps, only, includeUnlisted);
      else {
        const ids = await syncPaged(ctx, deps, {
          list: includeUnlisted ? 'spaces?includeUnlisted=true' : 'spaces',
          fetchPage: (http, at) => listSpaces(http, { ...at, ...(includeUnlisted ? { includeUnlisted } : {}) }),
          idOf: (raw) => str(raw, 'modelId'),
        });
        const removed = prune(ctx, ids);
        if (removed) ctx.logger.info(`${removed} spaces removed`);
      }
      const orgs = new Set<string>();
      const orgOfSpace = new Map<string, string>();
      const tags = new Map<string, { name: string; count: number }>();
      for (const { data } of ctx.store.values()) {
        const space = data as { id: string; organization: { id: string } | null; tags: string[]; visibility: string };
        if (space.organization) {
          orgs.add(space.organization.id);
          orgOfSpace.set(space.id, space.organization.id);
        }
        if (space.visibility !== 'PUBLIC') continue;
        for (const name of space.tags) {
          const slug = slugify(name);
          if (!slug) continue;
          const t = tags.get(slug);
          if (t) t.count++;
          else tags.set(slug, { name, count: 1 });
        }
      }
      spacesSnapshot.publish({ organizationIds: [...orgs].sort(), tags, orgOfSpace });
    },
    (e) => spacesSnapshot.fail(e),
  );
}

/**
 * Re-fetches the given spaces one by one (the publisher's narrowed sync): each is stored again,
 * or removed when the API no longer shows it (404: deleted, moderated, its organization disabled).
 */
async function syncSpacesById(ctx: LoaderContext, deps: Deps, ids: ReadonlySet<string>, includeUnlisted: boolean): Promise<void> {
  const keyOf = new Map<string, string>();
  for (const [key, { data }] of ctx.store.entries()) keyOf.set((data as { id: string }).id, key);
  await forEachLimited([...ids], 8, async (id) => {
    let raw: RawRecord | null = null;
    try {
      raw = parseOrThrow(RawRecord, await deps.api.read((http) => getSpace(http, { id })), `space ${id}`);
    } catch (error) {
      if (!(error instanceof ContentApiResponseError && (error.status === 404 || error.status === 403))) throw error;
    }
    const before = keyOf.get(id);
    if (!raw || (!includeUnlisted && raw['visibility'] !== 'PUBLIC')) {
      if (before) ctx.store.delete(before);
      return;
    }
    const key = str(raw, 'modelId');
    if (before && before !== key) ctx.store.delete(before);
    await upsert(ctx, key, raw, `space ${id}`);
  });
}

/** Every public collection with its first page of children, keyed by sid; `position` keeps the API's order. */
export function collectionsLoader(options: LoaderOptions = {}): Loader {
  return wrap(
    'discover-collections',
    options,
    async (ctx, deps) => {
      collectionsSnapshot.begin();
      // Collections of collections show previews of their sub-collections' spaces (subchildren).
      const query = { childrenCount: COLLECTION_CHILDREN_PAGE, subchildrenCount: SUBCOLLECTION_PREVIEWS };
      const ids = await syncPaged(ctx, deps, {
        list: `collections?childrenCount=${query.childrenCount}&subchildrenCount=${query.subchildrenCount}`,
        fetchPage: (http, at) => listCollections(http, { ...query, offset: at.offset, limit: at.limit }),
        limit: 100,
        idOf: (raw) => str(raw, 'sid'),
        shape: (raw, position) => ({ ...raw, position }),
      });
      prune(ctx, ids);
      const users = new Set<string>();
      const ownerOfCollection = new Map<string, string>();
      for (const { data } of ctx.store.values()) {
        const c = data as { id: string; userInfo: { userSid: string } | null };
        if (c.userInfo?.userSid) {
          users.add(c.userInfo.userSid);
          ownerOfCollection.set(c.id, c.userInfo.userSid);
        }
      }
      collectionsSnapshot.publish({ userSids: [...users].sort(), ownerOfCollection });
    },
    (e) => collectionsSnapshot.fail(e),
  );
}

/** The home page's featured tags (active, non-empty) with their top spaces, in API order. */
export function featuredTagsLoader(options: LoaderOptions = {}): Loader {
  return wrap('discover-featured-tags', options, async (ctx, deps) => {
    const ids = await syncArray(ctx, deps, {
      list: `featured-tags?spacesLimit=${FEATURED_TAG_SPACES}`,
      fetchAll: (http) => listFeaturedTags(http, { filterInactive: true, filterEmpty: true, spacesLimit: FEATURED_TAG_SPACES }),
      idOf: (raw) => str(raw, 'id'),
      shape: (raw, position) => ({ ...raw, position }),
    });
    prune(ctx, ids);
  });
}

/** The featured carousel's slides in API order; slides without id or item are dropped (spec 3). */
export function carouselLoader(options: LoaderOptions = {}): Loader {
  return wrap('discover-carousel', options, async (ctx, deps) => {
    const ids = await syncArray(ctx, deps, {
      list: 'carousel',
      fetchAll: (http) => listCarouselItems(http, { includeInactive: false }),
      keep: (raw) => typeof raw['id'] === 'string' && raw['id'] !== '' && raw['item'] != null,
      idOf: (raw) => str(raw, 'id'),
      shape: (raw, position) => ({ ...raw, position }),
    });
    prune(ctx, ids);
  });
}

/**
 * The pencil banners (active, unexpired) in API order: the page shell renders the first into every
 * page (spec 2). A banner change re-renders no page by itself; the banner's script reads the live
 * list after load, and pages carry the new banner when they are next rendered.
 */
export function bannersLoader(options: LoaderOptions = {}): Loader {
  return wrap('discover-banners', options, async (ctx, deps) => {
    const ids = await syncArray(ctx, deps, {
      list: 'banners',
      fetchAll: (http) => listBanners(http),
      idOf: (raw) => str(raw, 'id'),
      shape: (raw, position) => ({ ...raw, position }),
    });
    prune(ctx, ids);
  });
}

/** Organization profiles with their first page of spaces, for every organization owning a listed space. */
export function accountsLoader(options: LoaderOptions = {}): Loader {
  return wrap('discover-accounts', options, async (ctx, deps) => {
    const { organizationIds, orgOfSpace } = await spacesSnapshot.get();
    const live: string[] = [];
    const refresh = options.scope?.accounts(orgOfSpace);
    await forEachLimited(organizationIds, 8, async (id) => {
      // Out of scope and stored: nothing it shows changed since the last sync.
      if (refresh && !refresh.has(id) && ctx.store.has(id)) return void live.push(id);
      let profile: unknown;
      let spaces: unknown;
      try {
        [profile, spaces] = await Promise.all([
          fetchResource(ctx, deps, id, `account-profile:${id}`, (http) => getAccountProfile(http, { accountId: id })),
          fetchResource(ctx, deps, id, `account-spaces:${id}:${ACCOUNT_SPACES_PAGE}`, (http) =>
            getAccountSpaces(http, { accountId: id, offset: 0, limit: ACCOUNT_SPACES_PAGE }),
          ),
        ]);
      } catch (error) {
        // A disabled or hidden account answers 404: it simply gets no page.
        if (error instanceof Error && 'status' in error && error.status === 404) return;
        throw error;
      }
      const existing = ctx.store.get(id)?.data as { profile: unknown; spaces: unknown } | undefined;
      live.push(id);
      if (profile === undefined && spaces === undefined && existing) return;
      if ((profile === undefined || spaces === undefined) && !existing) {
        throw new Error(`Content API answered 304 for account ${id} that is not in the store.`);
      }
      await upsert(ctx, id, { id, profile: profile ?? existing?.profile, spaces: spaces ?? existing?.spaces }, `account ${id}`);
    });
    prune(ctx, live);
  });
}

/** Public user profiles with their public collections, for every user owning a listed collection. */
export function usersLoader(options: LoaderOptions = {}): Loader {
  return wrap('discover-users', options, async (ctx, deps) => {
    const { userSids: owners, ownerOfCollection } = await collectionsSnapshot.get();
    const refresh = options.scope?.users(ownerOfCollection);
    // Every public profile gets a page, with or without collections.
    const listed = await deps.api.read((http) => allPages((at) => listUsers(http, { offset: at.offset, limit: PAGE_SIZE })));
    const userSids = [...new Set([...owners, ...listed.map((u) => u.sid)])].sort();
    const live: string[] = [];
    await forEachLimited(userSids, 8, async (sid) => {
      if (refresh && refresh !== 'all' && !refresh.has(sid) && ctx.store.has(sid)) return void live.push(sid);
      let profile: unknown;
      let collections: unknown;
      try {
        [profile, collections] = await Promise.all([
          fetchResource(ctx, deps, sid, `user-profile:${sid}`, (http) => getUserProfile(http, { userId: sid })),
          fetchResource(ctx, deps, sid, `user-collections:${sid}:4:100`, (http) => getUserCollections(http, { userId: sid, childrenCount: 4, limit: 100 })),
        ]);
      } catch (error) {
        if (error instanceof Error && 'status' in error && error.status === 404) return;
        throw error;
      }
      const existing = ctx.store.get(sid)?.data as { profile: unknown; collections: unknown } | undefined;
      live.push(sid);
      if (profile === undefined && collections === undefined && existing) return;
      if ((profile === undefined || collections === undefined) && !existing) {
        throw new Error(`Content API answered 304 for user ${sid} that is not in the store.`);
      }
      await upsert(ctx, sid, { id: sid, profile: profile ?? existing?.profile, collections: collections ?? existing?.collections }, `user ${sid}`);
    });
    prune(ctx, live);
  });
}

/** Every tag of a public space, keyed by its URL slug, with how many public spaces carry it. */
export function tagsLoader(options: LoaderOptions = {}): Loader {
  return wrap('discover-tags', options, async (ctx) => {
    const { tags } = await spacesSnapshot.get();
    for (const [slug, { name, count }] of tags) await upsert(ctx, slug, { slug, name, count }, '(derived from spaces)');
    prune(ctx, tags.keys());
  });
}

/** Apps per page of the marketplace list. */
const MARKETPLACE_PAGE = 200;

/**
 * A marketplace list call; an API without the marketplace routes (404 on the list) has no
 * marketplace yet: the loader keeps no entries and the landing shows its empty state.
 */
async function marketplaceList<T>(ctx: LoaderContext, call: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ContentApiResponseError && error.status === 404) {
      ctx.logger.warn('The content API has no marketplace routes (404): building the marketplace without apps.');
      return empty;
    }
    throw error;
  }
}

/** Active marketplace apps with their detail, keyed by slug; `position` keeps the API's display order. */
export function marketplaceAppsLoader(options: LoaderOptions = {}): Loader {
  return wrap('discover-marketplace-apps', options, async (ctx, deps) => {
    const cards = await marketplaceList(
      ctx,
      () => deps.api.read((http) => allPages((at) => listApps(http, { offset: at.offset, limit: MARKETPLACE_PAGE }))),
      [],
    );
    const slugs = cards.map((c) => c.slug);
    await forEachLimited(
      slugs.map((slug, position) => ({ slug, position })),
      8,
      async ({ slug, position }) => {
        const fresh = await fetchResource(ctx, deps, slug, `marketplace-app:${slug}`, (http) => getApp(http, slug));
        const existing = ctx.store.get(slug)?.data;
        if (fresh === undefined && !existing) throw new Error(`Content API answered 304 for marketplace app ${slug} that is not in the store.`);
        const detail = (fresh ?? withoutPosition(existing)) as RawRecord;
        await upsert(ctx, slug, { ...detail, position }, `marketplace app ${slug}`);
      },
    );
    prune(ctx, slugs);
  });
}

/** Active app collections with their apps, keyed by slug; `position` keeps the API's order (featured first). */
export function marketplaceCollectionsLoader(options: LoaderOptions = {}): Loader {
  return wrap('discover-marketplace-collections', options, async (ctx, deps) => {
    const { collections } = await marketplaceList(ctx, () => deps.api.read((http) => listAppCollections(http)), { collections: [] });
    const slugs: string[] = [];
    for (const [position, c] of collections.entries()) {
      await upsert(ctx, c.slug, { ...(c as unknown as RawRecord), position }, 'marketplace collections');
      slugs.push(c.slug);
    }
    prune(ctx, slugs);
  });
}

/** Find a 3D Pro's directory, keyed by pro id; `position` keeps the API's order. An API without the route (404) gives an empty directory. */
export function prosLoader(options: LoaderOptions = {}): Loader {
  return wrap('discover-pros', options, async (ctx, deps) => {
    let pros: ProList['pros'] = [];
    try {
      ({ pros } = await deps.api.read((http) => listPros(http)));
    } catch (error) {
      if (!(error instanceof ContentApiResponseError && error.status === 404)) throw error;
      ctx.logger.warn('The content API has no Find a 3D Pro route (404): building the directory empty.');
    }
    for (const [position, pro] of pros.entries()) await upsert(ctx, pro.id, { ...(pro as unknown as RawRecord), position }, 'pros');
    prune(
      ctx,
      pros.map((p) => p.id),
    );
  });
}
