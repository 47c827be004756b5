import type { Selectable, Kysely } from 'kysely';
import type { App, AppCard, AppCollection, AppPage, AppQuery, Vocabularies } from '../../../domain/marketplace.ts';
import { FEATURES, FEATURE_IDS, INDUSTRIES, INDUSTRY_IDS, type FeatureId, type IndustryId } from '../../../domain/marketplace-rules.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import type { MarketplaceAppsTable, MarketplaceCollectionsTable, MarketplacePartnersTable } from '../../db/schema/marketplace.ts';
import { notFound } from '../../platform/errors.ts';
import { fold, loadMedia, matchesQuery, mediaIdsOf, parseJson, toApp, toCard, type MediaById } from './store.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The public catalogue: active apps of active partners, active collections. The catalogue is small
 * (hundreds of apps at most), so one read loads it whole and filters, searches and pages in memory:
 * a handful of queries per request whatever the filters, on SQLite and PostgreSQL alike.
 */

/** The live catalogue, loaded once per request. */
export interface Catalog {
  apps: Selectable<MarketplaceAppsTable>[];
  partners: Map<string, Selectable<MarketplacePartnersTable>>;
  collections: Selectable<MarketplaceCollectionsTable>[];
  /** collection id → app ids in order (active apps only). */
  members: Map<string, string[]>;
  /** app id → collection ids it is in (active collections only), in collection order. */
  collectionsOf: Map<string, string[]>;
  media: MediaById;
}

/** Loads the live catalogue. */
export async function loadCatalog(db: Kysely<Database>): Promise<Catalog> {
  const partnerRows = await db.selectFrom('marketplace_partners').selectAll().where('isActive', '=', 1).execute();
  const partners = new Map(partnerRows.map((p) => [p.id, p]));
  const apps = (await db.selectFrom('marketplace_apps').selectAll().where('isActive', '=', 1).orderBy('position').orderBy('name').execute()).filter((a) =>
    partners.has(a.partnerId),
  );
  const appIds = new Set(apps.map((a) => a.id));
  const collections = await db.selectFrom('marketplace_collections').selectAll().where('isActive', '=', 1).orderBy('position').orderBy('name').execute();
  const links = await db.selectFrom('marketplace_collection_apps').selectAll().orderBy('collectionId').orderBy('position').execute();
  const members = new Map<string, string[]>(collections.map((c) => [c.id, []]));
  for (const l of links) if (appIds.has(l.appId)) members.get(l.collectionId)?.push(l.appId);
  const collectionsOf = new Map<string, string[]>();
  for (const c of collections) for (const appId of members.get(c.id) ?? []) collectionsOf.set(appId, [...(collectionsOf.get(appId) ?? []), c.id]);
  const media = await loadMedia(
    db,
    apps.flatMap((a) => mediaIdsOf(a, partners.get(a.partnerId) ?? { logoId: null })),
  );
  return { apps, partners, collections, members, collectionsOf, media };
}

const partnerOf = (cat: Catalog, a: Selectable<MarketplaceAppsTable>) => cat.partners.get(a.partnerId) as Selectable<MarketplacePartnersTable>;
const cardOf = (cat: Catalog, a: Selectable<MarketplaceAppsTable>): AppCard => toCard(a, partnerOf(cat, a), cat.media);
const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The text an app is found by: name, summary, description, partner name, industry and feature labels. */
const haystackOf = (cat: Catalog, a: Selectable<MarketplaceAppsTable>) =>
  fold(
    [
      a.name,
      a.summary,
      a.description,
      partnerOf(cat, a).name,
      ...parseJson<IndustryId[]>(a.industries, []).map((i) => INDUSTRIES[i] ?? ''),
      ...parseJson<FeatureId[]>(a.features, []).map((f) => FEATURES[f] ?? ''),
    ].join(' '),
  );

/**
 * GET /api/marketplace/apps/ (the landing island's rule, `src/features/marketplace/filter.ts`): any
 * of the chosen industries, every chosen feature, every word of `q` somewhere in the app's text; the
 * kinds combine with AND. In display order, or in the collection's order when `collection` is given.
 */
export function listApps(cat: Catalog, q: AppQuery): AppPage {
  const industries = new Set<string>(asArray(q.industry));
  const features = new Set<string>(asArray(q.feature));
  let apps = cat.apps;
  if (q.collection !== undefined) {
    const collection = cat.collections.find((c) => c.slug === q.collection);
    const ids = collection ? (cat.members.get(collection.id) ?? []) : [];
    const byId = new Map(apps.map((a) => [a.id, a]));
    apps = ids.map((id) => byId.get(id)).filter((a): a is Selectable<MarketplaceAppsTable> => a !== undefined);
  }
  const matching = apps.filter((a) => {
    if (industries.size && !parseJson<string[]>(a.industries, []).some((i) => industries.has(i))) return false;
    if (features.size && ![...features].every((f) => parseJson<string[]>(a.features, []).includes(f))) return false;
    return matchesQuery(haystackOf(cat, a), q.q);
  });
  const w = resolveWindow(q, 50);
  return makePage(
    matching.slice(w.offset, w.offset + w.limit).map((a) => cardOf(cat, a)),
    matching.length,
    w,
  );
}

/** GET /api/marketplace/apps/{slug}/ (404 when missing or not live). */
export function readApp(cat: Catalog, slug: string): App {
  const a = cat.apps.find((x) => x.slug === slug);
  if (!a) throw notFound('App');
  const byId = new Map(cat.collections.map((c) => [c.id, c]));
  const collections = (cat.collectionsOf.get(a.id) ?? []).map((id) => byId.get(id)).filter((c) => c !== undefined);
  return toApp(
    a,
    partnerOf(cat, a),
    cat.media,
    collections.map((c) => ({ id: c.id, slug: c.slug, name: c.name })),
  );
}

const collectionOf = (cat: Catalog, c: Selectable<MarketplaceCollectionsTable>): AppCollection => {
  const byId = new Map(cat.apps.map((a) => [a.id, a]));
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    featured: c.featured === 1,
    apps: (cat.members.get(c.id) ?? [])
      .map((id) => byId.get(id))
      .filter((a) => a !== undefined)
      .map((a) => cardOf(cat, a)),
    updatedAt: c.updatedAt,
  };
};

/** GET /api/marketplace/collections/: featured first, then display order. */
export function listCollections(cat: Catalog): AppCollection[] {
  return [...cat.collections]
    .sort((a, b) => b.featured - a.featured || a.position - b.position || a.name.localeCompare(b.name))
    .map((c) => collectionOf(cat, c));
}

/** GET /api/marketplace/collections/{slug}/ */
export function readCollection(cat: Catalog, slug: string): AppCollection {
  const c = cat.collections.find((x) => x.slug === slug);
  if (!c) throw notFound('Collection');
  return collectionOf(cat, c);
}

/** GET /api/marketplace/vocabularies/: every term with its live app count. */
export function vocabularies(cat: Catalog): Vocabularies {
  const count = (column: 'industries' | 'features', id: string) => cat.apps.filter((a) => parseJson<string[]>(a[column], []).includes(id)).length;
  return {
    industries: INDUSTRY_IDS.map((id) => ({ id, label: INDUSTRIES[id], appCount: count('industries', id) })),
    features: FEATURE_IDS.map((id) => ({ id, label: FEATURES[id], appCount: count('features', id) })),
  };
}
