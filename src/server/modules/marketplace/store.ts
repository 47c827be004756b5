import type { Kysely, Selectable } from 'kysely';
import type { AppCard, App, MarketplaceImage, MarketplaceLink, PartnerRef } from '../../../domain/marketplace.ts';
import type { FeatureId, Hosting, IndustryId } from '../../../domain/marketplace-rules.ts';
import type { Database } from '../../db/schema.ts';
import type { MarketplaceAppsTable, MarketplacePartnersTable } from '../../db/schema/marketplace.ts';
import { attachmentUrl } from '../../platform/content/media-urls.ts';

/** Parses a JSON column written by this module, with a fallback for a damaged value. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A stored image reference of an app's screenshots. */
export interface ImageRef {
  id: string;
  alt: string;
}

/** The media rows a set of pictures needs, by id. */
export type MediaById = ReadonlyMap<string, { id: string; width: number; height: number; variants: string }>;

/** Loads the media rows of the given ids. */
export async function loadMedia(db: Kysely<Database>, ids: readonly (string | null | undefined)[]): Promise<MediaById> {
  const wanted = [...new Set(ids.filter((i): i is string => Boolean(i)))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('marketplace_media').select(['id', 'width', 'height', 'variants']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** A picture as the API answers it: `url` the largest variant, `thumbnail` the smallest; null when unknown. */
export function toImage(media: MediaById, ref: ImageRef | null): MarketplaceImage | null {
  if (!ref) return null;
  const row = media.get(ref.id);
  if (!row) return null;
  const url = attachmentUrl(row.variants);
  const thumbnail = attachmentUrl(row.variants, 0) ?? url;
  if (!url || !thumbnail) return null;
  return { id: row.id, url, thumbnail, width: row.width, height: row.height, alt: ref.alt };
}

/** The public view of a partner. */
export function toPartnerRef(p: Selectable<MarketplacePartnersTable>, media: MediaById): PartnerRef {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    logo: toImage(media, p.logoId ? { id: p.logoId, alt: p.logoAlt || `${p.name} logo` } : null),
    website: p.website,
  };
}

/** The screenshots column of an app. */
export const screenshotRefs = (a: Pick<Selectable<MarketplaceAppsTable>, 'screenshots'>): ImageRef[] => parseJson<ImageRef[]>(a.screenshots, []);

/** An app's card. */
export function toCard(a: Selectable<MarketplaceAppsTable>, partner: Selectable<MarketplacePartnersTable>, media: MediaById): AppCard {
  const shots = screenshotRefs(a);
  return {
    id: a.id,
    slug: a.slug,
    name: a.name,
    summary: a.summary,
    partner: toPartnerRef(partner, media),
    industries: parseJson<IndustryId[]>(a.industries, []),
    features: parseJson<FeatureId[]>(a.features, []),
    beta: a.beta === 1,
    hosting: a.hosting as Hosting,
    cover: toImage(media, shots[0] ?? null),
    updatedAt: a.updatedAt,
  };
}

/** An app's detail (without its collections, which the caller joins). */
export function toApp(
  a: Selectable<MarketplaceAppsTable>,
  partner: Selectable<MarketplacePartnersTable>,
  media: MediaById,
  collections: App['collections'],
): App {
  return {
    ...toCard(a, partner, media),
    description: a.description,
    website: a.website,
    support: { email: a.supportEmail, url: a.supportUrl },
    documents: parseJson<MarketplaceLink[]>(a.documents, []),
    downloads: parseJson<MarketplaceLink[]>(a.downloads, []),
    resources: parseJson<MarketplaceLink[]>(a.resources, []),
    screenshots: screenshotRefs(a)
      .map((s) => toImage(media, s))
      .filter((s): s is MarketplaceImage => s !== null),
    collections,
  };
}

/** Every media id an app and its partner show. */
export const mediaIdsOf = (a: Pick<Selectable<MarketplaceAppsTable>, 'screenshots'>, p: Pick<Selectable<MarketplacePartnersTable>, 'logoId'>) => [
  p.logoId,
  ...screenshotRefs(a).map((s) => s.id),
];

/** Lower-case, accent-free text, for the marketplace's text search (a small catalogue, matched in memory). */
export const fold = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a folded text holds every word of a query ('floor pla' matches 'Floor plans'); a query without words matches all. */
export function matchesQuery(haystack: string, q: string | undefined): boolean {
  return fold(q ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => haystack.includes(w));
}
