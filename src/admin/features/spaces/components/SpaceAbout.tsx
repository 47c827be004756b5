import { SITE_BASE } from '../../../../domain/urls.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { ResponseError } from '../../../../client/http.ts';
import { MAX_SPACE_DESCRIPTION, MAX_SPACE_NAME, MAX_SPACE_SUMMARY, MAX_TAG, SpaceSlugInput, type SpaceInput } from '../../../../domain/admin-inputs.ts';
import { Visibility } from '../../../../domain/enums.ts';
import type { Space } from '../../../../domain/space.ts';
import { PATHS } from '../../../app/paths.ts';
import { t as appT } from '../../../app/texts.ts';
import { confirmAction } from '../../../components/confirm-store.ts';
import { FormActions, FormError, SelectField, TextAreaField, TextField } from '../../../components/fields.tsx';
import { DetailState } from '../../../components/DetailState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchPicker } from '../../../components/SearchPicker.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { usePreventLeave } from '../../../components/use-prevent-leave.ts';
import { errorMessage } from '../../../lib/api.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useSpace } from '../api/get-space.ts';
import { getTags, tagSearchQuery } from '../api/get-tags.ts';
import { useUpdateSpace } from '../api/update-space.ts';
import { useUpdateSpaceSlug } from '../api/update-space-slug.ts';
import { t } from '../texts.ts';
import { SpaceInsightCard } from './SpaceInsightCard.tsx';
import { cameraKindLabel, VisibilityBadge } from './SpacesList.tsx';
import '../spaces.css';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const visibilityOptions = Visibility.options.map((v) => ({ value: v, label: t(`visibility.${v}`) }));

/** The problem a 4xx answer names for one field (a 409 on the slug carries it too), else null. */
function fieldProblem(error: unknown, path: string): string | null {
  if (!(error instanceof ResponseError)) return null;
  return error.fields.find((f) => f.path === path)?.message ?? null;
}

/** /admin/spaces/{spaceId} ('About space'): every field, the edit form, the slug, tags, moderation and the public page. */
export function SpaceAbout() {
  const { spaceId = '' } = useParams();
  const space = useSpace(spaceId);
  const back = { to: PATHS.spaces, title: t('title') };
  if (space.isPending || space.error) return <DetailState title={t('about.title')} back={back} query={space} notFound={t('about.notFound', { id: spaceId })} />;
  const s = space.data;
  return (
    <>
      <PageHeader
        title={t('about.title')}
        back={back}
        description={s.name}
        actions={
          <a className="adm-btn" href={`${SITE_BASE}/space/${encodeURIComponent(s.modelId)}`} target="_blank" rel="noopener">
            {t('about.public')}
            <span className="adm-sr-only"> {t('about.publicNote')}</span>
          </a>
        }
      />
      <div className="spc-about">
        <div className="adm-stack">
          <EditForm key={s.id} space={s} routeId={spaceId} />
          <SlugForm key={`slug:${s.slug}`} space={s} routeId={spaceId} />
        </div>
        <div className="adm-stack">
          <ModerationCard key={`mod:${String(s.moderation.isModerated)}`} space={s} routeId={spaceId} />
          <Facts space={s} />
        </div>
      </div>
      <SpaceInsightCard spaceId={s.id} />
    </>
  );
}

const EditInput = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(MAX_SPACE_NAME),
  summary: z.string().trim().max(MAX_SPACE_SUMMARY),
  description: z.string().trim().max(MAX_SPACE_DESCRIPTION),
  visibility: Visibility,
  presentedBy: z.string().trim().max(MAX_SPACE_NAME),
  tags: z.array(z.string().trim().min(1).max(MAX_TAG)).max(50),
});
type EditInput = z.infer<typeof EditInput>;

const valuesOf = (s: Space): EditInput => ({
  name: s.name,
  summary: s.summary,
  description: s.description,
  visibility: s.visibility,
  presentedBy: s.presentedBy ?? '',
  tags: s.tags,
});

/** The fields that differ from the space, as spaceInput (only those are sent). */
function changesOf(s: Space, v: EditInput): SpaceInput {
  const out: SpaceInput = {};
  if (v.name !== s.name) out.name = v.name;
  if (v.summary !== s.summary) out.summary = v.summary;
  if (v.description !== s.description) out.description = v.description;
  if (v.visibility !== s.visibility) out.visibility = v.visibility;
  if ((v.presentedBy || null) !== s.presentedBy) out.presentedBy = v.presentedBy || null;
  if (JSON.stringify(v.tags) !== JSON.stringify(s.tags)) out.tags = v.tags;
  return out;
}

function EditForm({ space, routeId }: { space: Space; routeId: string }) {
  const form = useForm<EditInput>({ resolver: formResolver(EditInput), defaultValues: valuesOf(space) });
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateSpace(routeId);
  const errors = form.formState.errors;
  const tags = useWatch({ control: form.control, name: 'tags' });
  const summary = useWatch({ control: form.control, name: 'summary' });

  const saveValues = async (values: EditInput): Promise<boolean> => {
    setFormError(null);
    const input = changesOf(space, values);
    if (!Object.keys(input).length) {
      notifySuccess(t('nothingChanged'));
      form.reset(values);
      return true;
    }
    try {
      await update.mutateAsync({ id: space.id, input });
      // The saved values become the form's new starting point (this ends prevent-leave mode).
      form.reset(values);
      notifySuccess(t('saved'));
      return true;
    } catch (error) {
      setFormError(applyApiError(error, form.setError, ['name', 'summary', 'description', 'visibility', 'presentedBy', 'tags']));
      return false;
    }
  };
  const onSubmit = form.handleSubmit(saveValues);
  usePreventLeave(form.formState.isDirty, async () => {
    if (!(await form.trigger())) return false;
    return saveValues(form.getValues());
  });
  const setTags = (next: string[]) => form.setValue('tags', next, { shouldDirty: true, shouldValidate: true });
  const addTag = (name: string) => {
    const clean = name.trim();
    if (clean && !tags.some((x) => x.toLowerCase() === clean.toLowerCase())) setTags([...tags, clean]);
  };

  return (
    <section className="adm-card" aria-labelledby="spc-edit">
      <form className="adm-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h2 id="spc-edit" className="spc-h2">
          {t('about.edit')}
        </h2>
        <TextField label={t('field.name')} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextAreaField
          label={t('field.summary')}
          rows={2}
          hint={t('field.count', { count: summary.length, max: MAX_SPACE_SUMMARY })}
          error={errors.summary?.message}
          {...form.register('summary')}
        />
        <TextAreaField label={t('field.description')} rows={6} error={errors.description?.message} {...form.register('description')} />
        <div className="adm-form-grid adm-form-grid--2">
          <SelectField label={t('field.visibility')} options={visibilityOptions} error={errors.visibility?.message} {...form.register('visibility')} />
          <TextField label={t('field.presentedBy')} optional autoComplete="off" error={errors.presentedBy?.message} {...form.register('presentedBy')} />
        </div>
        <div className="adm-stack spc-tags">
          <SearchPicker
            label={t('field.tags')}
            hint={t('field.tagsHint')}
            error={errors.tags?.message ?? errors.tags?.root?.message}
            queryKey={(text) => tagSearchQuery(text).queryKey}
            search={async (text) => (await getTags(text)).results.filter((x) => !tags.includes(x.name))}
            getKey={(tag) => tag.id}
            getLabel={(tag) => tag.name}
            renderOption={(tag) => <small className="adm-muted">{tag.spaceCount}</small>}
            onPick={(tag) => addTag(tag.name)}
            onCreate={(text) => {
              addTag(text);
              return Promise.resolve();
            }}
          />
          {tags.length ? (
            <ul className="adm-chips" aria-label={t('field.tagsList')}>
              {tags.map((tag) => (
                <li key={tag} className="adm-chip">
                  {tag}
                  <button type="button" aria-label={appT('picker.remove', { name: tag })} onClick={() => setTags(tags.filter((x) => x !== tag))}>
                    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                      <path d="M6 6l12 12M18 6L6 18" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="adm-muted">{t('field.noTags')}</p>
          )}
        </div>
        <FormError message={formError} />
        <FormActions>
          <button type="button" className="adm-btn adm-btn--ghost" disabled={!form.formState.isDirty} onClick={() => form.reset(valuesOf(space))}>
            {t('reset')}
          </button>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={update.isPending}>
            {update.isPending ? appT('form.saving') : t('save')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}

const SlugInput = SpaceSlugInput.pick({ slug: true });
type SlugInput = z.infer<typeof SlugInput>;

function SlugForm({ space, routeId }: { space: Space; routeId: string }) {
  const form = useForm<SlugInput>({ resolver: formResolver(SlugInput), defaultValues: { slug: space.slug } });
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateSpaceSlug(routeId);
  const saveSlug = async ({ slug }: SlugInput): Promise<boolean> => {
    setFormError(null);
    if (slug === space.slug) {
      form.setError('slug', { type: 'server', message: t('slug.same') });
      return false;
    }
    try {
      // The new slug re-keys this form, which also ends prevent-leave mode.
      await update.mutateAsync({ id: space.id, slug });
      notifySuccess(t('slug.done', { slug }));
      return true;
    } catch (error) {
      const onSlug = fieldProblem(error, 'json.slug');
      if (onSlug) form.setError('slug', { type: 'server', message: onSlug }, { shouldFocus: true });
      else setFormError(applyApiError(error, form.setError, ['slug']));
      return false;
    }
  };
  usePreventLeave(form.formState.isDirty, async () => ((await form.trigger()) ? saveSlug(form.getValues()) : false));
  return (
    <section className="adm-card" aria-labelledby="spc-slug">
      <form className="adm-stack" noValidate onSubmit={(e) => void form.handleSubmit(saveSlug)(e)}>
        <h2 id="spc-slug" className="spc-h2">
          {t('slug.title')}
        </h2>
        <TextField
          label={t('slug.label')}
          hint={t('slug.hint')}
          autoComplete="off"
          spellCheck={false}
          error={form.formState.errors.slug?.message}
          {...form.register('slug')}
        />
        <FormError message={formError} />
        <FormActions>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={update.isPending || !form.formState.isDirty}>
            {t('slug.submit')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}

const ReasonInput = z.object({ reason: z.string().trim().min(1, t('moderation.needReason')).max(320) });
type ReasonInput = z.infer<typeof ReasonInput>;

function ModerationCard({ space, routeId }: { space: Space; routeId: string }) {
  const form = useForm<ReasonInput>({ resolver: formResolver(ReasonInput), defaultValues: { reason: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateSpace(routeId);
  const moderated = space.moderation.isModerated;

  const moderate = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    const ok = await confirmAction({
      title: t('moderation.confirmTitle', { name: space.name }),
      message: t('moderation.confirmText', { reason }),
      confirmLabel: t('moderation.moderate'),
    });
    if (!ok) return;
    try {
      await update.mutateAsync({ id: space.id, input: { moderation: { isModerated: true, reason } } });
      notifySuccess(t('moderation.done'));
    } catch (error) {
      const onReason = fieldProblem(error, 'json.moderation.reason');
      if (onReason) form.setError('reason', { type: 'server', message: onReason }, { shouldFocus: true });
      else setFormError(errorMessage(error));
    }
  });
  const lift = async () => {
    setFormError(null);
    const ok = await confirmAction({
      title: t('moderation.liftTitle', { name: space.name }),
      message: t('moderation.liftText'),
      confirmLabel: t('moderation.lift'),
      destructive: false,
    });
    if (!ok) return;
    try {
      await update.mutateAsync({ id: space.id, input: { moderation: { isModerated: false } } });
      notifySuccess(t('moderation.lifted'));
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  return (
    <section className={`adm-card adm-stack spc-moderation${moderated ? ' spc-moderation--on' : ''}`} aria-labelledby="spc-mod">
      <h2 id="spc-mod" className="spc-h2">
        {t('moderation.title')}
      </h2>
      {moderated ? (
        <>
          <p>
            <strong>{t('moderation.on')}</strong>
          </p>
          <p>{t('moderation.reason', { reason: space.moderation.reason ?? '—' })}</p>
          <FormError message={formError} />
          <FormActions>
            <button type="button" className="adm-btn" disabled={update.isPending} onClick={() => void lift()}>
              {t('moderation.lift')}
            </button>
          </FormActions>
        </>
      ) : (
        <form className="adm-stack" noValidate onSubmit={(e) => void moderate(e)}>
          <p>{t('moderation.off')}</p>
          <TextField label={t('moderation.reasonLabel')} autoComplete="off" error={form.formState.errors.reason?.message} {...form.register('reason')} />
          <FormError message={formError} />
          <FormActions>
            <button type="submit" className="adm-btn adm-btn--danger" disabled={update.isPending}>
              {t('moderation.moderate')}
            </button>
          </FormActions>
        </form>
      )}
    </section>
  );
}

function Facts({ space: s }: { space: Space }) {
  const id = useId();
  const none = t('fact.none');
  const facts: [string, ReactNode][] = [
    [t('fact.id'), <code key="id">{s.id}</code>],
    [t('fact.modelId'), <code key="m">{s.modelId}</code>],
    [t('fact.slug'), <code key="s">{s.slug}</code>],
    [t('fact.visibility'), <VisibilityBadge key="v" value={s.visibility} />],
    [t('fact.type'), s.type],
    [t('fact.views'), s.views ?? none],
    [t('fact.address'), s.address || none],
    [t('fact.city'), s.city || none],
    [t('fact.country'), s.countryName ? `${s.countryName} (${s.countryCode})` : none],
    [
      t('fact.geolocation'),
      s.geolocation
        ? `${s.geolocation.lat}, ${s.geolocation.long}${s.geolocation.altitude !== null && s.geolocation.altitude !== undefined ? ` · ${s.geolocation.altitude} m` : ''}`
        : none,
    ],
    [t('fact.cameras'), s.cameras.length ? s.cameras.map((c) => `${c.label} (${c.code}, ${cameraKindLabel(c.kind)})`).join('; ') : none],
    [t('fact.tags'), s.tags.length ? s.tags.join(', ') : none],
    [
      t('fact.organization'),
      s.organization ? (
        <Link
          key="o"
          to={`${PATHS.accounts}?q=${encodeURIComponent(s.organization.id)}`}
          aria-label={t('fact.organizationLink', { name: s.organization.companyName })}
        >
          {s.organization.companyName}
        </Link>
      ) : (
        none
      ),
    ],
    [t('fact.presentedBy'), s.presentedBy || none],
    [t('fact.moderation'), s.moderation.isModerated ? `${t('moderated')}: ${s.moderation.reason ?? ''}` : t('notModerated')],
    [t('fact.created'), dateFormat.format(new Date(s.createdAt))],
    [t('fact.updated'), dateFormat.format(new Date(s.updatedAt))],
  ];
  return (
    <section className="adm-card adm-stack" aria-labelledby={`${id}-facts`}>
      <h2 id={`${id}-facts`} className="spc-h2">
        {t('about.facts')}
      </h2>
      <img className="spc-cover" src={s.images.cover} alt="" width={s.images.width} height={s.images.height} loading="lazy" />
      <dl className="spc-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
