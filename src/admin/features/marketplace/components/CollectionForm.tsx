import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { PATHS } from '../../../app/paths.ts';
import { CheckboxField, FormActions, FormError, SelectField, TextAreaField, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReorderList } from '../../../components/ReorderList.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { useSavingForm } from '../../../components/use-prevent-leave.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { CollectionInput, type AdminCollection } from '../../../../domain/marketplace.ts';
import { useApps } from '../api/get-lists.ts';
import { useAppCollection, useSaveAppCollection } from '../api/save-collection.ts';
import { t } from '../texts.ts';

type Values = z.input<typeof CollectionInput>;
const FIELDS = ['name', 'slug', 'description', 'appIds', 'featured', 'isActive'] as const;

const valuesOf = (c: AdminCollection | undefined): Values => ({
  name: c?.name ?? '',
  slug: c?.slug ?? '',
  description: c?.description ?? '',
  appIds: (c?.apps ?? []).map((a) => a.id),
  featured: c?.featured ?? false,
  isActive: c?.isActive ?? true,
});

/** Marketplace › Collection of apps: name, slug, description, featured, and its apps in order (add, remove, reorder). */
export function CollectionForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const collection = useAppCollection(id);
  const apps = useApps();
  const save = useSaveAppCollection(id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: formResolver(CollectionInput), defaultValues: valuesOf(undefined) });
  const { register, formState, reset, setError, setValue, control } = form;
  useEffect(() => {
    if (collection.data) reset(valuesOf(collection.data));
  }, [collection.data, reset]);
  const appIds = useWatch({ control, name: 'appIds' }) ?? [];
  const byId = new Map((apps.data ?? []).map((a) => [a.id, a]));
  const chosen = appIds.map((appId) => ({ id: appId, name: byId.get(appId)?.name ?? appId }));
  const setApps = (next: string[]) => setValue('appIds', next, { shouldDirty: true });
  const submit = async (values: Values): Promise<boolean> => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      notifySuccess(t('saved'));
      return true;
    } catch (error) {
      setFormError(applyApiError(error, setError, FIELDS));
      return false;
    }
  };
  const { onSubmit } = useSavingForm(form, submit, () => void navigate(PATHS.marketplaceCollections));
  const errors = formState.errors;
  const addable = (apps.data ?? []).filter((a) => !appIds.includes(a.id));

  return (
    <>
      <PageHeader title={id ? t('collections.edit') : t('collections.create')} back={{ to: PATHS.marketplaceCollections, title: t('tabs.collections') }} />
      <form className="adm-form adm-card" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormError message={formError} />
        <div className="adm-form-grid adm-form-grid--2">
          <TextField label={t('form.name')} error={errors.name?.message} {...register('name')} />
          <TextField label={t('form.slug')} hint={t('form.slugHint')} error={errors.slug?.message} {...register('slug')} />
        </div>
        <TextAreaField label={t('form.description')} rows={3} error={errors.description?.message} {...register('description')} />
        <CheckboxField label={t('form.featured')} {...register('featured')} />
        <CheckboxField label={t('form.active')} {...register('isActive')} />
        <ReorderList
          label={t('form.apps')}
          items={chosen}
          getId={(a) => a.id}
          itemName={(a) => a.name}
          renderItem={(a) => (
            <span className="adm-row">
              <span>{a.name}</span>
              <button
                type="button"
                className="adm-btn adm-btn--sm adm-btn--ghost"
                aria-label={t('form.removeName', { name: a.name })}
                onClick={() => setApps(appIds.filter((x) => x !== a.id))}
              >
                {t('form.remove')}
              </button>
            </span>
          )}
          onMove={(a, to) => {
            const rest = appIds.filter((x) => x !== a.id);
            rest.splice(to, 0, a.id);
            setApps(rest);
          }}
        />
        <SelectField
          label={t('form.addApp')}
          value=""
          options={[{ value: '', label: '—' }, ...addable.map((a) => ({ value: a.id, label: a.name }))]}
          onChange={(e) => e.currentTarget.value && setApps([...appIds, e.currentTarget.value])}
        />
        <FormActions>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={formState.isSubmitting}>
            {t('form.save')}
          </button>
        </FormActions>
      </form>
    </>
  );
}
