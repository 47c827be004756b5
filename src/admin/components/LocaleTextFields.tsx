import type { UseFormRegisterReturn } from 'react-hook-form';
import { TEXT_LOCALES, type TextLocale } from '../../domain/locale-texts.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { defineTexts } from '../lib/i18n.ts';
import { TextAreaField, TextField } from './fields.tsx';

const t = defineTexts('localeTexts', {
  legend: '{field} in other languages',
  hint: 'Optional. A language left empty shows the English text.',
  filled_one: '{count} of {total} languages given',
  filled_other: '{count} of {total} languages given',
  locale: '{name} ({code})',
});

/** The language's own name and its code, as the console lists them. */
const nameOf = (code: TextLocale) => LOCALES.find((l) => l.code === code)?.name ?? code;

/** What each curated form passes for its per-locale text: the field's wiring per locale. */
export interface LocaleTextFieldsProps {
  /** The English field's label ('Text', 'Name'…), used in the legend. */
  field: string;
  /** `register('translations.<locale>.<field>')` of the form. */
  register: (locale: TextLocale) => UseFormRegisterReturn;
  /** The error of one locale's field, if any. */
  errorOf: (locale: TextLocale) => string | undefined;
  /** The current value of one locale's field (for the count of languages given). */
  valueOf: (locale: TextLocale) => string | undefined;
  maxLength: number;
  /** A text area rather than a one-line input. */
  multiline?: boolean;
}

/**
 * The optional texts of a curated field in the 12 other languages (issue 26): the English field
 * stays the form's own (required); these sit in a closed disclosure so the form stays short, and
 * it opens by itself when one of them is invalid.
 */
export function LocaleTextFields({ field, register, errorOf, valueOf, maxLength, multiline = false }: LocaleTextFieldsProps) {
  const filled = TEXT_LOCALES.filter((l) => valueOf(l)?.trim()).length;
  const invalid = TEXT_LOCALES.some((l) => errorOf(l));
  return (
    <details className="adm-locale-texts" open={invalid || undefined}>
      <summary className="adm-label">
        {t('legend', { field })} <span className="adm-hint">— {t('filled', { count: filled, total: TEXT_LOCALES.length })}</span>
      </summary>
      <fieldset className="adm-stack" style={{ border: 0, padding: '0.5rem 0 0', margin: 0 }}>
        <legend className="adm-sr-only">{t('legend', { field })}</legend>
        <p className="adm-hint">{t('hint')}</p>
        <div className="adm-form-grid adm-form-grid--2">
          {TEXT_LOCALES.map((code) => {
            const props = { label: t('locale', { name: nameOf(code), code }), optional: true, error: errorOf(code), maxLength, ...register(code) };
            return multiline ? (
              <TextAreaField key={code} rows={2} lang={code.replace('_', '-')} {...props} />
            ) : (
              <TextField key={code} lang={code.replace('_', '-')} {...props} />
            );
          })}
        </div>
      </fieldset>
    </details>
  );
}
