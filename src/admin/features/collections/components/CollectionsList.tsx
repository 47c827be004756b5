import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Collection } from '../../../../domain/collection.ts';
import { PATHS } from '../../../app/paths.ts';
import { confirmAction } from '../../../components/confirm-store.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { CheckboxField, SelectField, Switch, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useDebounced } from '../../../components/use-debounced.ts';
import { useSearchState } from '../../../components/use-search-state.ts';
import { useActivateCollections } from '../api/activate-collections.ts';
import { useConstructCollections } from '../api/construct-collections.ts';
import { useDeleteCollections } from '../api/delete-collections.ts';
import { useCollections, type CollectionFilter } from '../api/get-collections.ts';
import { useMarkAdminCollections } from '../api/mark-admin-collections.ts';
import { useReorderFeaturedCollections } from '../api/reorder-featured-collections.ts';
import { priorityChanges } from '../priorities.ts';
import { t } from '../texts.ts';
import '../collections.css';

const PAGE = 50;

/** Who made a collection, as the list shows it. */
export const ownerName = (c: Collection) =>
  c.userInfo ? [c.userInfo.firstName, c.userInfo.lastName].filter(Boolean).join(' ') || c.userInfo.username : t('editors');

/** Asks, then rebuilds the structure of every collection (PATCH …/construct/). */
export function useConstructAction() {
  const construct = useConstructCollections();
  const run = async () => {
    const ok = await confirmAction({ title: t('construct.title'), message: t('construct.text'), confirmLabel: t('construct'), destructive: false });
    if (!ok) return;
    try {
      const res = await construct.mutateAsync();
      notifySuccess(t('construct.done', { collections: res.collections, removed: res.removedChildren, renumbered: res.renumbered }));
    } catch (error) {
      notifyError(error);
    }
  };
  return { run, pending: construct.isPending };
}

/** /admin/collections: search and filters, bulk activate / feature / delete, featured order by drag or buttons. */
export function CollectionsList() {
  const [params, update] = useSearchState();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 300);
  const featured = params.get('featured') ?? 'yes';
  const maker = params.get('maker') ?? '';
  const includeInactive = params.get('inactive') !== '0';
  const includeEmpty = params.get('empty') !== '0';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) update({ q });
    // The address follows the settled text only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const filter: CollectionFilter = {
    ...(params.get('q') ? { searchText: params.get('q') ?? '' } : {}),
    ...(featured === 'yes' ? { isAdmin: true } : featured === 'no' ? { isAdmin: false } : {}),
    ...(maker === 'users' ? { isUgc: true } : maker === 'editors' ? { isUgc: false } : {}),
    includeInactive,
    includeEmpty,
    offset,
    limit: PAGE,
  };
  const list = useCollections(filter);
  const rows = useMemo(() => list.data?.results ?? [], [list.data]);
  const activate = useActivateCollections();
  const markAdmin = useMarkAdminCollections();
  const remove = useDeleteCollections();
  const reorder = useReorderFeaturedCollections();
  const construct = useConstructAction();
  const canReorder = featured === 'yes' && !filter.searchText && offset === 0 && !list.data?.hasNext && !list.isPlaceholderData;

  const setActive = (items: Collection[], active: boolean, clear?: () => void) =>
    activate.mutate(
      { active, list: items.map((c) => c.id) },
      {
        onSuccess: () => {
          clear?.();
          if (items.length === 1 && !clear)
            notifySuccess(active ? t('active.on', { name: items[0]?.name ?? '' }) : t('active.off', { name: items[0]?.name ?? '' }));
          else notifySuccess(active ? t('bulk.activated', { count: items.length }) : t('bulk.deactivated', { count: items.length }));
        },
        onError: (error) => notifyError(error),
      },
    );
  const setFeatured = async (items: Collection[], isAdmin: boolean, clear: () => void) => {
    if (!isAdmin) {
      const ok = await confirmAction({ title: t('unfeature.title', { count: items.length }), message: t('unfeature.text'), confirmLabel: t('bulk.unfeature') });
      if (!ok) return;
    }
    try {
      await markAdmin.mutateAsync({ collections: items.map((c) => c.id), isAdmin });
      clear();
      notifySuccess(isAdmin ? t('bulk.featured', { count: items.length }) : t('bulk.unfeatured', { count: items.length }));
    } catch (error) {
      notifyError(error);
    }
  };
  const onDelete = async (items: Collection[], clear: () => void) => {
    const ok = await confirmAction({
      title: t('delete.title', { count: items.length, name: items[0]?.name ?? '' }),
      message: t('delete.text'),
      confirmLabel: t('delete.confirm', { count: items.length }),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(items.map((c) => c.id));
      clear();
      notifySuccess(t('bulk.deleted', { count: items.length }));
    } catch (error) {
      notifyError(error);
    }
  };
  const onReorder = (row: Collection, to: number) => {
    const changes = priorityChanges(rows, row.id, to);
    if (!changes.length) return;
    const order = rows.filter((r) => r.id !== row.id);
    order.splice(to, 0, row);
    reorder.mutate(
      { filter, changes, order: order.map((r) => r.id) },
      { onSuccess: () => notifySuccess(t('reordered', { name: row.name })), onError: (error) => notifyError(error) },
    );
  };

  const columns = useMemo(() => {
    const col = createColumnHelper<Collection>();
    return [
      col.accessor('name', {
        header: t('col.name'),
        enableSorting: !canReorder,
        cell: (c) => {
          const r = c.row.original;
          return (
            <span className="adm-cell-main">
              {r.coverUrl ? (
                <img className="adm-thumb" src={r.coverUrl} alt="" width={72} height={44} loading="lazy" />
              ) : (
                <span className="adm-thumb adm-thumb--empty" aria-hidden="true" />
              )}
              <span className="adm-cell-main__text">
                <Link to={PATHS.collection(r.id)}>{r.name}</Link>
                <small>
                  {t(`type.${r.type}`)} · {t('items', { count: r.childrenCount })} · <code>{r.sid}</code>
                </small>
              </span>
            </span>
          );
        },
      }),
      col.accessor('isActive', {
        header: t('col.active'),
        enableSorting: false,
        cell: (c) => (
          <Switch checked={c.getValue()} label={t('active.label', { name: c.row.original.name })} onChange={(next) => setActive([c.row.original], next)} />
        ),
      }),
      col.accessor('isAdmin', {
        header: t('col.featured'),
        enableSorting: false,
        cell: (c) =>
          c.getValue() ? <span className="adm-badge adm-badge--live">{t('featured')}</span> : <span className="adm-muted">{t('notFeatured')}</span>,
      }),
      col.accessor((r) => ownerName(r), { id: 'owner', header: t('col.owner'), enableSorting: false, meta: { className: 'adm-hide-sm' } }),
      col.accessor('priority', { header: t('col.priority'), meta: { className: 'adm-hide-sm' } }),
    ];
    // setActive only reads stable mutations.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canReorder]);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <button type="button" className="adm-btn" disabled={construct.pending} onClick={() => void construct.run()}>
              {t('construct')}
            </button>
            <Link className="adm-btn" to={PATHS.collectionAdd}>
              {t('add.title')}
            </Link>
            <Link className="adm-btn adm-btn--primary" to={PATHS.collectionCreate}>
              {t('create.title')}
            </Link>
          </>
        }
      />
      <form className="adm-card col-filters" role="search" aria-label={t('filter.label')} onSubmit={(e) => e.preventDefault()}>
        <TextField
          className="col-filters__text"
          label={t('filter.search')}
          hint={t('filter.searchHint')}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <SelectField
          label={t('filter.featured')}
          value={featured}
          options={[
            { value: 'yes', label: t('filter.featuredOnly') },
            { value: 'no', label: t('filter.notFeatured') },
            { value: 'any', label: t('filter.featuredAny') },
          ]}
          onChange={(e) => update({ featured: e.target.value === 'yes' ? null : e.target.value })}
        />
        <SelectField
          label={t('filter.maker')}
          value={maker}
          options={[
            { value: '', label: t('filter.makerAny') },
            { value: 'editors', label: t('filter.makerEditors') },
            { value: 'users', label: t('filter.makerUsers') },
          ]}
          onChange={(e) => update({ maker: e.target.value })}
        />
        <div className="col-filters__checks">
          <CheckboxField label={t('filter.inactive')} checked={includeInactive} onChange={(e) => update({ inactive: e.target.checked ? null : '0' })} />
          <CheckboxField label={t('filter.empty')} checked={includeEmpty} onChange={(e) => update({ empty: e.target.checked ? null : '0' })} />
        </div>
      </form>
      <section className="adm-section col-table" aria-label={t('table.label')}>
        <p className="adm-muted">{canReorder ? t('table.reorderHint') : t('table.reorderOff')}</p>
        <DataTable
          label={t('table.label')}
          data={rows}
          columns={columns}
          getRowId={(c) => c.id}
          rowName={(c) => c.name}
          loading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('table.empty')}
          onReorder={canReorder ? onReorder : undefined}
          rowClass={(c) => (c.isActive ? undefined : 'inactive')}
          bulkActions={(selected, clear) => (
            <>
              <button type="button" className="adm-btn adm-btn--sm" onClick={() => setActive(selected, true, clear)}>
                {t('bulk.activate')}
              </button>
              <button type="button" className="adm-btn adm-btn--sm" onClick={() => setActive(selected, false, clear)}>
                {t('bulk.deactivate')}
              </button>
              <button type="button" className="adm-btn adm-btn--sm" onClick={() => void setFeatured(selected, true, clear)}>
                {t('bulk.feature')}
              </button>
              <button type="button" className="adm-btn adm-btn--sm" onClick={() => void setFeatured(selected, false, clear)}>
                {t('bulk.unfeature')}
              </button>
              <button type="button" className="adm-btn adm-btn--sm adm-btn--danger" onClick={() => void onDelete(selected, clear)}>
                {t('bulk.delete')}
              </button>
            </>
          )}
          paging={{
            offset,
            limit: PAGE,
            total: list.data?.totalResults,
            hasNext: list.data?.hasNext ?? false,
            onPrevious: () => update({ offset: offset > PAGE ? String(offset - PAGE) : null }),
            onNext: () => update({ offset: String(offset + PAGE) }),
          }}
        />
      </section>
    </>
  );
}
