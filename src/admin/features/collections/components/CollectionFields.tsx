import { useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { CollectionInput } from '../../../../domain/admin-inputs.ts';
import { CollectionType, type Collection } from '../../../../domain/collection.ts';
import { MAX_DESCRIPTION, MAX_NAME, MAX_URL } from '../../../../domain/user-rules.ts';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/fields.tsx';
import { LocaleTextFields } from '../../../components/LocaleTextFields.tsx';
import { t } from '../texts.ts';

/** The API's limit on a meta title (admin-inputs: `metaTitle: text(70)`; spec 5 lists 70). */
export const META_TITLE_MAX = 70;
/** The API's limit on a meta description (spec 5 lists 320). */
export const META_DESCRIPTION_MAX = MAX_URL;

/** The fields of a featured collection as the form edits them (texts never null; empty means none). */
export const CollectionFieldsInput = z.object({
  name: CollectionInput.shape.name,
  description: z.string().trim().max(MAX_DESCRIPTION),
  translations: CollectionInput.shape.translations,
  type: CollectionType,
  isActive: z.boolean(),
  metaTitle: z.string().trim().max(META_TITLE_MAX, `At most ${META_TITLE_MAX} characters`),
  metaDescription: z.string().trim().max(META_DESCRIPTION_MAX, `At most ${META_DESCRIPTION_MAX} characters`),
  priority: z.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(-1_000_000).max(1_000_000),
});
/** @see CollectionFieldsInput */
export type CollectionFieldsInput = z.infer<typeof CollectionFieldsInput>;

/** Field names the API's 400 paths may name. */
export const FIELD_NAMES = ['name', 'description', 'translations', 'type', 'isActive', 'metaTitle', 'metaDescription', 'priority'] as const;

/** A collection's fields as the form starts them. */
export const fieldsOf = (c: Collection): CollectionFieldsInput => ({
  name: c.name,
  description: c.description ?? '',
  translations: c.translations,
  type: c.type,
  isActive: c.isActive,
  metaTitle: c.metaTitle ?? '',
  metaDescription: c.metaDescription ?? '',
  priority: c.priority,
});

/** The fields of a new collection. */
export const NEW_FIELDS: CollectionFieldsInput = {
  name: '',
  description: '',
  translations: {},
  type: 'SPACE',
  isActive: true,
  metaTitle: '',
  metaDescription: '',
  priority: 0,
};

/** 'n / max characters', marked when over. */
function Counter({ count, max }: { count: number; max: number }) {
  return <span className={count > max ? 'col-count col-count--over' : 'col-count'}>{t('field.count', { count, max })}</span>;
}

/** The fields of 'Make Featured Collection' and 'Edit Featured Collection', with the 70/320 counters. */
export function CollectionFields({ form, typeLocked }: { form: UseFormReturn<CollectionFieldsInput>; typeLocked: boolean }) {
  const errors = form.formState.errors;
  const metaTitle = useWatch({ control: form.control, name: 'metaTitle' });
  const metaDescription = useWatch({ control: form.control, name: 'metaDescription' });
  const translations = useWatch({ control: form.control, name: 'translations' });
  return (
    <>
      <TextField label={t('field.name')} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <LocaleTextFields
        field={t('field.name')}
        maxLength={MAX_NAME}
        register={(l) => form.register(`translations.${l}.name`)}
        errorOf={(l) => errors.translations?.[l]?.name?.message}
        valueOf={(l) => translations?.[l]?.name}
      />
      <TextAreaField label={t('field.description')} optional rows={3} error={errors.description?.message} {...form.register('description')} />
      <LocaleTextFields
        field={t('field.description')}
        multiline
        maxLength={MAX_DESCRIPTION}
        register={(l) => form.register(`translations.${l}.description`)}
        errorOf={(l) => errors.translations?.[l]?.description?.message}
        valueOf={(l) => translations?.[l]?.description}
      />
      <div className="adm-form-grid adm-form-grid--2">
        <SelectField
          label={t('field.type')}
          hint={typeLocked ? t('children.typeLocked') : t('field.typeHint')}
          options={CollectionType.options.map((v) => ({ value: v, label: t(`type.${v}`) }))}
          disabled={typeLocked}
          error={errors.type?.message}
          {...form.register('type')}
        />
        <TextField
          label={t('field.priority')}
          hint={t('field.priorityHint')}
          type="number"
          step={1}
          inputMode="numeric"
          error={errors.priority?.message}
          {...form.register('priority', { valueAsNumber: true })}
        />
      </div>
      <CheckboxField label={t('field.active')} error={errors.isActive?.message} {...form.register('isActive')} />
      <fieldset className="adm-fieldset col-seo">
        <legend className="adm-label">{t('field.seo')}</legend>
        <TextField
          label={t('field.metaTitle')}
          optional
          autoComplete="off"
          hint={<Counter count={metaTitle.length} max={META_TITLE_MAX} />}
          error={errors.metaTitle?.message}
          {...form.register('metaTitle')}
        />
        <TextAreaField
          label={t('field.metaDescription')}
          optional
          rows={3}
          hint={<Counter count={metaDescription.length} max={META_DESCRIPTION_MAX} />}
          error={errors.metaDescription?.message}
          {...form.register('metaDescription')}
        />
      </fieldset>
    </>
  );
}
