import { getCollection, type CollectionEntry } from 'astro:content';
import { CAMERA_TYPES, camerasMatch, type CameraType } from '../domain/cameras.ts';
import { COLLECTION_TEXTS } from '../domain/collection.ts';
import { inLocale, textIn } from '../domain/locale-texts.ts';
import { byViews, latestCollections, relatedSpaces as relatedOf, spacesByTag } from '../domain/page-dependencies.ts';
import { href } from './paths.ts';

/**
 * Read-side helpers over the content store, shared by every page. The store is loaded once per
 * build; the indexes below are built on first use and memoised, so each of thousands of pages does
 * a few map lookups and never calls the API.
 */

/** A space as stored. */
export type SpaceData = CollectionEntry<'spaces'>['data'];
/** A collection as stored. */
export type CollectionData = CollectionEntry<'collections'>['data'];
/** The fields a space card shows. */
export interface CardSpace {
  id: string;
  modelId: string;
  name: string;
  city: string;
  /** ISO 3166 code: the card names the country in the page's language. */
  countryCode?: string;
  countryName: string;
  views: number | null;
  images: SpaceData['images'];
}

const once = <T>(fn: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= fn());
};

/** Every stored space (PUBLIC and UNLISTED), and lookups by id and modelId. */
export const spaceIndex = once(async () => {
  const all = (await getCollection('spaces')).map((e) => e.data);
  const byId = new Map<string, SpaceData>();
  const byModelId = new Map<string, SpaceData>();
  for (const s of all) {
    byId.set(s.id, s);
    byModelId.set(s.modelId, s);
  }
  const listed = all.filter((s) => s.visibility === 'PUBLIC').sort(byViews);
  return { all, byId, byModelId, listed };
});

/** Public spaces per tag slug, most viewed first (the rule the publisher's dependency map shares). */
export const tagIndex = once(async () => spacesByTag((await spaceIndex()).all));

/** The camera pages a space belongs on (its cameras satisfy the page's filters). */
export function cameraTypesOf(space: Pick<SpaceData, 'cameras'>): CameraType[] {
  return CAMERA_TYPES.filter((c) => space.cameras.length > 0 && camerasMatch(space.cameras, c.filters));
}

/** Public spaces per camera page id, most viewed first. */
export const cameraIndex = once(async () => {
  const { listed } = await spaceIndex();
  const map = new Map<string, SpaceData[]>(CAMERA_TYPES.map((c) => [c.id, []]));
  for (const s of listed) for (const c of cameraTypesOf(s)) map.get(c.id)?.push(s);
  return map;
});

/**
 * Spaces related to a space: the most shared tags first, then same country, then views. Candidates
 * are the top spaces of each of its tags, so the cost per page stays small at any world size.
 */
export async function relatedSpaces(space: SpaceData, count = 8): Promise<SpaceData[]> {
  return relatedOf(space, await tagIndex(), count);
}

/** Collections in the API's (editorial) order, and which collections hold each space. */
export const collectionIndex = once(async () => {
  const all = (await getCollection('collections')).map((e) => e.data).sort((a, b) => a.position - b.position);
  const bySid = new Map(all.map((c) => [c.sid, c]));
  const byId = new Map(all.map((c) => [c.id, c]));
  const byModelId = new Map<string, CollectionData[]>();
  for (const c of all) {
    for (const m of c.spaceModelIds) {
      const list = byModelId.get(m);
      if (list) list.push(c);
      else byModelId.set(m, [c]);
    }
  }
  const latest = latestCollections(all);
  return { all, bySid, byId, byModelId, latest };
});

/**
 * A collection with its name and description, and its sub-collections', in `locale`: English
 * where an admin gave none (issue 26).
 */
export function collectionIn<C extends Pick<CollectionData, 'name' | 'description' | 'translations' | 'children'>>(c: C, locale: string): C {
  const out = inLocale(c, COLLECTION_TEXTS, locale);
  const results = out.children.results.map((ch) => (ch.collection ? { ...ch, collection: inLocale(ch.collection, COLLECTION_TEXTS, locale) } : ch));
  return { ...out, children: { ...out.children, results } };
}

/** The collections holding a space, in editorial order. */
export async function collectionsWith(modelId: string): Promise<CollectionData[]> {
  return (await collectionIndex()).byModelId.get(modelId) ?? [];
}

/** Active featured tags in editorial order. */
export const featuredTags = once(async () =>
  (await getCollection('featuredTags'))
    .map((e) => e.data)
    .filter((t) => t.isActive)
    .sort((a, b) => a.position - b.position),
);

/** Carousel slides in editorial order. */
export const carouselSlides = once(async () =>
  (await getCollection('carousel'))
    .map((e) => e.data)
    .filter((s) => s.isActive && s.item)
    .sort((a, b) => a.position - b.position),
);

/** Active featured tags with their names in `locale` (English where an admin gave none, issue 26). */
export const featuredTagsIn = async (locale: string) => (await featuredTags()).map((t) => inLocale(t, ['name'], locale));

/**
 * Carousel slides with their descriptions in `locale` (a URL slide is named by its description, a
 * collection slide by the collection's name in `locale`), English where none was given.
 */
export const carouselSlidesIn = async (locale: string) => {
  const [slides, { byId }] = await Promise.all([carouselSlides(), collectionIndex()]);
  return slides.map((s) => {
    const out = inLocale(s, ['description'], locale);
    if (out.type === 'URL' && out.item && out.description) return { ...out, item: { ...out.item, name: out.description } };
    const collection = out.type === 'COLLECTION' && out.item?.id ? byId.get(out.item.id) : undefined;
    return collection && out.item ? { ...out, item: { ...out.item, name: textIn(collection.name, collection.translations, 'name', locale) } } : out;
  });
};

/** The pencil banner every page renders (spec 2): the first of the list, none when it has no text. */
export const pencilBanner = once(async () => {
  const first = (await getCollection('banners')).map((e) => e.data).sort((a, b) => a.position - b.position)[0];
  return first && first.text.trim() ? first : null;
});

/** The pencil banner in `locale` (English where an admin gave none, issue 26); none when the English banner has no text. */
export const pencilBannerIn = async (locale: string) => {
  const banner = await pencilBanner();
  return banner && inLocale(banner, ['text'], locale);
};

/** What the footer lists: featured tag names, featured spaces and latest collections, 8 each (spec 9). */
export const footerData = once(async () => {
  const [tags, slides, { latest }] = await Promise.all([featuredTags(), carouselSlides(), collectionIndex()]);
  const spaces = slides.filter((s) => s.type === 'SPACE' && s.item).map((s) => s.item as NonNullable<typeof s.item>);
  return {
    tags: tags.slice(0, 8).map((t) => ({ id: t.id, name: t.name, translations: t.translations })),
    spaces: spaces.slice(-8).map((i) => ({ name: i.space?.name ?? i.name, href: i.space ? href.space(i.space.modelId) : i.href })),
    collections: latest.slice(0, 8).map((c) => ({ sid: c.sid, name: c.name, translations: c.translations })),
  };
});

/** The card-sized subset of a space (keeps page props small). */
export const toCard = (s: CardSpace): CardSpace => ({
  id: s.id,
  modelId: s.modelId,
  name: s.name,
  city: s.city,
  ...(s.countryCode ? { countryCode: s.countryCode } : {}),
  countryName: s.countryName,
  views: s.views,
  images: s.images,
});

type ChildData = CollectionData['children']['results'][number];
/** Image record for a bare URL (a collection cover). */
const imagesOfUrl = (url: string) => ({ thumbnail: url, cover: url, width: 1200, height: 800 });
/** The picture a collection child contributes to a card: its space, or its sub-collection's first space or cover. */
export function childImages(ch: ChildData): SpaceData['images'][] {
  if (ch.space) return [ch.space.images];
  const sub = ch.collection;
  if (!sub) return [];
  const first = sub.spaces?.[0];
  if (first) return [first.images];
  return sub.coverUrl ? [imagesOfUrl(sub.coverUrl)] : [];
}

/** A collection as its card shows it in `locale` (its name, English where none was given): up to three pictures of its first space children. */
export function toCollectionCard(
  c: Pick<CollectionData, 'sid' | 'name' | 'translations' | 'type' | 'childrenCount' | 'coverUrl' | 'children' | 'userInfo' | 'isUgc'>,
  locale: string,
) {
  const images = c.children.results.flatMap((ch) => childImages(ch)).slice(0, 3);
  const owner = c.isUgc && c.userInfo ? `${c.userInfo.firstName} ${c.userInfo.lastName}`.trim() : undefined;
  return {
    sid: c.sid,
    name: textIn(c.name, c.translations, 'name', locale),
    type: c.type,
    childrenCount: c.childrenCount,
    coverUrl: c.coverUrl,
    images,
    owner,
  };
}
