import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AdminSpaceSearchDto } from '../../../../domain/admin-inputs.ts';
import { CAMERA_MODELS, CameraKind } from '../../../../domain/cameras.ts';
import { Visibility } from '../../../../domain/enums.ts';
import type { Space } from '../../../../domain/space.ts';
import { hasFlag } from '../../../../domain/session-rules.ts';
import { PATHS } from '../../../app/paths.ts';
import { useSessionUser } from '../../../app/session.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { FieldGroup, SelectField, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useDebounced } from '../../../components/use-debounced.ts';
import { useSearchState } from '../../../components/use-search-state.ts';
import { useShowViewsConfig } from '../api/get-show-views-config.ts';
import { useSpaceSearch } from '../api/search-spaces.ts';
import { useSetShowViewsConfig } from '../api/set-show-views-config.ts';
import { t } from '../texts.ts';
import { ImportSpaces } from './ImportSpaces.tsx';
import '../spaces.css';

const PAGE = 25;
const SORTS = ['relevance', 'recent', 'views', 'name'] as const;
type Sort = (typeof SORTS)[number];

/** A camera kind as people call it: its first model's name (iPhone and Android name the family). */
export function cameraKindLabel(kind: CameraKind): string {
  if (kind === 'IPHONE') return 'iPhone and iPad';
  if (kind === 'ANDROID') return 'Android phones';
  return CAMERA_MODELS.find((m) => m.kind === kind)?.label ?? kind;
}

const number = new Intl.NumberFormat('en');

/** The badge of a space's visibility. */
export function VisibilityBadge({ value }: { value: Space['visibility'] }) {
  const tone = value === 'PUBLIC' ? 'adm-badge--live' : value === 'UNLISTED' ? 'adm-badge--warn' : 'adm-badge--off';
  return <span className={`adm-badge ${tone}`}>{t(`visibility.${value}`)}</span>;
}

/** /admin/spaces: the view-count switch, the admin search (text, visibility, country, camera, moderation, order) with pages, and the import. */
export function SpacesList() {
  const [params, update, resetFilters] = useSearchState();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 350);
  const visibility = (params.get('visibility') ?? '').split(',').filter((v): v is Visibility => Visibility.safeParse(v).success);
  const country = params.get('country') ?? '';
  const cameraParam = params.get('camera') ?? '';
  const camera = CameraKind.safeParse(cameraParam).success ? (cameraParam as CameraKind) : '';
  const moderated = params.get('moderated') ?? '';
  const sortParam = params.get('sort') ?? '';
  const sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as Sort) : '';
  const offset = Math.max(0, Number(params.get('offset')) || 0);

  useEffect(() => {
    if ((params.get('q') ?? '') !== q) update({ q });
    // The address follows the settled text only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const countryCode = /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : '';
  const body: Partial<AdminSpaceSearchDto> = {
    ...(params.get('q') ? { searchText: params.get('q') ?? '' } : {}),
    ...(visibility.length ? { visibility } : { includePrivate: true }),
    ...(countryCode ? { countryCode } : {}),
    ...(camera ? { cameras: [camera] } : {}),
    ...(moderated === 'yes' ? { moderated: true } : moderated === 'no' ? { moderated: false } : {}),
    ...(sort ? { sort } : {}),
  };
  const result = useSpaceSearch({ body, offset, limit: PAGE });
  const data = result.data;

  const columns = useMemo(() => spaceColumns(), []);
  const filtered = Boolean(text || visibility.length || country || camera || moderated || sort);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <ShowViewsSetting />
      <ImportSpaces />
      <form className="adm-card spc-filters" role="search" aria-label={t('filter.label')} onSubmit={(e) => e.preventDefault()}>
        <TextField
          className="spc-filters__text"
          label={t('filter.text')}
          hint={t('filter.textHint')}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <FieldGroup legend={t('filter.visibility')}>
          <div className="adm-radios">
            {Visibility.options.map((v) => (
              <label key={v} className="adm-radio">
                <input
                  type="checkbox"
                  checked={visibility.includes(v)}
                  onChange={(e) => {
                    const next = e.target.checked ? [...visibility, v] : visibility.filter((x) => x !== v);
                    update({ visibility: next.join(',') });
                  }}
                />
                {t(`visibility.${v}`)}
              </label>
            ))}
          </div>
        </FieldGroup>
        <TextField
          label={t('filter.country')}
          hint={t('filter.countryHint')}
          value={country}
          maxLength={2}
          autoComplete="off"
          error={country && !countryCode ? 'Use a 2-letter country code' : undefined}
          onChange={(e) => update({ country: e.target.value.toUpperCase() })}
        />
        <SelectField
          label={t('filter.camera')}
          value={camera}
          options={[{ value: '', label: t('filter.anyCamera') }, ...CameraKind.options.map((k) => ({ value: k, label: cameraKindLabel(k) }))]}
          onChange={(e) => update({ camera: e.target.value })}
        />
        <SelectField
          label={t('filter.moderation')}
          value={moderated}
          options={[
            { value: '', label: t('filter.anyModeration') },
            { value: 'yes', label: t('filter.moderatedOnly') },
            { value: 'no', label: t('filter.notModerated') },
          ]}
          onChange={(e) => update({ moderated: e.target.value })}
        />
        <SelectField
          label={t('filter.sort')}
          value={sort}
          options={[{ value: '', label: q ? t('sort.relevance') : t('sort.recent') }, ...SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))]}
          onChange={(e) => update({ sort: e.target.value })}
        />
        {filtered && (
          <div className="spc-filters__reset">
            <button
              type="button"
              className="adm-btn adm-btn--ghost adm-btn--sm"
              onClick={() => {
                setText('');
                resetFilters();
              }}
            >
              {t('filter.reset')}
            </button>
          </div>
        )}
      </form>
      <section className="adm-section spc-table" aria-label={t('table.label')}>
        <DataTable
          label={t('table.label')}
          data={data?.results ?? []}
          columns={columns}
          getRowId={(s) => s.id}
          rowName={(s) => s.name}
          loading={result.isPending}
          error={result.error}
          onRetry={() => void result.refetch()}
          emptyText={t('table.empty')}
          paging={{
            offset,
            limit: PAGE,
            total: data?.totalResults,
            hasNext: data?.hasNext ?? false,
            onPrevious: () => update({ offset: offset > PAGE ? String(offset - PAGE) : null }),
            onNext: () => update({ offset: String(offset + PAGE) }),
          }}
        />
      </section>
    </>
  );
}

const col = createColumnHelper<Space>();

function spaceColumns() {
  return [
    col.accessor('name', {
      header: t('col.space'),
      enableSorting: false,
      cell: (c) => {
        const s = c.row.original;
        const place = [s.city, s.countryName].filter(Boolean).join(', ');
        return (
          <span className="adm-cell-main">
            <img className="adm-thumb" src={s.images.thumbnail} alt="" width={72} height={44} loading="lazy" />
            <span className="adm-cell-main__text">
              <Link to={PATHS.space(s.id)} aria-label={t('row.aboutLabel', { name: s.name })}>
                {s.name}
              </Link>
              <small>
                <code>{s.modelId}</code>
                {place ? ` · ${place}` : ''}
              </small>
            </span>
          </span>
        );
      },
    }),
    col.accessor('visibility', { header: t('col.visibility'), enableSorting: false, cell: (c) => <VisibilityBadge value={c.getValue()} /> }),
    col.accessor((s) => s.moderation.isModerated, {
      id: 'moderation',
      header: t('col.moderation'),
      enableSorting: false,
      cell: (c) =>
        c.getValue() ? <span className="adm-badge adm-badge--warn">{t('moderated')}</span> : <span className="adm-muted">{t('notModerated')}</span>,
    }),
    col.accessor('views', {
      header: t('col.views'),
      enableSorting: false,
      meta: { className: 'adm-hide-sm' },
      cell: (c) => (c.getValue() === null ? '—' : number.format(c.getValue() ?? 0)),
    }),
    col.accessor((s) => s.organization?.companyName ?? '', {
      id: 'organization',
      header: t('col.organization'),
      enableSorting: false,
      meta: { className: 'adm-hide-sm' },
    }),
  ];
}

/**
 * The `showViewsConfig` switch: whether the public site shows view counts. It is the
 * `discover/admin_toggle_views` flag's (spec 6): other administrators see the setting, not the switch.
 */
function ShowViewsSetting() {
  const setting = useShowViewsConfig();
  const save = useSetShowViewsConfig();
  const me = useSessionUser();
  const value = setting.data?.value ?? false;
  if (me.data && !hasFlag(me.data, 'admin_toggle_views')) {
    return (
      <div className="adm-card spc-setting">
        <p>{setting.data ? (value ? t('views.on') : t('views.off')) : ''}</p>
        <p className="adm-muted">{t('views.flag')}</p>
      </div>
    );
  }
  return (
    <div className="adm-card spc-setting">
      {/* The kit's switch markup, with its label shown (the kit's Switch hides it for table rows). */}
      <label className="adm-switch spc-switch">
        <input
          type="checkbox"
          role="switch"
          checked={value}
          disabled={!setting.data || save.isPending}
          onChange={(e) =>
            save.mutate(e.target.checked, {
              onSuccess: (res) => notifySuccess(res.value ? t('views.on') : t('views.off')),
              onError: (error) => notifyError(error),
            })
          }
        />
        <span className="adm-switch__track" aria-hidden="true" />
        <span>{t('views.label')}</span>
      </label>
    </div>
  );
}
