import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { BannerInput } from '../../../../domain/admin-inputs.ts';
import { bannerColors } from '../../../../domain/banner-color.ts';
import type { Banner } from '../../../../domain/homepage.ts';
import { CheckboxField, FormError, TextAreaField, TextField } from '../../../components/fields.tsx';
import { EditorActions } from '../../../components/EditorActions.tsx';
import { LocaleTextFields } from '../../../components/LocaleTextFields.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { useSavingForm } from '../../../components/use-prevent-leave.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useCreateBanner } from '../api/create-banner.ts';
import { banners } from '../api/banners.ts';
import { useUpdateBanner } from '../api/update-banner.ts';
import { t } from '../texts.ts';

type Values = z.input<typeof BannerInput>;
const FIELDS = ['text', 'translations', 'color', 'hyperlink', 'expirationDate', 'isActive', 'isHideable'] as const;

/** The stored expiration moment as the date input shows it (the UTC day). */
const toDateInput = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 10) : null);

function defaultsOf(banner: Banner | undefined): Values {
  if (!banner) return { text: '', translations: {}, color: 'FFBB00', hyperlink: null, expirationDate: null, isActive: true, isHideable: true };
  return {
    text: banner.text,
    translations: banner.translations,
    color: banner.color.toUpperCase(),
    hyperlink: banner.hyperlink,
    expirationDate: toDateInput(banner.expirationDate),
    isActive: banner.isActive,
    isHideable: banner.isHideable,
  };
}

/** Create or edit one banner, with a live preview of the public banner (spec 2, 9). */
export function BannerEditor({ banner, onDone }: { banner?: Banner | undefined; onDone: () => void }) {
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof BannerInput>>({ resolver: formResolver(BannerInput), defaultValues: defaultsOf(banner) });
  const { register, formState, control, setValue, setError, reset } = form;
  const errors = formState.errors;

  const save = async (values: z.output<typeof BannerInput>): Promise<boolean> => {
    setFormError(null);
    try {
      if (banner) await update.mutateAsync({ id: banner.id, input: values });
      else await create.mutateAsync(values);
      reset(values);
      notifySuccess(banner ? t('saved') : t('created'));
      return true;
    } catch (error) {
      setFormError(applyApiError(error, setError, FIELDS));
      return false;
    }
  };
  const { release, onSubmit } = useSavingForm(form, save, onDone);

  const [color, message, hyperlink, hideable, translations] = useWatch({ control, name: ['color', 'text', 'hyperlink', 'isHideable', 'translations'] });
  const validHex = /^[0-9a-f]{6}$/i.test(color);
  const preview = { message: message ?? '', link: Boolean(hyperlink), hideable: hideable ?? true, ...bannerColors(color) };
  const title = banner ? t('form.editTitle') : t('form.createTitle');

  return (
    <section className="adm-card adm-stack adm-editor" aria-labelledby="banner-editor-title">
      <h2 id="banner-editor-title">{title}</h2>
      <div className="adm-banner-preview" aria-label={t('form.preview')} role="group">
        <p className="adm-label">{t('form.preview')}</p>
        {preview.message.trim() ? (
          <div className="adm-banner-preview__strip" style={{ background: preview.background, color: preview.text }} data-testid="banner-preview">
            <p>
              {preview.message}
              {preview.link && (
                <>
                  {' '}
                  <span className="adm-banner-preview__here">{t('form.previewHere')}</span>
                </>
              )}
            </p>
            {preview.hideable && (
              <span className="adm-banner-preview__close" aria-label={t('form.previewClose')} role="img">
                <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </span>
            )}
          </div>
        ) : (
          <p className="adm-hint">{t('form.previewEmpty')}</p>
        )}
      </div>
      <form className="adm-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextAreaField label={t('form.text')} hint={t('form.textHint')} error={errors.text?.message} rows={2} maxLength={320} {...register('text')} />
        <LocaleTextFields
          field={t('form.text')}
          multiline
          maxLength={320}
          register={(l) => register(`translations.${l}.text`)}
          errorOf={(l) => errors.translations?.[l]?.text?.message}
          valueOf={(l) => translations?.[l]?.text}
        />
        <div className="adm-form-grid adm-form-grid--2">
          <div className="adm-color-row">
            <TextField
              label={t('form.color')}
              hint={t('form.colorHint')}
              error={errors.color?.message}
              autoComplete="off"
              spellCheck={false}
              maxLength={6}
              className="adm-color-hex"
              {...register('color', { setValueAs: (v: string) => v.trim().replace(/^#/, '').toUpperCase() })}
            />
            <label className="adm-color-pick">
              <span className="adm-sr-only">{t('form.colorPicker')}</span>
              <input
                type="color"
                value={(validHex ? `#${color}` : bannerColors(null).background).toLowerCase()}
                onChange={(e) => setValue('color', e.target.value.slice(1).toUpperCase(), { shouldDirty: true, shouldValidate: true })}
              />
            </label>
          </div>
          <TextField
            label={t('form.expirationDate')}
            hint={t('form.expirationHint')}
            optional
            type="date"
            error={errors.expirationDate?.message}
            {...register('expirationDate', { setValueAs: (v: string | null) => v || null })}
          />
        </div>
        <TextField
          label={t('form.hyperlink')}
          hint={t('form.hyperlinkHint')}
          optional
          type="text"
          inputMode="url"
          placeholder="https://"
          error={errors.hyperlink?.message}
          {...register('hyperlink', { setValueAs: (v: string | null) => (v ? v.trim() || null : null) })}
        />
        <div className="adm-form-grid adm-form-grid--2">
          <CheckboxField label={t('form.active')} error={errors.isActive?.message} {...register('isActive')} />
          <CheckboxField label={t('form.hideable')} error={errors.isHideable?.message} {...register('isHideable')} />
        </div>
        <FormError message={formError} />
        <EditorActions resource={banners} t={t} id={banner?.id} saving={formState.isSubmitting} release={release} done={onDone} />
      </form>
    </section>
  );
}
