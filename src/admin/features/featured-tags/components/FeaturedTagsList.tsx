import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths.ts';
import { confirmAction } from '../../../components/confirm-store.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { Switch } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { useActivateFeaturedTags } from '../api/activate-featured-tags.ts';
import { useDeleteFeaturedTags } from '../api/delete-featured-tags.ts';
import { useFeaturedTags } from '../api/get-featured-tags.ts';
import { useRandomize } from '../api/get-randomize.ts';
import { useReorderFeaturedTag } from '../api/reorder-featured-tag.ts';
import { useUpdateRandomize } from '../api/update-randomize.ts';
import { t } from '../texts.ts';

/** How many tags a row shows before '+N more'. */
const TAGS_SHOWN = 4;

/** Featured Tags (spec 2): the home page tabs in order, reorderable, with active toggles, bulk actions and the randomize setting. */
export function FeaturedTagsList() {
  const list = useFeaturedTags();
  const activate = useActivateFeaturedTags();
  const remove = useDeleteFeaturedTags();
  const reorder = useReorderFeaturedTag();
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
  const onMove = (row: FeaturedTag, position: number) =>
    reorder.mutate({ id: row.id, position }, { onSuccess: () => notifySuccess(t('moved', { name: row.name, position: position + 1 })), onError: notifyError });

  const columns = useMemo<ColumnDef<FeaturedTag>[]>(
    () => [
      {
        id: 'name',
        header: t('col.name'),
        cell: ({ row }) => <Link to={PATHS.featuredTag(row.original.id)}>{row.original.name}</Link>,
      },
      {
        id: 'tags',
        meta: { className: 'adm-hide-sm' },
        header: t('col.tags'),
        cell: ({ row }) => {
          const tags = row.original.tags;
          return (
            <ul className="adm-chips">
              {tags.slice(0, TAGS_SHOWN).map((tag) => (
                <li key={tag} className="adm-chip adm-chip--plain">
                  {tag}
                </li>
              ))}
              {tags.length > TAGS_SHOWN && <li className="adm-chip adm-chip--plain">{t('more', { count: tags.length - TAGS_SHOWN })}</li>}
            </ul>
          );
        },
      },
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
      {
        id: 'actions',
        meta: { className: 'adm-hide-sm' },
        header: () => <span className="adm-sr-only">{t('col.actions')}</span>,
        cell: ({ row }) => (
          <Link className="adm-btn adm-btn--sm" to={PATHS.featuredTag(row.original.id)} aria-label={t('editName', { name: row.original.name })}>
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
          <Link className="adm-btn adm-btn--primary" to={PATHS.featuredTagCreate}>
            {t('add')}
          </Link>
        }
      />
      <RandomizeSetting />
      <DataTable
        label={t('list.label')}
        data={rows}
        columns={columns}
        getRowId={(f) => f.id}
        rowName={(f) => f.name}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('list.empty')}
        onReorder={onMove}
        bulkActions={(selected, clear) => {
          const ids = selected.map((f) => f.id);
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

/** The randomize setting (GET/PUT /admin/api/featuredTag/randomize/). */
function RandomizeSetting() {
  const setting = useRandomize();
  const update = useUpdateRandomize();
  const on = setting.data?.value ?? false;
  return (
    <div className="adm-card adm-setting">
      <div className="adm-setting__text">
        <p className="adm-label" id="ft-randomize-label">
          {t('randomize.label')}
        </p>
        <p className="adm-hint">{t('randomize.hint')}</p>
      </div>
      <Switch
        checked={on}
        disabled={setting.isPending || update.isPending}
        label={t('randomize.label')}
        onChange={(next) =>
          update.mutate(next, { onSuccess: (data) => notifySuccess(data.value ? t('randomize.on') : t('randomize.off')), onError: notifyError })
        }
      />
    </div>
  );
}
