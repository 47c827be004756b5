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
  return http('GET', '/api/marketplace/apps/', { query: { ...params } });
}

/** One active app by slug (404 when missing or inactive). */
export function getApp(http: Http, slug: string): Promise<App> {
  requireParams('getApp', { slug });
  return http('GET', '/api/marketplace/apps/{slug}/', { params: { slug } });
}

/** Active collections, featured first, each with its active apps. */
export function listAppCollections(http: Http): Promise<AppCollectionList> {
  return http('GET', '/api/marketplace/collections/');
}

/** One active collection by slug. */
export function getAppCollection(http: Http, slug: string): Promise<AppCollection> {
  requireParams('getAppCollection', { slug });
  return http('GET', '/api/marketplace/collections/{slug}/', { params: { slug } });
}

/** The industries and features with English labels and live app counts. */
export function getVocabularies(http: Http): Promise<Vocabularies> {
  return http('GET', '/api/marketplace/vocabularies/');
}

// ---------------------------------------------------------------- signed in

/** The spaces the signed-in user may request access for, by name; empty means 'You are not authorized to access any Spaces.'. */
export function listAuthorizedSpaces(http: Http, params: { q?: string | undefined; offset?: number; limit?: number } = {}): Promise<AuthorizedSpacePage> {
  return http('GET', '/api/marketplace/spaces/', { query: { ...params } });
}

/** Requests access to an app for some spaces: resolves once the lead is stored and handed over ('Access Requested'). */
export function requestAccess(http: Http, slug: string, input: LeadInput): Promise<LeadReceipt> {
  requireParams('requestAccess', { slug });
  return http('POST', '/api/marketplace/apps/{slug}/leads/', { params: { slug }, body: input });
}

/** The signed-in user's requests for an app (`requested` once they asked). */
export function getMyLeads(http: Http, slug: string): Promise<MyLeads> {
  requireParams('getMyLeads', { slug });
  return http('GET', '/api/marketplace/apps/{slug}/leads/', { params: { slug } });
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
  return (await http('GET', '/admin/api/marketplace/apps/', { query: { ...params } })).apps;
}
/** One app (any state). */
export const adminGetApp = (http: Http, id: string): Promise<AdminApp> => http('GET', '/admin/api/marketplace/apps/{id}/', { params: { id } });
/** Creates an app (last in the display order). */
export const adminCreateApp = (http: Http, input: AppInput): Promise<AdminApp> => http('POST', '/admin/api/marketplace/apps/', { body: input });
/** Replaces an app. */
export const adminUpdateApp = (http: Http, id: string, input: AppInput): Promise<AdminApp> =>
  http('PUT', '/admin/api/marketplace/apps/{id}/', { params: { id }, body: input });

/** Partners of any state, in display order (never their secrets). */
export async function adminListPartners(http: Http, params: AdminListParams = {}): Promise<AdminPartner[]> {
  return (await http('GET', '/admin/api/marketplace/partners/', { query: { ...params } })).partners;
}
/** One partner. */
export const adminGetPartner = (http: Http, id: string): Promise<AdminPartner> => http('GET', '/admin/api/marketplace/partners/{id}/', { params: { id } });
/** Creates a partner: the answer holds its lead signing secret, shown this once. */
export const adminCreatePartner = (http: Http, input: PartnerInput): Promise<PartnerWithSecret> =>
  http('POST', '/admin/api/marketplace/partners/', { body: input });
/** Replaces a partner (not its secret). */
export const adminUpdatePartner = (http: Http, id: string, input: PartnerInput): Promise<AdminPartner> =>
  http('PUT', '/admin/api/marketplace/partners/{id}/', { params: { id }, body: input });
/** A new lead signing secret for a partner, shown this once. */
export const adminRotatePartnerSecret = (http: Http, id: string): Promise<PartnerWithSecret> =>
  http('POST', '/admin/api/marketplace/partners/{id}/rotate-secret/', { params: { id } });

/** Collections of apps of any state, in display order. */
export async function adminListAppCollections(http: Http, params: AdminListParams = {}): Promise<AdminCollection[]> {
  return (await http('GET', '/admin/api/marketplace/collections/', { query: { ...params } })).collections;
}
/** One collection of apps. */
export const adminGetAppCollection = (http: Http, id: string): Promise<AdminCollection> =>
  http('GET', '/admin/api/marketplace/collections/{id}/', { params: { id } });
/** Creates a collection of apps. */
export const adminCreateAppCollection = (http: Http, input: CollectionInput): Promise<AdminCollection> =>
  http('POST', '/admin/api/marketplace/collections/', { body: input });
/** Replaces a collection of apps (its apps in the order given). */
export const adminUpdateAppCollection = (http: Http, id: string, input: CollectionInput): Promise<AdminCollection> =>
  http('PUT', '/admin/api/marketplace/collections/{id}/', { params: { id }, body: input });

/** Deletes an app, a partner (409 while it has apps) or a collection. */
export async function adminDelete(http: Http, resource: MarketplaceResource, id: string): Promise<void> {
  if (resource === 'apps') await http('DELETE', '/admin/api/marketplace/apps/{id}/', { params: { id } });
  else if (resource === 'partners') await http('DELETE', '/admin/api/marketplace/partners/{id}/', { params: { id } });
  else await http('DELETE', '/admin/api/marketplace/collections/{id}/', { params: { id } });
}
/** Activates or deactivates items of a resource (all or nothing). */
export const adminActivate = (http: Http, resource: MarketplaceResource, input: ActivateInput): Promise<{ updated: number }> =>
  resource === 'apps'
    ? http('PUT', '/admin/api/marketplace/apps/activate/', { body: input })
    : resource === 'partners'
      ? http('PUT', '/admin/api/marketplace/partners/activate/', { body: input })
      : http('PUT', '/admin/api/marketplace/collections/activate/', { body: input });
/** Moves an item to a 0-based place in its display order (the answer, the whole list in the new order, is not needed). */
export async function adminReorder(http: Http, resource: MarketplaceResource, id: string, position: number): Promise<void> {
  const options = { params: { id }, body: { position } };
  if (resource === 'apps') await http('PATCH', '/admin/api/marketplace/apps/{id}/reorder/', options);
  else if (resource === 'partners') await http('PATCH', '/admin/api/marketplace/partners/{id}/reorder/', options);
  else await http('PATCH', '/admin/api/marketplace/collections/{id}/reorder/', options);
}

/** Uploads a partner logo or an app screenshot; use the answer's id in `logo` or `screenshots`. */
export function adminUploadMedia(http: Http, kind: 'LOGO' | 'SCREENSHOT', file: Blob, alt = ''): Promise<MarketplaceImage> {
  const form = new FormData();
  form.set('file', file);
  form.set('kind', kind);
  form.set('alt', alt);
  return http('POST', '/admin/api/marketplace/media/', { body: form });
}

/** Leads, newest first, with their delivery state. */
export const adminListLeads = (http: Http, params: Partial<AdminLeadQuery> = {}): Promise<AdminLeadPage> =>
  http('GET', '/admin/api/marketplace/leads/', { query: { ...params } });
/** One lead with its deliveries. */
export const adminGetLead = (http: Http, id: string): Promise<AdminLead> => http('GET', '/admin/api/marketplace/leads/{id}/', { params: { id } });
