import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { AdminCarouselItem } from '../../../../domain/admin.ts';
import { PATHS } from '../../../app/paths.ts';
import { confirmAction } from '../../../components/confirm-store.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { Switch } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useActivateCarouselItems } from '../api/activate-carousel-items.ts';
import { useDeleteCarouselItems } from '../api/delete-carousel-items.ts';
import { useCarouselItems } from '../api/get-carousel-items.ts';
import { useReorderCarouselItem } from '../api/reorder-carousel-item.ts';
import { t } from '../texts.ts';

/** A slide's name in lists and labels: what it shows, or what is missing. */
export const slideName = (s: AdminCarouselItem) => s.preview?.name ?? (s.type === 'URL' ? (s.item.url ?? s.id) : t('goneName', { id: s.item.id ?? s.id }));

/** Carousel (spec 2): the slides with previews (a slide whose item is gone is flagged), reorder, active toggles, bulk actions. */
export function CarouselList() {
  const list = useCarouselItems();
  const activate = useActivateCarouselItems();
  const remove = useDeleteCarouselItems();
  const reorder = useReorderCarouselItem();
  const rows = useMemo(() => list.data ?? [], [list.data]);

  const setActive = (ids: string[], active: boolean, clear?: () => void) =>
    activate.mutate(
      { active, list: ids },
      {
        onSuccess: () => {
          notifySuccess(t(active ? 'activated' : 'deactivated', { count: ids.length }));
          clear?.();
        },
        onError: notifyError,
      },
    );
  const onDelete = async (ids: string[], clear: () => void) => {
    const count = ids.length;
    if (!(await confirmAction({ title: t('confirm.title', { count }), message: t('confirm.text'), confirmLabel: t('confirm.button', { count }) }))) return;
    remove.mutate(ids, {
      onSuccess: () => {
        notifySuccess(t('deleted', { count }));
        clear();
      },
      onError: notifyError,
    });
  };
  const onMove = (row: AdminCarouselItem, position: number) =>
    reorder.mutate(
      { id: row.id, position },
      { onSuccess: () => notifySuccess(t('moved', { name: slideName(row), position: position + 1 })), onError: notifyError },
    );

  const columns = useMemo<ColumnDef<AdminCarouselItem>[]>(
    () => [
      {
        id: 'slide',
        header: t('col.slide'),
        cell: ({ row }) => {
          const s = row.original;
          return (
            <div className="adm-cell-main">
              {s.preview?.imageUrl ? (
                <img className="adm-thumb" src={s.preview.imageUrl} alt="" loading="lazy" />
              ) : (
                <span className="adm-thumb adm-thumb--empty">{t('noImage')}</span>
              )}
              <div className="adm-cell-main__text">
                <Link to={PATHS.carouselItem(s.id)}>{slideName(s)}</Link>
                {s.preview ? (
                  <small>{s.preview.href}</small>
                ) : (
                  <span className="adm-badge adm-badge--warn" data-testid="slide-gone">
                    {t('gone')}
                  </span>
                )}
              </div>
            </div>
          );
        },
      },
      {
        id: 'type',
        meta: { className: 'adm-hide-sm' },
        header: t('col.type'),
        cell: ({ row }) => <span className="adm-badge">{t(`type.${row.original.type}`)}</span>,
      },
      {
        id: 'description',
        meta: { className: 'adm-hide-sm' },
        header: t('col.description'),
        cell: ({ row }) => (row.original.description ? <span className="adm-truncate">{row.original.description}</span> : <span className="adm-muted">—</span>),
      },
      {
        id: 'active',
        header: t('col.active'),
        cell: ({ row }) => (
          <Switch
            checked={row.original.isActive}
            label={t('activeToggle', { name: slideName(row.original) })}
            onChange={(next) => setActive([row.original.id], next)}
          />
        ),
      },
      {
        id: 'actions',
        meta: { className: 'adm-hide-sm' },
        header: () => <span className="adm-sr-only">{t('col.actions')}</span>,
        cell: ({ row }) => (
          <Link className="adm-btn adm-btn--sm" to={PATHS.carouselItem(row.original.id)} aria-label={t('editName', { name: slideName(row.original) })}>
            {t('edit')}
          </Link>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setActive only closes over a stable mutation handle
    [],
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Link className="adm-btn adm-btn--primary" to={PATHS.carouselCreate}>
            {t('add')}
          </Link>
        }
      />
      <DataTable
        label={t('list.label')}
        data={rows}
        columns={columns}
        getRowId={(s) => s.id}
        rowName={slideName}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('list.empty')}
        onReorder={onMove}
        rowClass={(s) => (s.preview ? undefined : 'flagged')}
        bulkActions={(selected, clear) => {
          const ids = selected.map((s) => s.id);
          return (
            <>
              <button type="button" className="adm-btn adm-btn--sm" onClick={() => setActive(ids, true, clear)}>
                {t('bulk.activate')}
              </button>
              <button type="button" className="adm-btn adm-btn--sm" onClick={() => setActive(ids, false, clear)}>
                {t('bulk.deactivate')}
              </button>
              <button type="button" className="adm-btn adm-btn--sm adm-btn--danger-outline" onClick={() => void onDelete(ids, clear)}>
                {t('bulk.delete')}
              </button>
            </>
          );
        }}
      />
    </>
  );
}
