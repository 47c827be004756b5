import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { bannerColors } from '../../../../domain/banner-color.ts';
import type { Banner } from '../../../../domain/homepage.ts';
import { OrderedList } from '../../../components/OrderedList.tsx';
import { banners } from '../api/banners.ts';
import { t } from '../texts.ts';

/** Whether a banner's expiration date has passed. */
export const isExpired = (b: Banner, now = Date.now()) => b.expirationDate !== null && Date.parse(b.expirationDate) <= now;

/** The banner the site shows: the first active, unexpired one (hidden when it has no text). */
export function liveBannerId(list: readonly Banner[], now = Date.now()): string | null {
  return list.find((b) => b.isActive && !isExpired(b, now))?.id ?? null;
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** A banner's name in labels: its text, or its id when it has none. */
const bannerName = (b: Banner) => b.text || b.id;

/** The banner list (display order: banners are not reordered) with its active toggles and bulk actions. */
export function BannerList({ editingId, onEdit }: { editingId: string | null; onEdit: (id: string) => void }) {
  const { data } = banners.useList();
  const live = liveBannerId(data ?? []);

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
    ],
    [live],
  );
  const actions = useMemo<ColumnDef<Banner>>(
    () => ({
      id: 'actions',
      header: () => <span className="adm-sr-only">{t('col.actions')}</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <button
          type="button"
          className="adm-btn adm-btn--sm"
          aria-label={t('editName', { name: bannerName(row.original) })}
          aria-pressed={editingId === row.original.id}
          onClick={() => onEdit(row.original.id)}
        >
          {t('edit')}
        </button>
      ),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onEdit only sets the page's search params (the same each render)
    [editingId],
  );

  return (
    <OrderedList resource={banners} t={t} columns={columns} rowName={bannerName} actions={actions} rowClass={(b) => (b.id === live ? 'live' : undefined)} />
  );
}
