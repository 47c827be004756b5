import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { FeaturedTagInput } from '../../../../domain/admin-inputs.ts';
import type { AdminTag } from '../../../../domain/admin.ts';
import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { PATHS } from '../../../app/paths.ts';
import { t as appT } from '../../../app/texts.ts';
import { CheckboxField, FieldGroup, FormError, TextField } from '../../../components/fields.tsx';
import { LocaleTextFields } from '../../../components/LocaleTextFields.tsx';
import { MAX_NAME } from '../../../../domain/user-rules.ts';
import { EditorActions } from '../../../components/EditorActions.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchPicker } from '../../../components/SearchPicker.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { useSavingForm } from '../../../components/use-prevent-leave.ts';
import { errorMessage } from '../../../lib/api.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useCreateFeaturedTag } from '../api/create-featured-tag.ts';
import { useCreateTag } from '../api/create-tag.ts';
import { featuredTags } from '../api/featured-tags.ts';
import { useFeaturedTag } from '../api/get-featured-tag.ts';
import { useFeaturedTagSpaceCount } from '../api/get-featured-tag-space-count.ts';
import { tagKeys } from '../api/keys.ts';
import { searchTags, tagSearchQuery } from '../api/search-tags.ts';
import { useUpdateFeaturedTag } from '../api/update-featured-tag.ts';
import { t } from '../texts.ts';

type Values = z.input<typeof FeaturedTagInput>;
const FIELDS = ['name', 'translations', 'isActive', 'tags'] as const;
const back = { to: PATHS.featuredTags, title: t('title') };

/** 'Add Featured Tag' (/admin/featured-tags/create) and 'Edit Featured Tag' (/admin/featured-tags/{id}). */
export function FeaturedTagForm() {
  const { id } = useParams();
  const existing = useFeaturedTag(id);
  const title = id ? t('edit.title') : t('create.title');
  if (id && existing.isPending)
    return (
      <>
        <PageHeader title={title} back={back} />
        <p className="adm-muted">{appT('app.loading')}</p>
      </>
    );
  if (id && existing.error)
    return (
      <>
        <PageHeader title={title} back={back} />
        <p className="adm-form-error" role="alert">
          {existing.error && errorMessage(existing.error)}
        </p>
      </>
    );
  return <FeaturedTagEditor key={id ?? 'new'} featuredTag={existing.data} title={title} />;
}

function FeaturedTagEditor({ featuredTag, title }: { featuredTag: FeaturedTag | undefined; title: string }) {
  const navigate = useNavigate();
  const create = useCreateFeaturedTag();
  const update = useUpdateFeaturedTag();
  const createTag = useCreateTag();
  const [formError, setFormError] = useState<string | null>(null);
  const defaults: Values = featuredTag
    ? { name: featuredTag.name, translations: featuredTag.translations, isActive: featuredTag.isActive, tags: featuredTag.tags }
    : { name: '', translations: {}, isActive: true, tags: [] };
  const form = useForm<Values, unknown, z.output<typeof FeaturedTagInput>>({ resolver: formResolver(FeaturedTagInput), defaultValues: defaults });
  const { register, control, formState, setError, setValue, reset } = form;
  const errors = formState.errors;
  const tags = useWatch({ control, name: 'tags' });
  const translations = useWatch({ control, name: 'translations' });

  const save = async (values: z.output<typeof FeaturedTagInput>): Promise<boolean> => {
    setFormError(null);
    try {
      if (featuredTag) await update.mutateAsync({ id: featuredTag.id, input: values });
      else await create.mutateAsync(values);
      reset(values);
      notifySuccess(featuredTag ? t('saved', { name: values.name }) : t('created', { name: values.name }));
      return true;
    } catch (error) {
      setFormError(applyApiError(error, setError, FIELDS));
      return false;
    }
  };
  const { release, onSubmit } = useSavingForm(form, save, () => void navigate(PATHS.featuredTags));

  const addTag = (name: string) => {
    const current = form.getValues('tags');
    if (current.some((tag) => tag.toLowerCase() === name.toLowerCase())) return;
    setValue('tags', [...current, name], { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <>
      <PageHeader title={title} back={back} />
      <form className="adm-card adm-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField label={t('form.name')} hint={t('form.nameHint')} error={errors.name?.message} autoComplete="off" {...register('name')} />
        <LocaleTextFields
          field={t('form.name')}
          maxLength={MAX_NAME}
          register={(l) => register(`translations.${l}.name`)}
          errorOf={(l) => errors.translations?.[l]?.name?.message}
          valueOf={(l) => translations?.[l]?.name}
        />
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <FieldGroup legend={t('form.tags')} error={fieldState.error?.message}>
              <SearchPicker<AdminTag>
                label={t('form.tagsPicker')}
                hint={t('form.tagsHint')}
                placeholder={t('form.tagsPlaceholder')}
                queryKey={tagKeys.picker}
                search={async (text) => (await searchTags(text)).results.filter((tag) => !field.value.some((v) => v.toLowerCase() === tag.name.toLowerCase()))}
                getKey={(tag) => tag.id}
                getLabel={(tag) => tag.name}
                renderOption={(tag) => <small>{t('form.spaces', { count: tag.spaceCount })}</small>}
                onPick={(tag) => addTag(tag.name)}
                onCreate={async (name) => {
                  const tag = await createTag.mutateAsync({ name });
                  addTag(tag.name);
                  notifySuccess(t('form.tagCreated', { name: tag.name }));
                }}
              />
              <ChosenTags
                tags={field.value}
                onRemove={(name) =>
                  setValue(
                    'tags',
                    field.value.filter((v) => v !== name),
                    { shouldDirty: true, shouldValidate: formState.isSubmitted },
                  )
                }
              />
              <SpaceMatch featuredTag={featuredTag} tags={tags} />
            </FieldGroup>
          )}
        />
        <CheckboxField label={t('form.active')} error={errors.isActive?.message} {...register('isActive')} />
        <FormError message={formError} />
        <EditorActions
          resource={featuredTags}
          t={t}
          id={featuredTag?.id}
          saving={formState.isSubmitting}
          release={release}
          done={() => void navigate(PATHS.featuredTags)}
        />
      </form>
    </>
  );
}

/** The chosen tags as removable chips, each with its space count. */
function ChosenTags({ tags, onRemove }: { tags: readonly string[]; onRemove: (name: string) => void }) {
  const counts = useTagCounts(tags);
  if (tags.length === 0) return <p className="adm-hint">{t('form.tagsEmpty')}</p>;
  return (
    <ul className="adm-chips" aria-label={t('form.selected')}>
      {tags.map((name, i) => (
        <li key={name} className="adm-chip">
          {name}
          {counts[i] !== undefined && <small>{t('form.spaces', { count: counts[i] })}</small>}
          <button type="button" aria-label={t('form.remove', { name })} onClick={() => onRemove(name)}>
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The space count of each tag (its search's exact match), undefined until known. */
function useTagCounts(tags: readonly string[]): (number | undefined)[] {
  const results = useQueries({ queries: tags.map((name) => ({ ...tagSearchQuery(name), staleTime: 60_000 })) });
  return tags.map((name, i) => results[i]?.data?.results.find((tag) => tag.name.toLowerCase() === name.toLowerCase())?.spaceCount);
}

/** How many public spaces the tags match: exact for the saved tags, an upper bound while they change. */
function SpaceMatch({ featuredTag, tags }: { featuredTag: FeaturedTag | undefined; tags: readonly string[] }) {
  const counts = useTagCounts(tags);
  const unchanged = featuredTag !== undefined && sameTags(featuredTag.tags, tags);
  const exact = useFeaturedTagSpaceCount(unchanged ? featuredTag.id : undefined);
  if (tags.length === 0) return null;
  let text: string | null = null;
  if (unchanged && exact.data !== undefined) text = exact.data === 0 ? t('form.matchZero') : t('form.match', { count: exact.data });
  else if (!unchanged && counts.every((c) => c !== undefined)) {
    const sum = counts.reduce<number>((a, c) => a + (c ?? 0), 0);
    text = sum === 0 ? t('form.matchZero') : t('form.matchAtMost', { count: sum });
  }
  return text ? (
    <p className="adm-hint adm-match" aria-live="polite">
      {text}
    </p>
  ) : null;
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.some((y) => y.toLowerCase() === x.toLowerCase()));
