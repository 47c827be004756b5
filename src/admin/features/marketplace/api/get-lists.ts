import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminListAppCollections, adminListApps, adminListPartners } from '../../../../client/marketplace.ts';
import { adminHttp } from '../../../lib/api.ts';
import { marketplaceKeys } from './keys.ts';

/** GET /admin/api/marketplace/apps/: every app (any state) in display order. */
export const appsQuery = () => queryOptions({ queryKey: marketplaceKeys.apps(), queryFn: () => adminListApps(adminHttp()) });
/** GET /admin/api/marketplace/partners/: every partner in display order. */
export const partnersQuery = () => queryOptions({ queryKey: marketplaceKeys.partners(), queryFn: () => adminListPartners(adminHttp()) });
/** GET /admin/api/marketplace/collections/: every collection of apps in display order. */
export const collectionsQuery = () => queryOptions({ queryKey: marketplaceKeys.collections(), queryFn: () => adminListAppCollections(adminHttp()) });

/** The apps list. */
export const useApps = () => useQuery(appsQuery());
/** The partners list. */
export const usePartners = () => useQuery(partnersQuery());
/** The collections list. */
export const useAppCollections = () => useQuery(collectionsQuery());
