import { getCollection, type CollectionEntry } from 'astro:content';
import { FEATURE_IDS, INDUSTRY_IDS, type FeatureId, type IndustryId } from '../../domain/marketplace-rules.ts';
import type { PageI18n } from '../../i18n/page.ts';
import type { AppCardData } from '../../features/marketplace/AppCard.tsx';
import type { BrowserApp, Term } from '../../features/marketplace/MarketplaceBrowser.tsx';

/**
 * Read-side helpers of the marketplace pages over the content store (apps and app collections,
 * loaded from `/api/marketplace/**` at build time), memoised once per build like `src/site/data.ts`.
 */

/** An app as stored (the API's detail record plus its list position). */
export type StoredApp = CollectionEntry<'marketplaceApps'>['data'];
/** An app collection as stored. */
export type StoredCollection = CollectionEntry<'marketplaceCollections'>['data'];

let index: Promise<{ apps: StoredApp[]; bySlug: Map<string, StoredApp>; collections: StoredCollection[] }> | undefined;

/** Every active app in display order, by slug, and every active collection (featured first). */
export function marketplaceIndex() {
  index ??= (async () => {
    const apps = (await getCollection('marketplaceApps')).map((e) => e.data).sort((a, b) => a.position - b.position);
    const collections = (await getCollection('marketplaceCollections')).map((e) => e.data).sort((a, b) => a.position - b.position);
    return { apps, bySlug: new Map(apps.map((a) => [a.slug, a])), collections };
  })();
  return index;
}

/** An industry's label in the page's language. */
export const industryLabel = (t: PageI18n['t'], id: string) => t(`marketplace.industry.${id as IndustryId}`);
/** A feature's label in the page's language. */
export const featureLabel = (t: PageI18n['t'], id: string) => t(`marketplace.feature.${id as FeatureId}`);

/** The card of an app (stored detail or a collection's card) for this page's locale. */
export function cardOf(
  app: Pick<StoredApp, 'slug' | 'name' | 'summary' | 'partner' | 'beta' | 'industries' | 'cover'>,
  i18n: Pick<PageI18n, 't' | 'href'>,
  withCover = false,
): AppCardData {
  return {
    slug: app.slug,
    href: i18n.href.marketplaceApp(app.slug),
    name: app.name,
    partnerName: app.partner.name,
    summary: app.summary,
    logoUrl: app.partner.logo?.thumbnail ?? null,
    beta: app.beta,
    industryLabels: app.industries.map((id) => industryLabel(i18n.t, id)),
    coverUrl: withCover ? (app.cover?.thumbnail ?? null) : null,
  };
}

/** What the landing's filter island gets: cards with their filter facts, and the terms with counts. */
export function browserData(apps: readonly StoredApp[], i18n: Pick<PageI18n, 't' | 'href'>): { apps: BrowserApp[]; industries: Term[]; features: Term[] } {
  const count = (ids: readonly string[], pick: (a: StoredApp) => readonly string[]) =>
    ids.map((id) => ({ id, count: apps.filter((a) => pick(a).includes(id)).length })).filter((x) => x.count > 0);
  return {
    apps: apps.map((a) => ({
      ...cardOf(a, i18n),
      industries: a.industries,
      features: a.features,
      keywords: [...a.industries.map((id) => industryLabel(i18n.t, id)), ...a.features.map((id) => featureLabel(i18n.t, id))],
    })),
    industries: count(INDUSTRY_IDS, (a) => a.industries).map((x) => ({ ...x, label: industryLabel(i18n.t, x.id) })),
    features: count(FEATURE_IDS, (a) => a.features).map((x) => ({ ...x, label: featureLabel(i18n.t, x.id) })),
  };
}
