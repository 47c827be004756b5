import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { PATHS } from '../../../app/paths.ts';
import { Switch } from '../../../components/fields.tsx';
import { OrderedList } from '../../../components/OrderedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { featuredTags } from '../api/featured-tags.ts';
import { useRandomize } from '../api/get-randomize.ts';
import { useUpdateRandomize } from '../api/update-randomize.ts';
import { t } from '../texts.ts';

/** How many tags a row shows before '+N more'. */
const TAGS_SHOWN = 4;

/** The featured tag's own columns: name (its editor) and tags. */
const columns: ColumnDef<FeaturedTag>[] = [
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
];

const nameOf = (f: FeaturedTag) => f.name;
const moved = (f: FeaturedTag, position: number) => t('moved', { name: f.name, position });

/** Featured Tags (spec 2): the home page tabs in order, reorderable, with active toggles, bulk actions and the randomize setting. */
export function FeaturedTagsList() {
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
      <OrderedList resource={featuredTags} t={t} columns={columns} rowName={nameOf} editTo={PATHS.featuredTag} moved={moved} />
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
