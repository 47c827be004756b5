import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { PATHS } from '../../../app/paths.ts';
import { confirmAction } from '../../../components/confirm-store.ts';
import { CheckboxField, FormActions, FormError, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useSavingForm } from '../../../components/use-prevent-leave.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { PartnerInput, type AdminPartner } from '../../../../domain/marketplace.ts';
import { usePartner, useRotateSecret, useSavePartner } from '../api/save-partner.ts';
import { t } from '../texts.ts';
import { LogoField, thumbsOf } from './MediaFields.tsx';
import './marketplace-admin.css';

type Values = z.input<typeof PartnerInput>;
const FIELDS = ['name', 'slug', 'logo', 'website', 'contactEmail', 'leadEndpointUrl', 'isActive'] as const;

const valuesOf = (p: AdminPartner | undefined): Values => ({
  name: p?.name ?? '',
  slug: p?.slug ?? '',
  logo: p?.logo ? { id: p.logo.id, alt: p.logo.alt } : null,
  website: p?.website ?? null,
  contactEmail: p?.contactEmail ?? '',
  leadEndpointUrl: p?.leadEndpointUrl ?? null,
  isActive: p?.isActive ?? true,
});

/** The signing secret of a partner, shown this once. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <section className="adm-mk-secret" aria-labelledby="adm-mk-secret-title" role="status">
      <h2 id="adm-mk-secret-title">{t('secret.title')}</h2>
      <p>{t('secret.text')}</p>
      <code>{secret}</code>
      <div>
        <button type="button" className="adm-btn adm-btn--primary" onClick={onDone}>
          {t('secret.done')}
        </button>
      </div>
    </section>
  );
}

/** Marketplace › Partner: create or edit (name, slug, website, contact email, lead endpoint), the secret shown once. */
export function PartnerForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const partner = usePartner(id);
  const save = useSavePartner(id);
  const rotate = useRotateSecret(id ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: formResolver(PartnerInput), defaultValues: valuesOf(undefined) });
  const { register, formState, reset, setError, control, setValue } = form;
  const name = useWatch({ control, name: 'name' });
  useEffect(() => {
    if (partner.data) reset(valuesOf(partner.data));
  }, [partner.data, reset]);
  const thumbs = useMemo(() => thumbsOf([partner.data?.logo]), [partner.data]);
  const empty = (v: unknown) => (v === '' ? null : v);

  const submit = async (values: Values): Promise<boolean> => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(values);
      notifySuccess(t('saved'));
      if ('leadSecret' in saved && typeof saved.leadSecret === 'string') setSecret(saved.leadSecret);
      return true;
    } catch (error) {
      setFormError(applyApiError(error, setError, FIELDS));
      return false;
    }
  };
  const { onSubmit } = useSavingForm(form, submit, () => {
    if (id) void navigate(PATHS.marketplacePartners);
  });
  const onRotate = async () => {
    if (!(await confirmAction({ title: t('secret.confirmTitle'), message: t('secret.confirmText'), confirmLabel: t('secret.rotate') }))) return;
    rotate.mutate(undefined, { onSuccess: (p) => setSecret(p.leadSecret), onError: notifyError });
  };
  const errors = formState.errors;

  return (
    <>
      <PageHeader title={id ? t('partners.edit') : t('partners.create')} back={{ to: PATHS.marketplacePartners, title: t('tabs.partners') }} />
      {secret ? (
        <SecretOnce secret={secret} onDone={() => void navigate(PATHS.marketplacePartners)} />
      ) : (
        <form className="adm-form adm-card" noValidate onSubmit={(e) => void onSubmit(e)}>
          <FormError message={formError} />
          <div className="adm-form-grid adm-form-grid--2">
            <TextField label={t('form.name')} error={errors.name?.message} {...register('name')} />
            <TextField label={t('form.slug')} hint={t('form.slugHint')} error={errors.slug?.message} {...register('slug')} />
            <TextField
              label={t('form.contactEmail')}
              hint={t('form.contactHint')}
              type="email"
              error={errors.contactEmail?.message}
              {...register('contactEmail')}
            />
            <TextField label={t('form.website')} optional type="url" error={errors.website?.message} {...register('website', { setValueAs: empty })} />
          </div>
          <LogoField
            control={control}
            setValue={setValue}
            initial={thumbs}
            name={name || t('form.name')}
            error={errors.logo?.message ?? errors.logo?.id?.message}
          />
          <TextField
            label={t('form.endpoint')}
            hint={t('form.endpointHint')}
            optional
            type="url"
            error={errors.leadEndpointUrl?.message}
            {...register('leadEndpointUrl', { setValueAs: empty })}
          />
          <CheckboxField label={t('form.active')} {...register('isActive')} />
          <FormActions>
            {id && (
              <button type="button" className="adm-btn" onClick={() => void onRotate()}>
                {t('secret.rotate')}
              </button>
            )}
            <button type="submit" className="adm-btn adm-btn--primary" disabled={formState.isSubmitting}>
              {t('form.save')}
            </button>
          </FormActions>
        </form>
      )}
    </>
  );
}
