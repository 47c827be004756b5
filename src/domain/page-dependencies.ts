import { CAMERA_TYPES, camerasMatch } from './cameras.ts';
import { slugify } from './urls.ts';
import { SYSTEM_PROFILE_SID } from './system-profile.ts';
import { pathOf, type PageParams, type PageTypeId } from './page-types.ts';

/**
 * The publishing dependency map: which static pages show which content, so a change re-renders
 * exactly the pages it touches (ARCHITECTURE.md "Publishing", step 1). Pure: it reads two plain
 * snapshots of the site's content store (before and after a sync) and the entries that changed.
 *
 * Pages are named by their path without the base and the locale prefix (`/space/abc`, `/tag/museum`,
 * `/` for home); the publisher renders every built locale of each. Content the API embeds in another
 * entry (a space inside a collection's children, an account's first spaces, a user's collections, a
 * featured tag's spaces, a carousel slide's item) changes that entry too, so the rules below only
 * list what a page joins itself: a space's tags, cameras and related spaces; the collections
 * holding a space; the latest collections; the home page's lists; and the footer on every page.
 * The pencil banner is on every page too, but its change re-renders none: the banner's script reads
 * the live list after load, and a page carries the new banner whenever it is rendered again.
 */

/** The fields of a stored space the pages join on. */
export interface SpaceFacts {
  id: string;
  modelId: string;
  name: string;
  visibility: string;
  views: number | null;
  countryCode: string;
  tags: readonly string[];
  cameras: readonly { code: string; manufacturer: string }[];
  organization: { id: string } | null;
}

/** The fields of a stored collection the pages join on. */
export interface CollectionFacts {
  /** Absent in tests that do not need it; a carousel slide names its collection by it. */
  id?: string;
  sid: string;
  name: string;
  /** The name and description per locale (issue 26), absent in snapshots made before them. */
  translations?: unknown;
  createdAt: string;
  position: number;
  spaceModelIds: readonly string[];
  userInfo: { userSid: string } | null;
}

/** A featured tag or carousel slide, as far as the home page and footer care. */
export interface EditorialFacts {
  id: string;
  position: number;
  isActive: boolean;
}

/** A stored marketplace app (key: slug), as far as its pages care: the collections it is in. */
export interface MarketplaceAppFacts {
  slug: string;
  collections: readonly { slug: string }[];
}

/** A stored app collection (key: slug): the apps it holds. */
export interface MarketplaceCollectionFacts {
  slug: string;
  apps: readonly { slug: string }[];
}

/** One snapshot of the content store, entries keyed as the store keys them. */
export interface SiteContent {
  spaces: ReadonlyMap<string, SpaceFacts>;
  collections: ReadonlyMap<string, CollectionFacts>;
  users: ReadonlyMap<string, unknown>;
  accounts: ReadonlyMap<string, unknown>;
  /** `translations`: the names per locale (issue 26), absent in snapshots made before them. */
  featuredTags: ReadonlyMap<string, EditorialFacts & { name: string; translations?: unknown }>;
  carousel: ReadonlyMap<string, EditorialFacts & { type: string; item: unknown }>;
  tags: ReadonlyMap<string, unknown>;
  /** Absent in snapshots made before the marketplace (and in tests that do not need it). */
  marketplaceApps?: ReadonlyMap<string, MarketplaceAppFacts>;
  marketplaceCollections?: ReadonlyMap<string, MarketplaceCollectionFacts>;
  /** The pencil banners (no page depends on them alone, see above). */
  banners?: ReadonlyMap<string, unknown>;
  /** Find a 3D Pro's directory (its one page). */
  pros?: ReadonlyMap<string, unknown>;
}

/** A store entry that was added, changed or removed. */
export interface ChangedEntry {
  collection: keyof SiteContent;
  id: string;
}

/** What a set of changes touches. */
export interface AffectedPages {
  /** Page paths without base and locale prefix, e.g. `/collection/abc`. */
  pages: Set<string>;
  /** Whether the footer's lists changed, i.e. every page's footer. */
  footer: boolean;
}

/** A page's path in the form {@link AffectedPages} uses: leading slash, decoded, no trailing slash (`/` for home). */
const path = <T extends PageTypeId>(type: T, params: PageParams<T>) => `/${pathOf(type, params, false)}`;

/** Page paths of the site, in the form {@link AffectedPages} uses; the page types are src/domain/page-types.ts's. */
export const pagePath = {
  home: () => path('home', {}),
  space: (modelId: string) => path('space', { modelId }),
  relatedCollections: (modelId: string) => path('relatedCollections', { modelId }),
  collection: (sid: string) => path('collection', { sid }),
  tag: (slug: string) => path('tag', { tag: slug }),
  camera: (id: string) => path('camera', { cameraModelId: id }),
  account: (id: string) => path('account', { accountId: id }),
  profile: (sid: string) => path('profile', { userSid: sid }),
  profileCollections: (sid: string) => path('profileCollections', { userSid: sid }),
  marketplace: () => path('marketplace', {}),
  marketplaceApp: (slug: string) => path('marketplaceApp', { slug }),
  marketplaceCollection: (slug: string) => path('marketplaceCollection', { slug }),
  pros: () => path('pros', {}),
};

/** How many related spaces a space page shows, and how deep into each tag it looks for them. */
export const RELATED_SPACES = 8;
const RELATED_CANDIDATES_PER_TAG = 200;
/** How many latest collections the home page and the footer list. */
export const LATEST_COLLECTIONS = 8;
/** How many spaces the home page's "All" tab shows (filled up with the most viewed). */
export const HOME_ALL_SPACES = 12;
/** How many items each footer column lists (spec 2). */
export const FOOTER_ITEMS = 8;

/** Most viewed first, then by name: the order of every space listing. */
export const byViews = (a: { views: number | null; name: string }, b: { views: number | null; name: string }) =>
  (b.views ?? 0) - (a.views ?? 0) || a.name.localeCompare(b.name);

/** Public spaces per tag slug, most viewed first. */
export function spacesByTag<S extends SpaceFacts>(spaces: Iterable<S>): Map<string, S[]> {
  const map = new Map<string, S[]>();
  const listed = [...spaces].filter((s) => s.visibility === 'PUBLIC').sort(byViews);
  for (const s of listed) {
    for (const tag of s.tags) {
      const slug = slugify(tag);
      const list = map.get(slug);
      if (list) list.push(s);
      else map.set(slug, [s]);
    }
  }
  return map;
}

/**
 * Spaces related to a space: the most shared tags first, then same country, then views. Candidates
 * are the top spaces of each of its tags, so the cost per page stays small at any world size. The
 * rail index keeps every candidate's facts in typed arrays by slot, so a page's ~700 candidates are
 * counted and ranked without reading their objects or allocating one per candidate (the rail was
 * 14 % of a space page's render at 10,000 spaces). Only the best `count` are kept as they are met
 * (a stable selection: a tie met earlier ranks first, as a stable sort of every candidate ranks it).
 */
export function relatedSpaces<S extends SpaceFacts>(space: SpaceFacts, byTag: ReadonlyMap<string, readonly S[]>, count = RELATED_SPACES): S[] {
  const index = railIndex(byTag);
  const { key, touched } = index;
  const found = countSharedTags(space, index);
  const keep = Math.max(0, Math.min(count, found));
  const best = new Int32Array(keep);
  const bestKey = new Float64Array(keep);
  let size = 0;
  for (let i = 0; i < found; i++) {
    const slot = touched[i] as number;
    const k = key[slot] as number;
    // Ranked after (or tied with) the last kept one: a full list keeps the one met first.
    if (size === keep && (size === 0 || k <= (bestKey[size - 1] as number))) continue;
    let at = size < keep ? size : size - 1;
    while (at > 0 && k > (bestKey[at - 1] as number)) {
      best[at] = best[at - 1] as number;
      bestKey[at] = bestKey[at - 1] as number;
      at--;
    }
    best[at] = slot;
    bestKey[at] = k;
    if (size < keep) size++;
  }
  const out: S[] = [];
  for (let i = 0; i < size; i++) out.push(index.spaces[best[i] as number] as S);
  for (let i = 0; i < found; i++) index.n[touched[i] as number] = 0;
  return out;
}

/**
 * Counts in `index.n` the tags each candidate shares with `space` (the top spaces of each of its
 * tags, itself left out), lists their slots in `index.touched` in the order first met and gives
 * their number; `index.key` then holds each one's rank key ({@link rankKey}). The caller sets
 * `n` back to 0 for the touched slots.
 */
function countSharedTags(space: SpaceFacts, index: RailIndex): number {
  const { n, idNo, touched } = index;
  const self = index.idNos.get(space.id) ?? -1;
  let found = 0;
  for (const tag of space.tags) {
    let slug = index.slugs.get(tag);
    if (slug === undefined) index.slugs.set(tag, (slug = slugify(tag)));
    const top = index.top.get(slug);
    if (!top) continue;
    for (let i = 0; i < top.length; i++) {
      const slot = top[i] as number;
      if (idNo[slot] === self) continue;
      const seen = n[slot] as number;
      n[slot] = seen + 1;
      if (seen === 0) touched[found++] = slot;
    }
  }
  const country = index.countryNos.get(space.countryCode) ?? -1;
  for (let i = 0; i < found; i++) {
    const slot = touched[i] as number;
    index.key[slot] = rankKey(n[slot] as number, index.country[slot] === country, index.viewRank[slot] as number);
  }
  return found;
}

/**
 * One number per candidate that orders a space's related list (larger first, equal when tied):
 * shared tags, then the same country as the space, then {@link byViews}'s place among all candidates.
 * Exact in a double: shared tags < 2^16, places < 2^31.
 */
const rankKey = (shared: number, sameCountry: boolean, viewRank: number) => (shared * 2 + (sameCountry ? 1 : 0)) * 2 ** 31 + (2 ** 31 - 1 - viewRank);

/**
 * The top spaces of each tag as slot numbers, so {@link relatedSpaces} and {@link isRelated} count
 * and rank in typed arrays instead of reading objects: per slot its id's number, its country's
 * number and its place in {@link byViews} order (ties share one), built once per tag index.
 */
interface RailIndex {
  spaces: SpaceFacts[];
  slotOf: Map<SpaceFacts, number>;
  top: Map<string, Int32Array>;
  slugs: Map<string, string>;
  /** Per slot: the tags it shares with the space being ranked (0 outside a call). */
  n: Uint16Array;
  /** Per slot: its rank key for the space being ranked (valid for the touched slots). */
  key: Float64Array;
  /** Scratch: the slots a call touched, in the order first met. */
  touched: Int32Array;
  idNos: Map<string, number>;
  idNo: Int32Array;
  countryNos: Map<string, number>;
  country: Int32Array;
  viewRank: Int32Array;
}
const railIndexes = new WeakMap<ReadonlyMap<string, readonly SpaceFacts[]>, RailIndex>();

function railIndex(byTag: ReadonlyMap<string, readonly SpaceFacts[]>): RailIndex {
  const known = railIndexes.get(byTag);
  if (known) return known;
  const spaces: SpaceFacts[] = [];
  const slotOf = new Map<SpaceFacts, number>();
  const top = new Map<string, Int32Array>();
  for (const [slug, list] of byTag) {
    const head = list.slice(0, RELATED_CANDIDATES_PER_TAG);
    top.set(
      slug,
      Int32Array.from(head, (s) => {
        let slot = slotOf.get(s);
        if (slot === undefined) {
          slot = spaces.push(s) - 1;
          slotOf.set(s, slot);
        }
        return slot;
      }),
    );
  }
  const numbered = (values: Map<string, number>, value: string) => {
    let no = values.get(value);
    if (no === undefined) values.set(value, (no = values.size));
    return no;
  };
  const idNos = new Map<string, number>();
  const countryNos = new Map<string, number>();
  const idNo = Int32Array.from(spaces, (s) => numbered(idNos, s.id));
  const country = Int32Array.from(spaces, (s) => numbered(countryNos, s.countryCode));
  const viewRank = new Int32Array(spaces.length);
  const order = spaces.map((_, slot) => slot).sort((a, b) => byViews(spaces[a] as SpaceFacts, spaces[b] as SpaceFacts));
  order.forEach((slot, at) => {
    const prev = order[at - 1];
    viewRank[slot] = prev !== undefined && byViews(spaces[prev] as SpaceFacts, spaces[slot] as SpaceFacts) === 0 ? (viewRank[prev] as number) : at;
  });
  const index: RailIndex = {
    spaces,
    slotOf,
    top,
    slugs: new Map<string, string>(),
    n: new Uint16Array(spaces.length),
    key: new Float64Array(spaces.length),
    touched: new Int32Array(spaces.length),
    idNos,
    idNo,
    countryNos,
    country,
    viewRank,
  };
  railIndexes.set(byTag, index);
  return index;
}

/**
 * Whether `target` is among the spaces related to `space` ({@link relatedSpaces} with the same
 * arguments lists it), without sorting the candidates: it counts those ranked before it and stops
 * at `count`. The dependency map asks this of thousands of spaces when one changes.
 */
export function isRelated(space: SpaceFacts, target: SpaceFacts, byTag: ReadonlyMap<string, readonly SpaceFacts[]>, count = RELATED_SPACES): boolean {
  if (space.id === target.id) return false;
  const index = railIndex(byTag);
  const mine = index.spaces.findIndex((s) => s.id === target.id);
  if (mine < 0) return false;
  return isRelatedSlot(space, mine, index, count);
}

/** {@link isRelated} for a target known by its slot. */
function isRelatedSlot(space: SpaceFacts, mine: number, index: RailIndex, count: number): boolean {
  const { n, key, touched } = index;
  const found = countSharedTags(space, index);
  let related = false;
  if (n[mine]) {
    // The selection in relatedSpaces is stable: a tie met earlier ranks first.
    const me = key[mine] as number;
    let before = 0;
    let passed = false;
    related = true;
    for (let i = 0; i < found; i++) {
      const slot = touched[i] as number;
      if (slot === mine) {
        passed = true;
        continue;
      }
      const k = key[slot] as number;
      if (k > me || (k === me && !passed)) before++;
      if (before >= count) {
        related = false;
        break;
      }
    }
  }
  for (let i = 0; i < found; i++) n[touched[i] as number] = 0;
  return related;
}

/** The camera page ids a space is listed on. */
export function cameraPagesOf(space: Pick<SpaceFacts, 'cameras'>): string[] {
  return CAMERA_TYPES.filter((c) => space.cameras.length > 0 && camerasMatch(space.cameras, c.filters)).map((c) => c.id);
}

/** Collections newest first (the home page's and footer's "latest"), editorial order breaking ties. */
export function latestCollections<C extends Pick<CollectionFacts, 'createdAt' | 'position'>>(collections: Iterable<C>): C[] {
  return [...collections].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.position - b.position);
}

/** What the footer lists: featured tag names, featured spaces and latest collections (spec 2), as one comparable value. */
export function footerInputs(content: SiteContent): string {
  const tags = [...content.featuredTags.values()]
    .filter((t) => t.isActive)
    .sort((a, b) => a.position - b.position)
    .slice(0, FOOTER_ITEMS)
    .map((t) => [t.id, t.name, t.translations ?? {}]);
  const spaces = [...content.carousel.values()]
    .filter((s) => s.isActive && s.item && s.type === 'SPACE')
    .sort((a, b) => a.position - b.position)
    .slice(-FOOTER_ITEMS)
    .map((s) => s.item);
  const collections = latestCollections(content.collections.values())
    .slice(0, FOOTER_ITEMS)
    .map((c) => [c.sid, c.name, c.translations ?? {}]);
  return JSON.stringify({ tags, spaces, collections });
}

/** The spaces the home page's "All" tab may fill up with: the most viewed public ones. */
function homeFill(content: SiteContent): Set<string> {
  return new Set(
    [...content.spaces.values()]
      .filter((s) => s.visibility === 'PUBLIC')
      .sort(byViews)
      .slice(0, HOME_ALL_SPACES)
      .map((s) => s.modelId),
  );
}

/** Collections holding a space, by modelId. */
function collectionsBySpace(content: SiteContent): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const c of content.collections.values()) {
    for (const m of c.spaceModelIds) {
      const list = map.get(m);
      if (list) list.push(c.sid);
      else map.set(m, [c.sid]);
    }
  }
  return map;
}

/** Collections in editorial order, as sids; a change of their relative order reorders every rail that lists them. */
const editorialOrder = (content: SiteContent) =>
  [...content.collections.values()]
    .sort((a, b) => a.position - b.position)
    .map((c) => c.sid)
    .join('\n');

/** The pages of one snapshot that show a space in their related-spaces rail (space pages of spaces sharing a tag with it). */
function pagesRelating(content: SiteContent, byTag: ReadonlyMap<string, readonly SpaceFacts[]>, target: SpaceFacts): string[] {
  const out: string[] = [];
  // A space's related candidates are the top spaces of each of its tags: only the tags whose top
  // spaces include the target can bring it to a rail.
  const reach = new Set(
    target.tags.map(slugify).filter((slug) => (byTag.get(slug) ?? []).slice(0, RELATED_CANDIDATES_PER_TAG).some((s) => s.id === target.id)),
  );
  if (!reach.size) return out;
  const candidates = new Set<SpaceFacts>();
  for (const slug of reach) for (const s of byTag.get(slug) ?? []) candidates.add(s);
  // UNLISTED spaces have pages (and rails) too, but are not in the tag lists.
  for (const s of content.spaces.values()) if (s.visibility !== 'PUBLIC' && s.tags.some((t) => reach.has(slugify(t)))) candidates.add(s);
  const index = railIndex(byTag);
  const mine = index.slotOf.get(target) ?? index.spaces.findIndex((s) => s.id === target.id);
  for (const s of candidates) {
    if (s.modelId === target.modelId || mine < 0) continue;
    if (isRelatedSlot(s, mine, index, RELATED_SPACES)) out.push(pagePath.space(s.modelId));
  }
  return out;
}

/**
 * The pages a set of store changes affects, computed from both snapshots so that what a page
 * showed before (a removed tag, a collection that no longer holds the space) is re-rendered too.
 * Pages that only exist in one snapshot (a new or deleted collection) are included; the publisher
 * also compares the full page lists, so new and deleted pages never depend on this map alone.
 */
export function affectedPages(before: SiteContent, after: SiteContent, changes: readonly ChangedEntry[]): AffectedPages {
  const pages = new Set<string>();
  const add = (...paths: string[]) => paths.forEach((p) => pages.add(p));
  const snapshots = [before, after];
  const lazy = <T>(fn: (c: SiteContent) => T) => {
    const cache = new Map<SiteContent, T>();
    return (c: SiteContent) => {
      if (!cache.has(c)) cache.set(c, fn(c));
      return cache.get(c) as T;
    };
  };
  const tagsOf = lazy((c) => spacesByTag(c.spaces.values()));
  const holders = lazy(collectionsBySpace);
  const fill = lazy(homeFill);
  const latest = lazy(
    (c) =>
      new Set(
        latestCollections(c.collections.values())
          .slice(0, LATEST_COLLECTIONS)
          .map((x) => x.sid),
      ),
  );

  for (const { collection, id } of changes) {
    switch (collection) {
      case 'spaces': {
        add(pagePath.space(id), pagePath.relatedCollections(id));
        for (const c of snapshots) {
          const s = c.spaces.get(id);
          if (!s) continue;
          add(...s.tags.map((t) => pagePath.tag(slugify(t))));
          add(...cameraPagesOf(s).map(pagePath.camera));
          if (s.organization) add(pagePath.account(s.organization.id));
          add(...(holders(c).get(id) ?? []).map(pagePath.collection));
          add(...pagesRelating(c, tagsOf(c), s));
          if (fill(c).has(id)) add(pagePath.home());
        }
        break;
      }
      case 'collections': {
        add(pagePath.collection(id));
        for (const c of snapshots) {
          const col = c.collections.get(id);
          if (!col) continue;
          // The space pages' "in collections" rail and their related-collections pages.
          for (const m of col.spaceModelIds) add(pagePath.space(m), pagePath.relatedCollections(m));
          if (col.userInfo) add(pagePath.profile(col.userInfo.userSid), pagePath.profileCollections(col.userInfo.userSid));
          // A collection without an owner is an editors' one: the system profile's collections page lists it.
          else add(pagePath.profileCollections(SYSTEM_PROFILE_SID));
          if (latest(c).has(id)) add(pagePath.home());
          // A carousel slide shows a collection's name in the home page's locale (issue 26).
          if (col.id && [...c.carousel.values()].some((s) => s.type === 'COLLECTION' && (s.item as { id?: string } | null)?.id === col.id))
            add(pagePath.home());
        }
        break;
      }
      case 'users':
        add(pagePath.profile(id), pagePath.profileCollections(id));
        break;
      case 'accounts':
        add(pagePath.account(id));
        break;
      case 'tags':
        add(pagePath.tag(id));
        break;
      case 'banners':
        break;
      case 'featuredTags':
      case 'carousel':
        add(pagePath.home());
        break;
      // The landing lists every app and collection; an app page names its collections, a collection page shows its apps' cards.
      case 'marketplaceApps':
        add(pagePath.marketplace(), pagePath.marketplaceApp(id));
        for (const c of snapshots) {
          for (const col of c.marketplaceCollections?.values() ?? []) if (col.apps.some((a) => a.slug === id)) add(pagePath.marketplaceCollection(col.slug));
        }
        break;
      case 'pros':
        add(pagePath.pros());
        break;
      case 'marketplaceCollections':
        add(pagePath.marketplace(), pagePath.marketplaceCollection(id));
        for (const c of snapshots) {
          for (const a of c.marketplaceCollections?.get(id)?.apps ?? []) add(pagePath.marketplaceApp(a.slug));
          // Collection pages list the other collections.
          for (const o of c.marketplaceCollections?.keys() ?? []) add(pagePath.marketplaceCollection(o));
        }
        break;
    }
  }
  // Positions shift when a collection is added or removed; only a change of the relative order of
  // the collections both snapshots have reorders the rails of the spaces they hold.
  const common = (c: SiteContent, other: SiteContent) =>
    editorialOrder(c)
      .split('\n')
      .filter((sid) => other.collections.has(sid))
      .join('\n');
  if (common(before, after) !== common(after, before)) {
    for (const c of snapshots) {
      for (const col of c.collections.values()) for (const m of col.spaceModelIds) add(pagePath.space(m), pagePath.relatedCollections(m));
    }
    add(pagePath.home());
  }
  return { pages, footer: footerInputs(before) !== footerInputs(after) };
}

/** A stored entry's data without its list position, which shifts whenever an earlier item is added or removed. */
export function withoutPosition(data: unknown): unknown {
  if (data && typeof data === 'object' && 'position' in data) {
    const { position: _position, ...rest } = data as Record<string, unknown>;
    return rest;
  }
  return data;
}
