import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import type { TextValues } from '../lib/i18n.ts';
import type { OrderedResource, OrderedRow } from '../lib/ordered-resource.ts';
import { confirmAction } from './confirm-store.ts';
import { DataTable } from './DataTable.tsx';
import { Switch } from './fields.tsx';
import { notifyError, notifySuccess } from './status-store.ts';

/** The texts an ordered list takes from its section's namespace (plural keys by their base name). */
export type OrderedListKey =
  | 'list.label'
  | 'list.empty'
  | 'col.active'
  | 'col.actions'
  | 'activeToggle'
  | 'edit'
  | 'editName'
  | 'bulk.activate'
  | 'bulk.deactivate'
  | 'bulk.delete'
  | 'activated'
  | 'deactivated'
  | 'deleted'
  | 'confirm.title'
  | 'confirm.text'
  | 'confirm.button';

/** Props of {@link OrderedList}. */
export interface OrderedListProps<T extends OrderedRow> {
  /** The resource's calls (`orderedResource(…)`). */
  resource: OrderedResource<T>;
  /** The section's texts: every {@link OrderedListKey}. */
  t: (key: OrderedListKey, values?: TextValues) => string;
  /** The resource's own columns, shown before the Active switch; keep the array stable (module level or memoized). */
  columns: ColumnDef<T>[];
  /** Names a row in labels and status texts; keep it stable. */
  rowName: (row: T) => string;
  /** The row's editor page: adds an Edit link column after the switch. */
  editTo?: (id: string) => string;
  /** A column of the resource's own after the switch instead of the Edit link (keep it stable). */
  actions?: ColumnDef<T>;
  /** Rows can be moved (drag or Move up / Move down); the status text after a move (1-based position). */
  moved?: (row: T, position: number) => string;
  /** Marks a row (`adm-row--<class>`). */
  rowClass?: (row: T) => string | undefined;
}

/** The bulk bar's Activate and Deactivate buttons of an ordered list (the console's and the marketplace's). */
export function ActivateButtons({ t, onSet }: { t: (key: 'bulk.activate' | 'bulk.deactivate') => string; onSet: (active: boolean) => void }) {
  return (
    <>
      <button type="button" className="adm-btn adm-btn--sm" onClick={() => onSet(true)}>
        {t('bulk.activate')}
      </button>
      <button type="button" className="adm-btn adm-btn--sm" onClick={() => onSet(false)}>
        {t('bulk.deactivate')}
      </button>
    </>
  );
}

/** The texts a delete asks and reports with. */
export type RemoveKey = 'confirm.title' | 'confirm.text' | 'confirm.button' | 'deleted';

/**
 * Deleting rows of an ordered resource, from its list or its editor: asks first ('Delete 3
 * banners?'), then deletes and reports, and calls `done` (clear the selection, leave the editor).
 */
export function useConfirmedRemove<T extends OrderedRow>(resource: OrderedResource<T>, t: (key: RemoveKey, values?: TextValues) => string) {
  const { mutate, isPending } = resource.useRemove();
  const remove = async (ids: string[], done: () => void) => {
    const count = ids.length;
    if (!(await confirmAction({ title: t('confirm.title', { count }), message: t('confirm.text'), confirmLabel: t('confirm.button', { count }) }))) return;
    mutate(ids, {
      onSuccess: () => {
        notifySuccess(t('deleted', { count }));
        done();
      },
      onError: notifyError,
    });
  };
  return { remove, isPending };
}

/**
 * The list screen of an ordered resource (Pencil banner, Carousel, Featured Tags): the resource's
 * columns, an Active switch per row, an Edit link, bulk Activate / Deactivate / Delete (asked
 * first), and moves when the resource has an order to change. Rows are in display order (no sorting).
 */
export function OrderedList<T extends OrderedRow>({ resource, t, columns, rowName, editTo, actions, moved, rowClass }: OrderedListProps<T>) {
  const list = resource.useList();
  const { mutate: activate } = resource.useActivate();
  const { remove } = useConfirmedRemove(resource, t);
  const { mutate: reorder } = resource.useReorder();
  const rows = useMemo(() => list.data ?? [], [list.data]);

  const setActive = useCallback(
    (ids: string[], active: boolean, clear?: () => void) =>
      activate(
        { active, list: ids },
        {
          onSuccess: () => {
            notifySuccess(t(active ? 'activated' : 'deactivated', { count: ids.length }));
            clear?.();
          },
          onError: notifyError,
        },
      ),
    [activate, t],
  );
  const onReorder = moved
    ? (row: T, position: number) => reorder({ id: row.id, position }, { onSuccess: () => notifySuccess(moved(row, position + 1)), onError: notifyError })
    : undefined;

  const allColumns = useMemo<ColumnDef<T>[]>(() => {
    const active: ColumnDef<T> = {
      id: 'active',
      header: t('col.active'),
      cell: ({ row }) => (
        <Switch
          checked={row.original.isActive}
          label={t('activeToggle', { name: rowName(row.original) })}
          onChange={(next) => setActive([row.original.id], next)}
        />
      ),
    };
    const edit: ColumnDef<T>[] = editTo
      ? [
          {
            id: 'actions',
            meta: { className: 'adm-hide-sm' },
            header: () => <span className="adm-sr-only">{t('col.actions')}</span>,
            cell: ({ row }) => (
              <Link className="adm-btn adm-btn--sm" to={editTo(row.original.id)} aria-label={t('editName', { name: rowName(row.original) })}>
                {t('edit')}
              </Link>
            ),
          },
        ]
      : [];
    return [...columns, active, ...edit, ...(actions ? [actions] : [])];
  }, [columns, actions, editTo, rowName, setActive, t]);

  return (
    <DataTable
      label={t('list.label')}
      data={rows}
      columns={allColumns}
      getRowId={(r) => r.id}
      rowName={rowName}
      loading={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      emptyText={t('list.empty')}
      sortable={false}
      onReorder={onReorder}
      rowClass={rowClass}
      bulkActions={(selected, clear) => {
        const ids = selected.map((r) => r.id);
        return (
          <>
            <ActivateButtons t={t} onSet={(active) => setActive(ids, active, clear)} />
            <button type="button" className="adm-btn adm-btn--sm adm-btn--danger-outline" onClick={() => void remove(ids, clear)}>
              {t('bulk.delete')}
            </button>
          </>
        );
      }}
    />
  );
}
