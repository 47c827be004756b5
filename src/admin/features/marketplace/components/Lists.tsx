import type { ColumnDef } from '@tanstack/react-table';
import { PATHS } from '../../../app/paths.ts';
import type { AdminApp, AdminCollection, AdminPartner } from '../../../../domain/marketplace.ts';
import { useAppCollections, useApps, usePartners } from '../api/get-lists.ts';
import { t } from '../texts.ts';
import { ListScreen } from './ListScreen.tsx';

const APP_COLUMNS: ColumnDef<AdminApp>[] = [
  { id: 'partner', header: t('col.partner'), cell: ({ row }) => row.original.partner.name },
  { id: 'hosting', meta: { className: 'adm-hide-sm' }, header: t('col.hosting'), cell: ({ row }) => t(`hosting.${row.original.hosting}`) },
  {
    id: 'beta',
    meta: { className: 'adm-hide-sm' },
    header: t('col.beta'),
    cell: ({ row }) => (row.original.beta ? <span className="adm-badge adm-badge--warn">{t('col.beta')}</span> : null),
  },
  { id: 'leads', meta: { className: 'adm-hide-sm' }, header: t('col.leads'), cell: ({ row }) => row.original.leadCount },
];

/** Marketplace › Apps: every app in display order, active switches, reorder, bulk (de)activation. */
export function AppsList() {
  return (
    <ListScreen
      resource="apps"
      query={useApps()}
      description={t('apps.description')}
      addLabel={t('apps.add')}
      addTo={PATHS.marketplaceAppCreate}
      label={t('apps.label')}
      emptyText={t('apps.empty')}
      editTo={PATHS.marketplaceApp}
      extra={APP_COLUMNS}
    />
  );
}

const PARTNER_COLUMNS: ColumnDef<AdminPartner>[] = [
  { id: 'contact', meta: { className: 'adm-hide-sm' }, header: t('col.contact'), cell: ({ row }) => row.original.contactEmail },
  { id: 'endpoint', meta: { className: 'adm-hide-sm' }, header: t('col.endpoint'), cell: ({ row }) => row.original.leadEndpointUrl ?? t('none') },
  { id: 'apps', header: t('col.apps'), cell: ({ row }) => row.original.appCount },
];

/** Marketplace › Partners. */
export function PartnersList() {
  return (
    <ListScreen
      resource="partners"
      query={usePartners()}
      description={t('partners.description')}
      addLabel={t('partners.add')}
      addTo={PATHS.marketplacePartnerCreate}
      label={t('partners.label')}
      emptyText={t('partners.empty')}
      editTo={PATHS.marketplacePartner}
      extra={PARTNER_COLUMNS}
    />
  );
}

const COLLECTION_COLUMNS: ColumnDef<AdminCollection>[] = [
  { id: 'apps', header: t('col.apps'), cell: ({ row }) => row.original.apps.length },
  {
    id: 'featured',
    header: t('col.featured'),
    cell: ({ row }) => (row.original.featured ? <span className="adm-badge adm-badge--live">{t('col.featured')}</span> : null),
  },
];

/** Marketplace › Collections of apps. */
export function CollectionsList() {
  return (
    <ListScreen
      resource="collections"
      query={useAppCollections()}
      description={t('collections.description')}
      addLabel={t('collections.add')}
      addTo={PATHS.marketplaceCollectionCreate}
      label={t('collections.label')}
      emptyText={t('collections.empty')}
      editTo={PATHS.marketplaceCollection}
      extra={COLLECTION_COLUMNS}
    />
  );
}
