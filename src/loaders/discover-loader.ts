import { z } from 'zod';
import type { Loader, LoaderContext } from 'astro/loaders';
import { slugify } from '../domain/urls.ts';
import { ACCOUNT_SPACES_PAGE, COLLECTION_CHILDREN_PAGE } from '../site/page-sizes.ts';
import { ContentApiShapeError, ContentApiUnreachableError, createApiSource, defaultApiUrl, type ApiSource } from './api-source.ts';

/**
 * Content loaders of the static site: they read the content API over HTTP at build time and keep
 * what did not change between builds.
 *
 * - Every GET is conditional: the ETag of each answer is kept in the collection's meta store, and
 *   a 304 keeps the stored entries without parsing anything.
 * - Entries carry a digest of their raw API record; an unchanged record is neither re-validated
 *   nor re-written.
 * - Records are validated with the domain zod schemas (the collection schema) through `parseData`.
 * - Entries the API no longer lists are deleted.
 *
 * Accounts and tags have no list endpoint yet (see NEEDS.md): they are derived from the spaces'
 * organizations and tags, and users from the collections' owners. Loaders run in parallel, so
 * those wait for the snapshot their source publishes.
 */

/** Largest page the list endpoints accept. */
const PAGE_SIZE = 200;
/** Spaces per featured tag on the home page. */
const FEATURED_TAG_SPACES = 12;

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

/** One shared source per build: the concurrency cap spans every loader. */
let sharedApi: ApiSource | undefined;
const buildToken = process.env['DISCOVER_API_TOKEN'];
const apiOf = (): ApiSource => (sharedApi ??= createApiSource({ baseUrl: defaultApiUrl(), ...(buildToken ? { token: buildToken } : {}) }));

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
}
/** What the collections loader tells the users loader. */
export interface CollectionsSnapshot {
  userSids: string[];
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

interface PagedOptions {
  path: string;
  query?: Record<string, string | number | boolean>;
  idOf: (raw: RawRecord) => string;
  /** Leaves records out (e.g. carousel slides without id or item). */
  keep?: (raw: RawRecord) => boolean;
  /** Adds fields the site needs beside the API record (e.g. list position). */
  shape?: (raw: RawRecord, position: number) => RawRecord;
  /** Replaces a listed record by a richer one (a follow-up request) before it is stored. */
  enrich?: (raw: RawRecord) => Promise<RawRecord>;
  limit?: number;
}

/** Walks every page of a list with conditional requests; returns the ids in API order. */
async function syncPaged(ctx: LoaderContext, { api }: Deps, o: PagedOptions): Promise<string[]> {
  const seen: string[] = [];
  let cursor: { offset: number; seek?: string } | null = { offset: 0 };
  const limit = o.limit ?? PAGE_SIZE;
  while (cursor) {
    const query = { ...o.query, limit, offset: cursor.offset, ...(cursor.seek ? { seek: cursor.seek } : {}) };
    const url = api.url(o.path, query);
    const key = `page:${url.slice(api.baseUrl.length)}`;
    const before = readMeta(ctx, key);
    const res = await api.get<unknown>(o.path, query, usableEtag(ctx, before));
    if (res.notModified && before) {
      seen.push(...before.ids);
      cursor = before.next ?? null;
      continue;
    }
    if (res.notModified) throw new Error(`Content API answered 304 for ${url} without a conditional request.`);
    const page: RawPage = parseOrThrow(RawPage, res.data, url);
    const ids: string[] = [];
    for (const listed of page.results) {
      const raw = o.enrich ? await o.enrich(listed) : listed;
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

/** Syncs a list endpoint that answers a plain array; returns ids in API order. */
async function syncArray(ctx: LoaderContext, { api }: Deps, o: Omit<PagedOptions, 'limit'>): Promise<string[]> {
  const url = api.url(o.path, o.query);
  const key = `array:${url.slice(api.baseUrl.length)}`;
  const before = readMeta(ctx, key);
  const res = await api.get<unknown>(o.path, o.query, usableEtag(ctx, before));
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
async function fetchResource(
  ctx: LoaderContext,
  { api }: Deps,
  entryId: string,
  path: string,
  query?: Record<string, string | number | boolean>,
): Promise<unknown> {
  const key = `res:${api.url(path, query).slice(api.baseUrl.length)}`;
  const before = readMeta(ctx, key);
  const res = await api.get<unknown>(path, query, usableEtag(ctx, before));
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

/**
 * Only a build must have the API: `astro check`, `astro sync` and `astro dev` keep whatever the
 * store holds when it is down, so type checks run in CI without a server.
 */
const apiRequired = () => !['check', 'sync', 'dev'].includes(process.argv[2] ?? '');

function wrap(name: string, load: (ctx: LoaderContext, deps: Deps) => Promise<void>, onError?: (e: unknown) => void): Loader {
  return {
    name,
    load: async (ctx) => {
      const started = performance.now();
      try {
        await load(ctx, { api: apiOf() });
      } catch (error) {
        onError?.(error);
        if (error instanceof ContentApiUnreachableError && !apiRequired()) {
          ctx.logger.warn(`${error.message} Keeping the ${ctx.store.keys().length} stored entries.`);
          return;
        }
        throw error;
      }
      ctx.logger.info(`${ctx.store.keys().length} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
  };
}

/** Every space the API lists (full records, keyed by modelId). Publishes organizations and tags. */
export function spacesLoader(): Loader {
  return wrap(
    'discover-spaces',
    async (ctx, deps) => {
      spacesSnapshot.begin();
      // With the build token the list includes UNLISTED spaces, whose pages are built but never listed.
      const query = buildToken ? { includeUnlisted: true } : {};
      const ids = await syncPaged(ctx, deps, { path: '/api/content/space/', query, idOf: (raw) => str(raw, 'modelId') });
      const removed = prune(ctx, ids);
      if (removed) ctx.logger.info(`${removed} spaces removed`);
      const orgs = new Set<string>();
      const tags = new Map<string, { name: string; count: number }>();
      for (const { data } of ctx.store.values()) {
        const space = data as { organization: { id: string } | null; tags: string[]; visibility: string };
        if (space.organization) orgs.add(space.organization.id);
        if (space.visibility !== 'PUBLIC') continue;
        for (const name of space.tags) {
          const slug = slugify(name);
          if (!slug) continue;
          const t = tags.get(slug);
          if (t) t.count++;
          else tags.set(slug, { name, count: 1 });
        }
      }
      spacesSnapshot.publish({ organizationIds: [...orgs].sort(), tags });
    },
    (e) => spacesSnapshot.fail(e),
  );
}

/** Every public collection with its first page of children, keyed by sid; `position` keeps the API's order. */
export function collectionsLoader(): Loader {
  return wrap(
    'discover-collections',
    async (ctx, deps) => {
      collectionsSnapshot.begin();
      const ids = await syncPaged(ctx, deps, {
        path: '/api/content/collection/',
        query: { childrenCount: COLLECTION_CHILDREN_PAGE },
        limit: 100,
        idOf: (raw) => str(raw, 'sid'),
        shape: (raw, position) => ({ ...raw, position }),
        // Collections of collections show previews of their sub-collections' spaces, which only
        // the single-collection call embeds. There are few of them.
        enrich: async (raw) => {
          if (raw['type'] !== 'COLLECTION') return raw;
          const path = `/api/content/collection/${encodeURIComponent(str(raw, 'id'))}/`;
          const res = await deps.api.get<unknown>(path, { childrenCount: COLLECTION_CHILDREN_PAGE, subchildrenCount: 3 });
          return res.notModified ? raw : parseOrThrow(RawRecord, res.data, deps.api.url(path));
        },
      });
      prune(ctx, ids);
      const users = new Set<string>();
      for (const { data } of ctx.store.values()) {
        const owner = (data as { userInfo: { userSid: string } | null }).userInfo;
        if (owner?.userSid) users.add(owner.userSid);
      }
      collectionsSnapshot.publish({ userSids: [...users].sort() });
    },
    (e) => collectionsSnapshot.fail(e),
  );
}

/** The home page's featured tags (active, non-empty) with their top spaces, in API order. */
export function featuredTagsLoader(): Loader {
  return wrap('discover-featured-tags', async (ctx, deps) => {
    const ids = await syncArray(ctx, deps, {
      path: '/api/content/featuredTag/',
      query: { filterInactive: true, filterEmpty: true, spacesLimit: FEATURED_TAG_SPACES },
      idOf: (raw) => str(raw, 'id'),
      shape: (raw, position) => ({ ...raw, position }),
    });
    prune(ctx, ids);
  });
}

/** The featured carousel's slides in API order; slides without id or item are dropped (spec 3). */
export function carouselLoader(): Loader {
  return wrap('discover-carousel', async (ctx, deps) => {
    const ids = await syncArray(ctx, deps, {
      path: '/api/content/fci/',
      query: { includeInactive: 'false' },
      keep: (raw) => typeof raw['id'] === 'string' && raw['id'] !== '' && raw['item'] != null,
      idOf: (raw) => str(raw, 'id'),
      shape: (raw, position) => ({ ...raw, position }),
    });
    prune(ctx, ids);
  });
}

/** Organization profiles with their first page of spaces, for every organization owning a listed space. */
export function accountsLoader(): Loader {
  return wrap('discover-accounts', async (ctx, deps) => {
    const { organizationIds } = await spacesSnapshot.get();
    const live: string[] = [];
    await forEachLimited(organizationIds, 8, async (id) => {
      const enc = encodeURIComponent(id);
      let profile: unknown;
      let spaces: unknown;
      try {
        [profile, spaces] = await Promise.all([
          fetchResource(ctx, deps, id, `/api/content/account/${enc}/profile/`),
          fetchResource(ctx, deps, id, `/api/content/account/${enc}/spaces`, { offset: 0, limit: ACCOUNT_SPACES_PAGE }),
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
      await upsert(
        ctx,
        id,
        { id, profile: profile ?? existing?.profile, spaces: spaces ?? existing?.spaces },
        deps.api.url(`/api/content/account/${enc}/profile/`),
      );
    });
    prune(ctx, live);
  });
}

/** Public user profiles with their public collections, for every user owning a listed collection. */
export function usersLoader(): Loader {
  return wrap('discover-users', async (ctx, deps) => {
    const { userSids: owners } = await collectionsSnapshot.get();
    // Every public profile gets a page, with or without collections.
    const userSids = [...new Set([...owners, ...(await listAll(deps, '/api/content/user/', 'sid'))])].sort();
    const live: string[] = [];
    await forEachLimited(userSids, 8, async (sid) => {
      const enc = encodeURIComponent(sid);
      let profile: unknown;
      let collections: unknown;
      try {
        [profile, collections] = await Promise.all([
          fetchResource(ctx, deps, sid, `/api/content/user/${enc}/profile/`),
          fetchResource(ctx, deps, sid, `/api/content/user/${enc}/collections/`, { childrenCount: 4, limit: 100 }),
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
      await upsert(
        ctx,
        sid,
        { id: sid, profile: profile ?? existing?.profile, collections: collections ?? existing?.collections },
        deps.api.url(`/api/content/user/${enc}/profile/`),
      );
    });
    prune(ctx, live);
  });
}

/** The `field` of every item of a paged list (offset paging, 200 at a time). */
async function listAll(deps: Deps, path: string, field: string): Promise<string[]> {
  const out: string[] = [];
  for (let offset = 0; ;) {
    const res = await deps.api.get<{ results: RawRecord[]; hasNext: boolean; nextOffset: number | null }>(path, { limit: 200, offset });
    if (res.notModified) throw new Error(`Content API answered 304 for ${path} without a conditional request.`);
    for (const item of res.data.results) out.push(str(item, field));
    if (!res.data.hasNext || res.data.nextOffset === null) return out;
    offset = res.data.nextOffset;
  }
}

/** Every tag of a public space, keyed by its URL slug, with how many public spaces carry it. */
export function tagsLoader(): Loader {
  return wrap('discover-tags', async (ctx) => {
    const { tags } = await spacesSnapshot.get();
    for (const [slug, { name, count }] of tags) await upsert(ctx, slug, { slug, name, count }, '(derived from spaces)');
    prune(ctx, tags.keys());
  });
}
