import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { bannerColors } from '../../../../domain/banner-color.ts';
import type { Banner } from '../../../../domain/homepage.ts';
import { confirmAction } from '../../../components/confirm-store.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { Switch } from '../../../components/fields.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useActivateBanners } from '../api/activate-banners.ts';
import { useDeleteBanners } from '../api/delete-banners.ts';
import { t } from '../texts.ts';

/** Whether a banner's expiration date has passed. */
export const isExpired = (b: Banner, now = Date.now()) => b.expirationDate !== null && Date.parse(b.expirationDate) <= now;

/** The banner the site shows: the first active, unexpired one (hidden when it has no text). */
export function liveBannerId(list: readonly Banner[], now = Date.now()): string | null {
  return list.find((b) => b.isActive && !isExpired(b, now))?.id ?? null;
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** The banner list with its active toggles and bulk actions. */
export function BannerList({ query, editingId, onEdit }: { query: UseQueryResult<Banner[]>; editingId: string | null; onEdit: (id: string) => void }) {
  const activate = useActivateBanners();
  const remove = useDeleteBanners();
  const list = useMemo(() => query.data ?? [], [query.data]);
  const live = liveBannerId(list);

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

  const columns = useMemo<ColumnDef<Banner>[]>(
    () => [
      {
        id: 'text',
        header: t('col.text'),
        accessorFn: (b) => b.text,
        cell: ({ row }) => {
          const { background, text } = bannerColors(row.original.color);
          return (
            <div className="adm-cell-main">
              <span className="adm-swatch" style={{ background, color: text }} aria-hidden="true">
                Aa
              </span>
              <div className="adm-cell-main__text">
                <span>{row.original.text || <em className="adm-muted">{t('noText')}</em>}</span>
                <small>#{row.original.color.toUpperCase()}</small>
              </div>
            </div>
          );
        },
      },
      {
        id: 'status',
        header: t('col.status'),
        enableSorting: false,
        cell: ({ row }) => {
          const b = row.original;
          if (b.id === live) return <span className="adm-badge adm-badge--live">{b.text.trim() ? t('status.live') : t('status.noText')}</span>;
          if (isExpired(b)) return <span className="adm-badge adm-badge--warn">{t('status.expired')}</span>;
          if (!b.isActive) return <span className="adm-badge adm-badge--off">{t('status.inactive')}</span>;
          return <span className="adm-badge">{t('status.waiting')}</span>;
        },
      },
      {
        id: 'link',
        meta: { className: 'adm-hide-sm' },
        header: t('col.link'),
        accessorFn: (b) => b.hyperlink ?? '',
        cell: ({ row }) => (row.original.hyperlink ? <span className="adm-truncate">{row.original.hyperlink}</span> : <span className="adm-muted">—</span>),
      },
      {
        id: 'expires',
        meta: { className: 'adm-hide-sm' },
        header: t('col.expires'),
        accessorFn: (b) => b.expirationDate ?? '',
        cell: ({ row }) =>
          row.original.expirationDate ? dateFormat.format(new Date(row.original.expirationDate)) : <span className="adm-muted">{t('never')}</span>,
      },
      {
        id: 'hideable',
        meta: { className: 'adm-hide-sm' },
        header: t('col.hideable'),
        accessorFn: (b) => b.isHideable,
        cell: ({ row }) => (row.original.isHideable ? t('yes') : t('no')),
      },
      {
        id: 'active',
        header: t('col.active'),
        accessorFn: (b) => b.isActive,
        cell: ({ row }) => (
          <Switch
            checked={row.original.isActive}
            label={t('activeToggle', { name: row.original.text || row.original.id })}
            onChange={(next) => setActive([row.original.id], next)}
          />
        ),
      },
      {
        id: 'actions',
        header: () => <span className="adm-sr-only">{t('col.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <button
            type="button"
            className="adm-btn adm-btn--sm"
            aria-label={t('editName', { name: row.original.text || row.original.id })}
            aria-pressed={editingId === row.original.id}
            onClick={() => onEdit(row.original.id)}
          >
            {t('edit')}
          </button>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setActive and onEdit only close over stable mutation handles
    [live, editingId],
  );

  return (
    <DataTable
      label={t('list.label')}
      data={list}
      columns={columns}
      getRowId={(b) => b.id}
      rowName={(b) => b.text || b.id}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={t('list.empty')}
      sortable={false}
      rowClass={(b) => (b.id === live ? 'live' : undefined)}
      bulkActions={(selected, clear) => (
        <>
          <button type="button" className="adm-btn adm-btn--sm" onClick={() => setActive(ids(selected), true, clear)}>
            {t('bulk.activate')}
          </button>
          <button type="button" className="adm-btn adm-btn--sm" onClick={() => setActive(ids(selected), false, clear)}>
            {t('bulk.deactivate')}
          </button>
          <button type="button" className="adm-btn adm-btn--sm adm-btn--danger-outline" onClick={() => void onDelete(ids(selected), clear)}>
            {t('bulk.delete')}
          </button>
        </>
      )}
    />
  );
}

const ids = (rows: Banner[]) => rows.map((b) => b.id);
