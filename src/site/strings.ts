import en from '../../locales/en.json' with { type: 'json' };
import type { StringKey } from '../i18n/strings.ts';

/**
 * English UI strings for code that renders without a page locale (server messages, scripts that
 * run before a locale is known). Pages and islands use `src/i18n` (`pageI18n(Astro.url)`, `useT()`),
 * which speak all 13 locales. The strings themselves live in `locales/en.json`.
 */
export { en };
/** A UI string key (plain or plural base). */
export type { StringKey };

const strings = en as Record<string, string>;
const numbers = new Intl.NumberFormat('en');
const plurals = new Intl.PluralRules('en');

/** Looks up an English UI string and fills its `{name}` / `{count, number}` placeholders. */
export function t(key: StringKey, vars: Record<string, string | number> = {}): string {
  const count = vars['count'];
  const raw = typeof count === 'number' && `${key}_other` in strings ? (strings[`${key}_${plurals.select(count)}`] ?? strings[`${key}_other`]) : strings[key];
  return (raw ?? key).replace(/\{\s*(\w+)\s*(,\s*number\s*)?\}/g, (m, name: string, asNumber?: string) => {
    const v = vars[name];
    if (v === undefined) return m;
    return asNumber && typeof v === 'number' ? numbers.format(v) : String(v);
  });
}

/** "1 view" or "1,234 views". */
export const viewsLabel = (n: number): string => t('card.views', { count: n });
/** Formats a count the way the UI shows numbers (1,234). */
export const formatCount = (n: number): string => numbers.format(n);
