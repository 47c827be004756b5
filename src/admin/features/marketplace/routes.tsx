import { Navigate, type RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { AppForm } from './components/AppForm.tsx';
import { CollectionForm } from './components/CollectionForm.tsx';
import { LeadsList } from './components/LeadsList.tsx';
import { AppsList, CollectionsList, PartnersList } from './components/Lists.tsx';
import { PartnerForm } from './components/PartnerForm.tsx';

/** Marketplace (issue 13): apps, partners, collections of apps and the leads log. */
export const marketplaceRoutes: RouteObject[] = [
  { path: PATHS.marketplace, element: <Navigate to={PATHS.marketplaceApps} replace /> },
  { path: PATHS.marketplaceApps, element: <AppsList /> },
  { path: PATHS.marketplaceAppCreate, element: <AppForm key="create" /> },
  { path: `${PATHS.marketplaceApps}/:id`, element: <AppForm key="edit" /> },
  { path: PATHS.marketplacePartners, element: <PartnersList /> },
  { path: PATHS.marketplacePartnerCreate, element: <PartnerForm key="create" /> },
  { path: `${PATHS.marketplacePartners}/:id`, element: <PartnerForm key="edit" /> },
  { path: PATHS.marketplaceCollections, element: <CollectionsList /> },
  { path: PATHS.marketplaceCollectionCreate, element: <CollectionForm key="create" /> },
  { path: `${PATHS.marketplaceCollections}/:id`, element: <CollectionForm key="edit" /> },
  { path: PATHS.marketplaceLeads, element: <LeadsList /> },
];
