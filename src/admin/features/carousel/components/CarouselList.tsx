import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { AdminCarouselItem } from '../../../../domain/admin.ts';
import { PATHS } from '../../../app/paths.ts';
import { OrderedList } from '../../../components/OrderedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { carouselItems } from '../api/carousel-items.ts';
import { t } from '../texts.ts';

/** A slide's name in lists and labels: what it shows, or what is missing. */
export const slideName = (s: AdminCarouselItem) => s.preview?.name ?? (s.type === 'URL' ? (s.item.url ?? s.id) : t('goneName', { id: s.item.id ?? s.id }));

/** The slide's own columns: preview (a slide whose item is gone is flagged), type, description. */
const columns: ColumnDef<AdminCarouselItem>[] = [
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
];

const moved = (s: AdminCarouselItem, position: number) => t('moved', { name: slideName(s), position });
const flagGone = (s: AdminCarouselItem) => (s.preview ? undefined : 'flagged');

/** Carousel (spec 2): the slides with previews (a slide whose item is gone is flagged), reorder, active toggles, bulk actions. */
export function CarouselList() {
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
      <OrderedList resource={carouselItems} t={t} columns={columns} rowName={slideName} editTo={PATHS.carouselItem} moved={moved} rowClass={flagGone} />
    </>
  );
}
