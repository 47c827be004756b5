import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable.tsx';
import { ActivateButtons } from '../../../components/OrderedList.tsx';
import { Switch } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useActivate } from '../api/activate-items.ts';
import { useReorder } from '../api/reorder-item.ts';
import { t } from '../texts.ts';
import { MarketplaceTabs } from './MarketplaceTabs.tsx';
import './marketplace-admin.css';

/** A row of an ordered marketplace list. */
interface Row {
  id: string;
  name: string;
  isActive: boolean;
}

/** Props of one of the three ordered lists (apps, partners, collections). */
export interface ListScreenProps<T extends Row> {
  resource: 'apps' | 'partners' | 'collections';
  query: { data?: T[] | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  description: string;
  addLabel: string;
  addTo: string;
  label: string;
  emptyText: string;
  editTo: (id: string) => string;
  /** Columns between the name and the active switch. */
  extra: ColumnDef<T>[];
}

/** An ordered marketplace list: name (edit link), its own columns, the active switch, reorder and bulk (de)activation. */
export function ListScreen<T extends Row>({ resource, query, description, addLabel, addTo, label, emptyText, editTo, extra }: ListScreenProps<T>) {
  const activate = useActivate(resource);
  const reorder = useReorder(resource);
  const setActive = (ids: string[], active: boolean, clear?: () => void) =>
    activate.mutate(
      { ids, active },
      {
        onSuccess: () => {
          notifySuccess(t(active ? 'activated' : 'deactivated', { count: ids.length }));
          clear?.();
        },
        onError: notifyError,
      },
    );
  const columns: ColumnDef<T>[] = [
    { id: 'name', header: t('col.name'), cell: ({ row }) => <Link to={editTo(row.original.id)}>{row.original.name}</Link> },
    ...extra,
    {
      id: 'active',
      header: t('col.active'),
      cell: ({ row }) => (
        <Switch
          checked={row.original.isActive}
          label={t('activeToggle', { name: row.original.name })}
          onChange={(next) => setActive([row.original.id], next)}
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('title')}
        description={description}
        actions={
          <Link className="adm-btn adm-btn--primary" to={addTo}>
            {addLabel}
          </Link>
        }
      />
      <MarketplaceTabs />
      <DataTable
        label={label}
        data={query.data ?? []}
        columns={columns}
        getRowId={(r) => r.id}
        rowName={(r) => r.name}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={emptyText}
        onReorder={(row, position) =>
          reorder.mutate(
            { id: row.id, position },
            { onSuccess: () => notifySuccess(t('moved', { name: row.name, position: position + 1 })), onError: notifyError },
          )
        }
        bulkActions={(selected, clear) => <ActivateButtons t={t} onSet={(active) => setActive(idsOf(selected), active, clear)} />}
      />
    </>
  );
}

const idsOf = (rows: readonly Row[]) => rows.map((r) => r.id);
