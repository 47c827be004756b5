import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { PATHS } from '../../../app/paths.ts';
import { CheckboxField, FieldGroup, FormActions, FormError, SelectField, TextAreaField, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { useSavingForm } from '../../../components/use-prevent-leave.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { AppInput, type AdminApp } from '../../../../domain/marketplace.ts';
import { FEATURES, HOSTINGS, INDUSTRIES } from '../../../../domain/marketplace-rules.ts';
import { usePartners } from '../api/get-lists.ts';
import { useApp, useSaveApp } from '../api/save-app.ts';
import { t } from '../texts.ts';
import { listFieldPaths } from '../list-field-paths.ts';
import { LinksField, ScreenshotsField, thumbsOf } from './MediaFields.tsx';
import './marketplace-admin.css';

type Values = z.input<typeof AppInput>;
const FIELDS = [
  'name',
  'slug',
  'partnerId',
  'summary',
  'description',
  'industries',
  'features',
  'beta',
  'hosting',
  'website',
  'supportEmail',
  'supportUrl',
  'isActive',
] as const;

/** The form's values of an app; what the form does not edit (collections) is sent back as it was. */
const valuesOf = (a: AdminApp | undefined): Values => ({
  name: a?.name ?? '',
  slug: a?.slug ?? '',
  partnerId: a?.partnerId ?? '',
  summary: a?.summary ?? '',
  description: a?.description ?? '',
  industries: a?.industries ?? [],
  features: a?.features ?? [],
  beta: a?.beta ?? false,
  hosting: a?.hosting ?? 'INSIDE',
  website: a?.website ?? null,
  supportEmail: a?.support.email ?? null,
  supportUrl: a?.support.url ?? null,
  documents: a?.documents ?? [],
  downloads: a?.downloads ?? [],
  resources: a?.resources ?? [],
  screenshots: (a?.screenshots ?? []).map((s) => ({ id: s.id, alt: s.alt })),
  collectionIds: (a?.collections ?? []).map((c) => c.id),
  isActive: a?.isActive ?? true,
});

/** Marketplace › App: create or edit the app's listing (texts, partner, industries, features, hosting, links, state). */
export function AppForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const app = useApp(id);
  const partners = usePartners();
  const save = useSaveApp(id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: formResolver(AppInput), defaultValues: valuesOf(undefined) });
  const { register, formState, reset, setError, control } = form;
  useEffect(() => {
    if (app.data) reset(valuesOf(app.data));
  }, [app.data, reset]);
  const thumbs = useMemo(() => thumbsOf(app.data?.screenshots ?? []), [app.data]);
  const empty = (v: unknown) => (v === '' ? null : v);
  const submit = async (values: Values): Promise<boolean> => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      notifySuccess(t('saved'));
      return true;
    } catch (error) {
      setFormError(applyApiError(error, setError, [...FIELDS, ...(listFieldPaths(values) as (typeof FIELDS)[number][])]));
      return false;
    }
  };
  const { onSubmit } = useSavingForm(form, submit, () => void navigate(PATHS.marketplaceApps));
  const errors = formState.errors;

  return (
    <>
      <PageHeader title={id ? t('apps.edit') : t('apps.create')} back={{ to: PATHS.marketplaceApps, title: t('tabs.apps') }} />
      <form className="adm-form adm-card" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormError message={formError} />
        <div className="adm-form-grid adm-form-grid--2">
          <TextField label={t('form.name')} error={errors.name?.message} {...register('name')} />
          <TextField label={t('form.slug')} hint={t('form.slugHint')} error={errors.slug?.message} {...register('slug')} />
          <SelectField
            label={t('form.partner')}
            error={errors.partnerId?.message}
            options={[{ value: '', label: t('form.choosePartner') }, ...(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
            {...register('partnerId')}
          />
          <TextField label={t('form.summary')} error={errors.summary?.message} {...register('summary')} />
        </div>
        <TextAreaField
          label={t('form.description')}
          hint={t('form.descriptionHint')}
          rows={6}
          error={errors.description?.message}
          {...register('description')}
        />
        <FieldGroup legend={t('form.industries')} error={errors.industries?.message}>
          <div className="adm-mk-checks">
            {Object.entries(INDUSTRIES).map(([value, label]) => (
              <CheckboxField key={value} label={label} value={value} {...register('industries')} />
            ))}
          </div>
        </FieldGroup>
        <FieldGroup legend={t('form.features')} error={errors.features?.message}>
          <div className="adm-mk-checks">
            {Object.entries(FEATURES).map(([value, label]) => (
              <CheckboxField key={value} label={label} value={value} {...register('features')} />
            ))}
          </div>
        </FieldGroup>
        <FieldGroup legend={t('form.hosting')} error={errors.hosting?.message}>
          <div className="adm-mk-checks">
            {HOSTINGS.map((h) => (
              <label key={h} className="adm-check">
                <input type="radio" value={h} {...register('hosting')} /> {t(`hosting.${h}`)}
              </label>
            ))}
          </div>
        </FieldGroup>
        <div className="adm-form-grid adm-form-grid--2">
          <TextField label={t('form.website')} optional type="url" error={errors.website?.message} {...register('website', { setValueAs: empty })} />
          <TextField
            label={t('form.supportEmail')}
            optional
            type="email"
            error={errors.supportEmail?.message}
            {...register('supportEmail', { setValueAs: empty })}
          />
          <TextField label={t('form.supportUrl')} optional type="url" error={errors.supportUrl?.message} {...register('supportUrl', { setValueAs: empty })} />
        </div>
        <ScreenshotsField control={control} register={register} initial={thumbs} errors={errors} />
        <LinksField list="documents" control={control} register={register} errors={errors} />
        <LinksField list="downloads" control={control} register={register} errors={errors} />
        <LinksField list="resources" control={control} register={register} errors={errors} />
        <CheckboxField label={t('form.beta')} {...register('beta')} />
        <CheckboxField label={t('form.active')} {...register('isActive')} />
        <FormActions>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={formState.isSubmitting}>
            {t('form.save')}
          </button>
        </FormActions>
      </form>
    </>
  );
}
