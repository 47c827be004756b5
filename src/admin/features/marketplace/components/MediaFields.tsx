import { useRef, useState, type ChangeEvent } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import type { z } from 'zod';
import { FieldGroup, SelectField, TextField } from '../../../components/fields.tsx';
import { ReorderList } from '../../../components/ReorderList.tsx';
import { notifyError } from '../../../components/status-store.ts';
import type { AppInput, MarketplaceImage, PartnerInput } from '../../../../domain/marketplace.ts';
import { useUploadMedia } from '../api/upload-media.ts';
import { t } from '../texts.ts';

type AppValues = z.input<typeof AppInput>;
type PartnerValues = z.input<typeof PartnerInput>;
/** Thumbnails of images known to the form (saved ones and fresh uploads), by media id. */
export type Thumbs = Record<string, string>;

export const thumbsOf = (images: readonly (MarketplaceImage | null | undefined)[]): Thumbs =>
  Object.fromEntries(images.filter((i): i is MarketplaceImage => Boolean(i)).map((i) => [i.id, i.thumbnail]));

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** A button opening the file chooser; the chosen file goes to `onFile`. */
function UploadButton({ label, busy, onFile }: { label: string; busy: boolean; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <input ref={input} type="file" accept={ACCEPT} hidden aria-hidden="true" tabIndex={-1} onChange={onChange} data-upload={label} />
      <button type="button" className="adm-btn adm-btn--sm" disabled={busy} aria-busy={busy || undefined} onClick={() => input.current?.click()}>
        {busy ? t('media.uploading') : label}
      </button>
    </>
  );
}

/** Partner › Logo: upload (the API's safe upload path), preview, remove. */
export function LogoField({
  control,
  setValue,
  initial,
  name,
  error,
}: {
  control: Control<PartnerValues>;
  setValue: UseFormSetValue<PartnerValues>;
  initial: Thumbs;
  name: string;
  error?: string | undefined;
}) {
  const logo = useWatch({ control, name: 'logo' });
  const [thumbs, setThumbs] = useState<Thumbs>({});
  const upload = useUploadMedia('LOGO');
  const src = logo ? (thumbs[logo.id] ?? initial[logo.id]) : undefined;
  const onFile = (file: File) =>
    upload.mutate(
      { file, alt: t('media.logoAlt', { name }) },
      {
        onSuccess: (image) => {
          setThumbs((m) => ({ ...m, [image.id]: image.thumbnail }));
          setValue('logo', { id: image.id, alt: image.alt }, { shouldDirty: true, shouldValidate: true });
        },
        onError: notifyError,
      },
    );
  return (
    <FieldGroup legend={t('media.logo')} hint={t('media.logoHint')} error={error}>
      <div className="adm-mk-logo">
        {src ? (
          <img className="adm-mk-logo__img" src={src} alt={logo?.alt || t('media.logoAlt', { name })} width={72} height={72} />
        ) : (
          <span className="adm-mk-logo__img adm-thumb--empty">{t('media.noLogo')}</span>
        )}
        <div className="adm-actions">
          <UploadButton label={logo ? t('media.replaceLogo') : t('media.chooseLogo')} busy={upload.isPending} onFile={onFile} />
          {logo && (
            <button type="button" className="adm-btn adm-btn--sm adm-btn--ghost" onClick={() => setValue('logo', null, { shouldDirty: true })}>
              {t('media.removeLogo')}
            </button>
          )}
        </div>
      </div>
    </FieldGroup>
  );
}

/** App › Screenshots: upload, alt text, reorder (ReorderList), remove; at most 8. */
export function ScreenshotsField({
  control,
  register,
  initial,
  errors,
}: {
  control: Control<AppValues>;
  register: UseFormRegister<AppValues>;
  initial: Thumbs;
  errors: FieldErrors<AppValues>;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'screenshots', keyName: 'key' });
  const [thumbs, setThumbs] = useState<Thumbs>({});
  const upload = useUploadMedia('SCREENSHOT');
  const onFile = (file: File) =>
    upload.mutate(
      { file },
      {
        onSuccess: (image) => {
          setThumbs((m) => ({ ...m, [image.id]: image.thumbnail }));
          append({ id: image.id, alt: image.alt });
        },
        onError: notifyError,
      },
    );
  const listError = errors.screenshots?.message ?? errors.screenshots?.root?.message;
  return (
    <FieldGroup legend={t('media.screenshots')} hint={t('media.screenshotsHint')} error={listError}>
      {fields.length > 0 && (
        <ReorderList
          label={t('media.screenshotsLabel')}
          items={fields}
          getId={(f) => f.key}
          itemName={(f) => t('media.screenshotName', { n: fields.indexOf(f) + 1 })}
          onMove={(f, to) => move(fields.indexOf(f), to)}
          renderItem={(f, i) => (
            <div className="adm-mk-shot">
              {(thumbs[f.id] ?? initial[f.id]) ? (
                <img className="adm-mk-shot__img" src={thumbs[f.id] ?? initial[f.id]} alt="" width={112} height={70} />
              ) : (
                <span className="adm-mk-shot__img adm-thumb--empty">{t('media.screenshotName', { n: i + 1 })}</span>
              )}
              <TextField
                className="adm-mk-shot__alt"
                label={t('media.altOf', { n: i + 1 })}
                error={errors.screenshots?.[i]?.alt?.message ?? errors.screenshots?.[i]?.id?.message}
                {...register(`screenshots.${i}.alt`)}
              />
              <button
                type="button"
                className="adm-btn adm-btn--sm adm-btn--ghost"
                aria-label={t('form.removeName', { name: t('media.screenshotName', { n: i + 1 }) })}
                onClick={() => remove(i)}
              >
                {t('form.remove')}
              </button>
            </div>
          )}
        />
      )}
      {fields.length < 8 && (
        <div className="adm-actions">
          <UploadButton label={t('media.addScreenshot')} busy={upload.isPending} onFile={onFile} />
        </div>
      )}
    </FieldGroup>
  );
}

type LinkList = 'documents' | 'downloads' | 'resources';

/** App › Documents / Downloads / Resources: rows of title + URL (+ PDF), each row's errors under it (the form's or the API's 400 `extra.fields`). */
export function LinksField({
  list,
  control,
  register,
  errors,
}: {
  list: LinkList;
  control: Control<AppValues>;
  register: UseFormRegister<AppValues>;
  errors: FieldErrors<AppValues>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: list, keyName: 'key' });
  const legend = t(`links.${list}`);
  const rowErrors = errors[list];
  return (
    <FieldGroup legend={legend} hint={t('links.hint')} error={rowErrors?.message ?? rowErrors?.root?.message}>
      {fields.length === 0 && <p className="adm-hint">{t('links.empty')}</p>}
      <ol className="adm-mk-links">
        {fields.map((f, i) => (
          <li key={f.key} className="adm-mk-link">
            <TextField
              label={t('links.title')}
              aria-label={t('links.rowTitle', { list: legend, n: i + 1 })}
              error={rowErrors?.[i]?.title?.message}
              {...register(`${list}.${i}.title`)}
            />
            <TextField
              label={t('links.url')}
              aria-label={t('links.rowUrl', { list: legend, n: i + 1 })}
              type="url"
              error={rowErrors?.[i]?.url?.message ?? rowErrors?.[i]?.kind?.message}
              {...register(`${list}.${i}.url`)}
            />
            <SelectField
              label={t('links.kind')}
              aria-label={t('links.rowKind', { list: legend, n: i + 1 })}
              options={[
                { value: 'LINK', label: t('links.link') },
                { value: 'PDF', label: t('links.pdf') },
              ]}
              {...register(`${list}.${i}.kind`)}
            />
            <button type="button" className="adm-btn adm-btn--sm adm-btn--ghost adm-mk-link__remove" onClick={() => remove(i)}>
              <span aria-hidden="true">{t('form.remove')}</span>
              <span className="adm-sr-only">{t('links.remove', { list: legend, n: i + 1 })}</span>
            </button>
          </li>
        ))}
      </ol>
      {fields.length < 20 && (
        <div className="adm-actions">
          <button type="button" className="adm-btn adm-btn--sm" onClick={() => append({ title: '', url: '', kind: 'LINK' })}>
            {t('links.add', { list: legend.toLowerCase() })}
          </button>
        </div>
      )}
    </FieldGroup>
  );
}
