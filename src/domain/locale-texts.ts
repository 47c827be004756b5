import { z } from 'zod';

/**
 * Curated texts per locale (issue 26): banners, featured tags, carousel slides and collections keep
 * their English text in their own columns (required) and optional variants per locale in one JSON
 * column, `{ de: { text: '…' }, fr: { … } }`. A locale without a variant (or a field without one)
 * shows the English text.
 */

/** The locales a curated text may be given in besides English (src/i18n/locales.ts lists the same 13 with English). */
export const TEXT_LOCALES = ['en_GB', 'de', 'es', 'fr', 'it', 'nl', 'pt', 'ru', 'ja', 'ko', 'zh_CN', 'zh_TW'] as const;
/** A locale a curated text may be given in besides English. */
export const TextLocale = z.enum(TEXT_LOCALES);
/** @see TextLocale */
export type TextLocale = z.infer<typeof TextLocale>;

/** A locale code a public read may ask its texts in (`en` or one of TEXT_LOCALES). */
export type TextLocaleCode = 'en' | TextLocale;

/** The `locale` query of the public reads: texts in that locale, English where it has none. */
export const LocaleQuery = z
  .enum(['en', ...TEXT_LOCALES])
  .optional()
  .meta({
    description: 'Answer the texts in this locale (English where it has none) and leave `translations` empty; without it, every variant is in `translations`',
  });

/** Variants per locale of some text fields: each locale and each field optional. */
export const translationsOf = <S extends z.ZodRawShape>(fields: S) =>
  z
    .partialRecord(TextLocale, z.object(fields).partial())
    .meta({ description: 'Texts per locale (en_GB, de, fr…); a missing locale or field shows the English one' });

/** Stored or answered variants: locale → field → text. */
export type Translations<K extends string> = Partial<Record<TextLocale, { [F in K]?: string | undefined }>>;

/** Reads a stored JSON column of variants; junk and unknown locales are dropped, empty texts too (they fall back to English). */
export function parseTranslations<K extends string>(json: string | null | undefined, fields: readonly K[]): Translations<K> {
  let raw: unknown;
  try {
    raw = JSON.parse(json ?? '{}');
  } catch {
    return {};
  }
  return cleanTranslations(raw, fields);
}

/** Keeps the known locales and fields with non-blank texts (trimmed); what the API stores and answers. */
export function cleanTranslations<K extends string>(raw: unknown, fields: readonly K[]): Translations<K> {
  const out: Translations<K> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const locale of TEXT_LOCALES) {
    const variant = (raw as Record<string, unknown>)[locale];
    if (!variant || typeof variant !== 'object') continue;
    const texts: Partial<Record<K, string>> = {};
    for (const f of fields) {
      const v = (variant as Record<string, unknown>)[f];
      if (typeof v === 'string' && v.trim()) texts[f] = v.trim();
    }
    if (Object.keys(texts).length) out[locale] = texts;
  }
  return out;
}

/** The text of `field` in `locale`, or the English one. */
export function textIn<K extends string>(english: string, translations: Translations<K> | undefined, field: K, locale: string | undefined): string {
  if (!locale || locale === 'en') return english;
  return translations?.[locale as TextLocale]?.[field] || english;
}

/**
 * A record with its texts in `locale` (English where it has none) and `translations` emptied: the
 * answer of a read with `?locale=`, and what a page of that locale renders.
 */
export function inLocale<T extends { translations: Translations<K> }, K extends string>(record: T, fields: readonly K[], locale: string | undefined): T {
  if (!locale) return record;
  const out: T = { ...record, translations: {} };
  if (locale === 'en') return out;
  for (const f of fields) {
    const v = record.translations[locale as TextLocale]?.[f];
    if (v) (out as Record<string, unknown>)[f] = v;
  }
  return out;
}
