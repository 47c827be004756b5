import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { CarouselItemInput } from '../../../../domain/admin-inputs.ts';
import type { AdminCarouselItem } from '../../../../domain/admin.ts';
import type { Collection } from '../../../../domain/collection.ts';
import type { CarouselItemType } from '../../../../domain/enums.ts';
import type { Space } from '../../../../domain/space.ts';
import { SITE_BASE } from '../../../../domain/urls.ts';
import { PATHS } from '../../../app/paths.ts';
import { t as appT } from '../../../app/texts.ts';
import { CheckboxField, FieldGroup, FormError, TextAreaField, TextField } from '../../../components/fields.tsx';
import { LocaleTextFields } from '../../../components/LocaleTextFields.tsx';
import { MAX_URL } from '../../../../domain/user-rules.ts';
import { EditorActions } from '../../../components/EditorActions.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchPicker } from '../../../components/SearchPicker.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { useSavingForm } from '../../../components/use-prevent-leave.ts';
import { errorMessage } from '../../../lib/api.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useCreateCarouselItem } from '../api/create-carousel-item.ts';
import { carouselItems } from '../api/carousel-items.ts';
import { useCarouselItem } from '../api/get-carousel-item.ts';
import { carouselKeys } from '../api/keys.ts';
import { searchCollections } from '../api/search-collections.ts';
import { searchSpaces } from '../api/search-spaces.ts';
import { useUpdateCarouselItem } from '../api/update-carousel-item.ts';
import { t } from '../texts.ts';

type Values = z.input<typeof CarouselItemInput>;
const FIELDS = ['type', 'item.id', 'item.url', 'description', 'translations', 'isActive'] as const;
const TYPES: CarouselItemType[] = ['SPACE', 'COLLECTION', 'URL'];
const back = { to: PATHS.carousel, title: t('title') };

/** What the form shows for the chosen space or collection. */
interface Chosen {
  id: string;
  name: string;
  imageUrl: string | null;
  detail?: string | undefined;
}

/** 'Add Carousel Item' (/admin/carousel/create) and 'Edit Carousel Item' (/admin/carousel/{id}). */
export function CarouselForm() {
  const { id } = useParams();
  const existing = useCarouselItem(id);
  const title = id ? t('edit.title') : t('create.title');
  if (id && (existing.isPending || existing.error))
    return (
      <>
        <PageHeader title={title} back={back} />
        {existing.error ? (
          <p className="adm-form-error" role="alert">
            {errorMessage(existing.error)}
          </p>
        ) : (
          <p className="adm-muted">{appT('app.loading')}</p>
        )}
      </>
    );
  return <CarouselEditor key={id ?? 'new'} slide={existing.data} title={title} />;
}

function CarouselEditor({ slide, title }: { slide: AdminCarouselItem | undefined; title: string }) {
  const navigate = useNavigate();
  const create = useCreateCarouselItem();
  const update = useUpdateCarouselItem();
  const [formError, setFormError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(
    slide && slide.type !== 'URL' && slide.item.id
      ? { id: slide.item.id, name: slide.preview?.name ?? slide.item.id, imageUrl: slide.preview?.imageUrl ?? null }
      : null,
  );
  const defaults: Values = slide
    ? {
        type: slide.type,
        item: { id: slide.item.id, url: slide.item.url },
        description: slide.description,
        translations: slide.translations,
        isActive: slide.isActive,
      }
    : { type: 'SPACE', item: { id: null, url: null }, description: null, translations: {}, isActive: true };
  const form = useForm<Values, unknown, z.output<typeof CarouselItemInput>>({ resolver: formResolver(CarouselItemInput), defaultValues: defaults });
  const { register, control, formState, setError, setValue, reset } = form;
  const errors = formState.errors;
  const type = useWatch({ control, name: 'type' });
  const translations = useWatch({ control, name: 'translations' });

  /** Only the item field the type uses goes to the API. */
  const bodyOf = (values: z.output<typeof CarouselItemInput>) => ({
    ...values,
    item: values.type === 'URL' ? { url: values.item.url ?? null } : { id: values.item.id ?? null },
  });
  const save = async (values: z.output<typeof CarouselItemInput>): Promise<boolean> => {
    setFormError(null);
    try {
      if (slide) await update.mutateAsync({ id: slide.id, input: bodyOf(values) });
      else await create.mutateAsync(bodyOf(values));
      reset(values);
      notifySuccess(slide ? t('saved') : t('created'));
      return true;
    } catch (error) {
      setFormError(applyApiError(error, setError, FIELDS));
      return false;
    }
  };
  const { release, onSubmit } = useSavingForm(form, save, () => void navigate(PATHS.carousel));
  const choose = (item: Chosen) => {
    setChosen(item);
    setValue('item.id', item.id, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <>
      <PageHeader title={title} back={back} />
      <form className="adm-card adm-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FieldGroup legend={t('form.type')} error={errors.type?.message}>
          <div className="adm-radios">
            {TYPES.map((value) => (
              <label key={value} className="adm-radio">
                <input
                  type="radio"
                  value={value}
                  {...register('type', {
                    onChange: () => {
                      setChosen(null);
                      setValue('item', { id: null, url: null }, { shouldDirty: true });
                    },
                  })}
                />
                {t(`type.${value}`)}
              </label>
            ))}
          </div>
        </FieldGroup>

        {type === 'URL' ? (
          <TextField
            label={t('form.url')}
            hint={t('form.urlHint', { example: `${SITE_BASE}/search/?q=museum` })}
            inputMode="url"
            autoComplete="off"
            error={errors.item?.url?.message}
            {...register('item.url', { setValueAs: (v: string | null) => (v ? v.trim() || null : null) })}
          />
        ) : (
          <FieldGroup legend={type === 'SPACE' ? t('form.space') : t('form.collection')} error={errors.item?.id?.message}>
            <ChosenItem chosen={chosen} />
            {type === 'SPACE' ? (
              <SearchPicker<Space>
                key="space"
                label={t('form.spaceSearch')}
                hint={t('form.pickHint')}
                placeholder={t('form.spacePlaceholder')}
                queryKey={carouselKeys.spaces}
                search={async (text) => (await searchSpaces(text)).results}
                getKey={(s) => s.id}
                getLabel={(s) => s.name}
                renderOption={(s) => <small>{[s.city, s.countryName].filter(Boolean).join(', ') || s.modelId}</small>}
                onPick={(s) => choose({ id: s.id, name: s.name, imageUrl: s.images.thumbnail, detail: [s.city, s.countryName].filter(Boolean).join(', ') })}
              />
            ) : (
              <SearchPicker<Collection>
                key="collection"
                label={t('form.collectionSearch')}
                hint={t('form.pickHint')}
                placeholder={t('form.collectionPlaceholder')}
                queryKey={carouselKeys.collections}
                search={async (text) => (await searchCollections(text)).results}
                getKey={(c) => c.id}
                getLabel={(c) => c.name}
                renderOption={(c) => (
                  <small>
                    {t('form.spaces', { count: c.childrenCount })}
                    {c.isActive ? '' : ` · ${t('form.inactive')}`}
                  </small>
                )}
                onPick={(c) => choose({ id: c.id, name: c.name, imageUrl: c.coverUrl, detail: t('form.spaces', { count: c.childrenCount }) })}
              />
            )}
          </FieldGroup>
        )}

        <TextAreaField
          label={t('form.description')}
          hint={t('form.descriptionHint')}
          optional
          rows={2}
          error={errors.description?.message}
          {...register('description', { setValueAs: (v: string | null) => (v ? v.trim() || null : null) })}
        />
        <LocaleTextFields
          field={t('form.description')}
          multiline
          maxLength={MAX_URL}
          register={(l) => register(`translations.${l}.description`)}
          errorOf={(l) => errors.translations?.[l]?.description?.message}
          valueOf={(l) => translations?.[l]?.description}
        />
        <CheckboxField label={t('form.active')} error={errors.isActive?.message} {...register('isActive')} />
        <FormError message={formError} />
        <EditorActions
          resource={carouselItems}
          t={t}
          id={slide?.id}
          saving={formState.isSubmitting}
          release={release}
          done={() => void navigate(PATHS.carousel)}
        />
      </form>
    </>
  );
}

/** The chosen space or collection, as a small card. */
function ChosenItem({ chosen }: { chosen: Chosen | null }) {
  if (!chosen) return <p className="adm-hint">{t('form.noneChosen')}</p>;
  return (
    <div className="adm-chosen" data-testid="chosen-item">
      {chosen.imageUrl ? <img className="adm-thumb" src={chosen.imageUrl} alt="" /> : <span className="adm-thumb adm-thumb--empty">{t('noImage')}</span>}
      <div className="adm-cell-main__text">
        <strong>{t('form.chosen', { name: chosen.name })}</strong>
        {chosen.detail && <small>{chosen.detail}</small>}
      </div>
    </div>
  );
}
