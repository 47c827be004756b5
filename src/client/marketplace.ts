import type {
  ActivateInput,
  AdminApp,
  AdminCollection,
  AdminLead,
  AdminLeadPage,
  AdminLeadQuery,
  AdminPartner,
  App,
  AppCollection,
  AppCollectionList,
  AppInput,
  AppPage,
  AuthorizedSpacePage,
  CollectionInput,
  LeadInput,
  LeadReceipt,
  MarketplaceImage,
  MyLeads,
  PartnerInput,
  PartnerWithSecret,
  Vocabularies,
} from '../domain/marketplace.ts';
import type { FeatureId, IndustryId } from '../domain/marketplace-rules.ts';
import { requireParams, type Http } from './http.ts';

/**
 * The app marketplace calls (`/api/marketplace/**`, `/admin/api/marketplace/**`; contract in
 * src/server/modules/marketplace/CONTRACT.md), shared by the site's loaders, the marketplace islands and the
 * admin console.
 */

const seg = (value: string) => encodeURIComponent(value);

// ---------------------------------------------------------------- public catalogue

/** Filters of the app list: any of `industry`, every `feature`, every word of `q`, a collection slug. */
export interface ListAppsParams {
  industry?: IndustryId[];
  feature?: FeatureId[];
  q?: string;
  collection?: string;
  offset?: number;
  limit?: number;
}

/** A page of active apps in display order (or a collection's order). */
export function listApps(http: Http, params: ListAppsParams = {}): Promise<AppPage> {
  return http<AppPage>('GET', '/api/marketplace/apps/', { query: { ...params } });
}

/** One active app by slug (404 when missing or inactive). */
export function getApp(http: Http, slug: string): Promise<App> {
  requireParams('getApp', { slug });
  return http<App>('GET', `/api/marketplace/apps/${seg(slug)}/`);
}

/** Active collections, featured first, each with its active apps. */
export function listAppCollections(http: Http): Promise<AppCollectionList> {
  return http<AppCollectionList>('GET', '/api/marketplace/collections/');
}

/** One active collection by slug. */
export function getAppCollection(http: Http, slug: string): Promise<AppCollection> {
  requireParams('getAppCollection', { slug });
  return http<AppCollection>('GET', `/api/marketplace/collections/${seg(slug)}/`);
}

/** The industries and features with English labels and live app counts. */
export function getVocabularies(http: Http): Promise<Vocabularies> {
  return http<Vocabularies>('GET', '/api/marketplace/vocabularies/');
}

// ---------------------------------------------------------------- signed in

/** The spaces the signed-in user may request access for, by name; empty means 'You are not authorized to access any Spaces.'. */
export function listAuthorizedSpaces(http: Http, params: { q?: string | undefined; offset?: number; limit?: number } = {}): Promise<AuthorizedSpacePage> {
  return http<AuthorizedSpacePage>('GET', '/api/marketplace/spaces/', { query: { ...params } });
}

/** Requests access to an app for some spaces: resolves once the lead is stored and handed over ('Access Requested'). */
export function requestAccess(http: Http, slug: string, input: LeadInput): Promise<LeadReceipt> {
  requireParams('requestAccess', { slug });
  return http<LeadReceipt>('POST', `/api/marketplace/apps/${seg(slug)}/leads/`, { body: input });
}

/** The signed-in user's requests for an app (`requested` once they asked). */
export function getMyLeads(http: Http, slug: string): Promise<MyLeads> {
  requireParams('getMyLeads', { slug });
  return http<MyLeads>('GET', `/api/marketplace/apps/${seg(slug)}/leads/`);
}

// ---------------------------------------------------------------- administration

/** Admin list filters. */
export interface AdminListParams {
  q?: string;
  includeInactive?: boolean;
  partnerId?: string;
}

/** The three ordered resources of the admin API. */
export type MarketplaceResource = 'apps' | 'partners' | 'collections';

/** Apps of any state, in display order. */
export async function adminListApps(http: Http, params: AdminListParams = {}): Promise<AdminApp[]> {
  return (await http<{ apps: AdminApp[] }>('GET', '/admin/api/marketplace/apps/', { query: { ...params } })).apps;
}
/** One app (any state). */
export const adminGetApp = (http: Http, id: string): Promise<AdminApp> => http<AdminApp>('GET', `/admin/api/marketplace/apps/${seg(id)}/`);
/** Creates an app (last in the display order). */
export const adminCreateApp = (http: Http, input: AppInput): Promise<AdminApp> => http<AdminApp>('POST', '/admin/api/marketplace/apps/', { body: input });
/** Replaces an app. */
export const adminUpdateApp = (http: Http, id: string, input: AppInput): Promise<AdminApp> =>
  http<AdminApp>('PUT', `/admin/api/marketplace/apps/${seg(id)}/`, { body: input });

/** Partners of any state, in display order (never their secrets). */
export async function adminListPartners(http: Http, params: AdminListParams = {}): Promise<AdminPartner[]> {
  return (await http<{ partners: AdminPartner[] }>('GET', '/admin/api/marketplace/partners/', { query: { ...params } })).partners;
}
/** One partner. */
export const adminGetPartner = (http: Http, id: string): Promise<AdminPartner> => http<AdminPartner>('GET', `/admin/api/marketplace/partners/${seg(id)}/`);
/** Creates a partner: the answer holds its lead signing secret, shown this once. */
export const adminCreatePartner = (http: Http, input: PartnerInput): Promise<PartnerWithSecret> =>
  http<PartnerWithSecret>('POST', '/admin/api/marketplace/partners/', { body: input });
/** Replaces a partner (not its secret). */
export const adminUpdatePartner = (http: Http, id: string, input: PartnerInput): Promise<AdminPartner> =>
  http<AdminPartner>('PUT', `/admin/api/marketplace/partners/${seg(id)}/`, { body: input });
/** A new lead signing secret for a partner, shown this once. */
export const adminRotatePartnerSecret = (http: Http, id: string): Promise<PartnerWithSecret> =>
  http<PartnerWithSecret>('POST', `/admin/api/marketplace/partners/${seg(id)}/rotate-secret/`);

/** Collections of apps of any state, in display order. */
export async function adminListAppCollections(http: Http, params: AdminListParams = {}): Promise<AdminCollection[]> {
  return (await http<{ collections: AdminCollection[] }>('GET', '/admin/api/marketplace/collections/', { query: { ...params } })).collections;
}
/** One collection of apps. */
export const adminGetAppCollection = (http: Http, id: string): Promise<AdminCollection> =>
  http<AdminCollection>('GET', `/admin/api/marketplace/collections/${seg(id)}/`);
/** Creates a collection of apps. */
export const adminCreateAppCollection = (http: Http, input: CollectionInput): Promise<AdminCollection> =>
  http<AdminCollection>('POST', '/admin/api/marketplace/collections/', { body: input });
/** Replaces a collection of apps (its apps in the order given). */
export const adminUpdateAppCollection = (http: Http, id: string, input: CollectionInput): Promise<AdminCollection> =>
  http<AdminCollection>('PUT', `/admin/api/marketplace/collections/${seg(id)}/`, { body: input });

/** Deletes an app, a partner (409 while it has apps) or a collection. */
export async function adminDelete(http: Http, resource: MarketplaceResource, id: string): Promise<void> {
  await http<null>('DELETE', `/admin/api/marketplace/${resource}/${seg(id)}/`);
}
/** Activates or deactivates items of a resource (all or nothing). */
export const adminActivate = (http: Http, resource: MarketplaceResource, input: ActivateInput): Promise<{ updated: number }> =>
  http<{ updated: number }>('PUT', `/admin/api/marketplace/${resource}/activate/`, { body: input });
/** Moves an item to a 0-based place in its display order; answers the whole list in the new order. */
export const adminReorder = <T>(http: Http, resource: MarketplaceResource, id: string, position: number): Promise<Record<MarketplaceResource, T[]>> =>
  http<Record<MarketplaceResource, T[]>>('PATCH', `/admin/api/marketplace/${resource}/${seg(id)}/reorder/`, { body: { position } });

/** Uploads a partner logo or an app screenshot; use the answer's id in `logo` or `screenshots`. */
export function adminUploadMedia(http: Http, kind: 'LOGO' | 'SCREENSHOT', file: Blob, alt = ''): Promise<MarketplaceImage> {
  const form = new FormData();
  form.set('file', file);
  form.set('kind', kind);
  form.set('alt', alt);
  return http<MarketplaceImage>('POST', '/admin/api/marketplace/media/', { body: form });
}

/** Leads, newest first, with their delivery state. */
export const adminListLeads = (http: Http, params: Partial<AdminLeadQuery> = {}): Promise<AdminLeadPage> =>
  http<AdminLeadPage>('GET', '/admin/api/marketplace/leads/', { query: { ...params } });
/** One lead with its deliveries. */
export const adminGetLead = (http: Http, id: string): Promise<AdminLead> => http<AdminLead>('GET', `/admin/api/marketplace/leads/${seg(id)}/`);
