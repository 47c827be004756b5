import { z } from 'zod';
import en from '../../locales/en.json' with { type: 'json' };
import { localeInfo } from './locales.ts';
import type { Strings } from './strings.ts';

// Build-time only: zod stays out of the browser, which trusts the files the build checked.

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\s*(\w+)\s*(?:,[^}]*)?\}/g;

/** Plural bases of the English file. */
const pluralBases = Object.keys(en)
  .filter((k) => k.endsWith('_other'))
  .map((k) => k.slice(0, -'_other'.length));
/** Plain (non-plural) keys of the English file. */
const plainKeys = Object.keys(en).filter((k) => !PLURAL_SUFFIX.test(k));

const placeholders = (s: string) => new Set([...s.matchAll(PLACEHOLDER)].map((m) => m[1] as string));

/**
 * The schema of one locale's file: every plain key of `en.json`, every plural form the language
 * needs (Intl.PluralRules categories), non-empty, with the same placeholders as English, and no
 * unknown keys. A missing or broken translation therefore fails the build.
 */
export function stringsSchema(locale: string) {
  const categories = new Intl.PluralRules(localeInfo(locale).lang).resolvedOptions().pluralCategories;
  const shape: Record<string, z.ZodType<string>> = {};
  const withSame = (englishKey: string) => {
    const want = placeholders((en as Record<string, string>)[englishKey] ?? '');
    return z
      .string()
      .trim()
      .min(1)
      .refine((s) => [...want].every((p) => placeholders(s).has(p) || p === 'count'), {
        message: `must keep the placeholders of ${englishKey}: ${[...want].map((p) => `{${p}}`).join(' ')}`,
      });
  };
  for (const key of plainKeys) shape[key] = withSame(key);
  for (const base of pluralBases) {
    for (const cat of categories) shape[`${base}_${cat}`] = withSame(`${base}_other`);
    // Forms the language does not use are allowed (a translator may keep them) but not required.
    for (const cat of ['zero', 'one', 'two', 'few', 'many', 'other']) {
      if (!(categories as readonly string[]).includes(cat)) shape[`${base}_${cat}`] = withSame(`${base}_other`).optional() as unknown as z.ZodType<string>;
    }
  }
  return z.strictObject(shape);
}

/** Parses a locale file, throwing an error that lists every missing, empty or unknown key. */
export function parseStrings(locale: string, data: unknown): Strings {
  const result = stringsSchema(locale).safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.') || (i as { keys?: string[] }).keys?.join(', ') || '(file)'}: ${i.message}`);
    throw new Error(`locales/${locale}.json is incomplete or invalid:\n${problems.join('\n')}`);
  }
  return result.data as Strings;
}
