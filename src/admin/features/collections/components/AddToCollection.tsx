import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Space } from '../../../../domain/space.ts';
import { PATHS } from '../../../app/paths.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { FormError, SelectField, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { useDebounced } from '../../../components/use-debounced.ts';
import { useSearchState } from '../../../components/use-search-state.ts';
import { errorMessage } from '../../../lib/api.ts';
import { collectionQuery } from '../api/get-collection.ts';
import { useFeaturedTargets } from '../api/get-collections.ts';
import { useSpacePick } from '../api/search-spaces.ts';
import { useUpdateCollection } from '../api/update-collection.ts';
import { t } from '../texts.ts';
import '../collections.css';

const PAGE = 20;
const col = createColumnHelper<Space>();

/** /admin/collections/add ('Add to Featured Collection'): pick a featured collection, search spaces, add the selected ones. */
export function AddToCollection() {
  const [params, setSearch] = useSearchState();
  const targetId = params.get('collectionId') ?? '';
  const targets = useFeaturedTargets();
  const target = useQuery({ ...collectionQuery(targetId), enabled: Boolean(targetId) });
  const [text, setText] = useState('');
  const searchText = useDebounced(text.trim(), 300);
  const [offset, setOffset] = useState(0);
  const spaces = useSpacePick({ searchText, offset, limit: PAGE });
  const update = useUpdateCollection();
  const [error, setError] = useState<string | null>(null);
  const [targetError, setTargetError] = useState<string | undefined>(undefined);

  const inTarget = useMemo(() => new Set((target.data?.children.results ?? []).map((c) => c.space?.id).filter((x): x is string => Boolean(x))), [target.data]);
  const wrongType = target.data && target.data.type !== 'SPACE' ? t('add.notSpaces', { name: target.data.name }) : undefined;
  const targetName = wrongType ? '' : (target.data?.name ?? targets.data?.results.find((c) => c.id === targetId)?.name ?? '');

  const add = async (selected: Space[], clear: () => void) => {
    setError(null);
    if (!targetId || !target.data || wrongType) {
      setTargetError(t('add.noTarget'));
      return;
    }
    const fresh = selected.filter((s) => !inTarget.has(s.id));
    if (!fresh.length) {
      notifySuccess(t('add.none', { name: targetName }));
      clear();
      return;
    }
    const current = target.data.children.results.map((c) => c.space?.id).filter((x): x is string => Boolean(x));
    try {
      await update.mutateAsync({ id: targetId, input: { children: [...current, ...fresh.map((s) => s.id)].map((id) => ({ id })) } });
      clear();
      notifySuccess(t('add.done', { count: fresh.length, name: targetName }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: t('add.spaceCol'),
        enableSorting: false,
        cell: (c) => {
          const s = c.row.original;
          return (
            <span className="adm-cell-main">
              <img className="adm-thumb" src={s.images.thumbnail} alt="" width={72} height={44} loading="lazy" />
              <span className="adm-cell-main__text">
                <Link to={PATHS.space(s.id)}>{s.name}</Link>
                <small>{[s.modelId, s.city, s.countryName].filter(Boolean).join(' · ')}</small>
              </span>
            </span>
          );
        },
      }),
      col.display({
        id: 'in',
        header: t('add.statusCol'),
        cell: (c) => (inTarget.has(c.row.original.id) ? <span className="adm-badge adm-badge--live">{t('add.already')}</span> : null),
      }),
    ],
    [inTarget],
  );

  return (
    <>
      <PageHeader title={t('add.title')} back={{ to: PATHS.collections, title: t('title') }} />
      <div className="adm-card adm-stack">
        <SelectField
          label={t('add.target')}
          hint={t('add.targetHint')}
          value={targetId}
          error={targetError ?? wrongType ?? (target.error ? errorMessage(target.error) : undefined)}
          options={[
            { value: '', label: t('add.pickTarget') },
            ...(targets.data?.results ?? []).map((c) => ({ value: c.id, label: `${c.name} (${t('items', { count: c.childrenCount })})` })),
          ]}
          onChange={(e) => {
            setTargetError(undefined);
            setSearch({ collectionId: e.target.value });
          }}
        />
        {target.data && (
          <p>
            <Link to={PATHS.collection(target.data.id)}>{t('add.open', { name: target.data.name })}</Link>
          </p>
        )}
        <TextField
          label={t('add.search')}
          hint={t('add.searchHint')}
          type="search"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOffset(0);
          }}
        />
        <FormError message={error} />
      </div>
      <section className="adm-section" aria-label={t('add.results')}>
        <DataTable
          label={t('add.results')}
          data={spaces.data?.results ?? []}
          columns={columns}
          getRowId={(s) => s.id}
          rowName={(s) => s.name}
          loading={spaces.isPending}
          error={spaces.error}
          onRetry={() => void spaces.refetch()}
          emptyText={t('add.empty')}
          bulkActions={(selected, clear) => (
            <button type="button" className="adm-btn adm-btn--sm adm-btn--primary" disabled={update.isPending} onClick={() => void add(selected, clear)}>
              {targetName ? t('add.button', { count: selected.length, name: targetName }) : t('add.noTarget')}
            </button>
          )}
          paging={{
            offset,
            limit: PAGE,
            total: spaces.data?.totalResults,
            hasNext: spaces.data?.hasNext ?? false,
            onPrevious: () => setOffset((o) => Math.max(0, o - PAGE)),
            onNext: () => setOffset((o) => o + PAGE),
          }}
        />
      </section>
    </>
  );
}
