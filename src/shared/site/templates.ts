/**
 * Strings a browser script gets translated at build time, as data attributes, so it ships no i18n
 * runtime: `pluralTemplates` at build turns a plural string into one template per plural category of
 * the locale (`{n}` where the number goes); `fill` in the browser picks one with Intl.PluralRules.
 */

/** A template per plural category of `lang`, from a function rendering the text for a count. */
export function pluralTemplates(lang: string, render: (count: number) => string): Record<string, string> {
  const rules = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  const out: Record<string, string> = {};
  for (const cat of rules.resolvedOptions().pluralCategories) {
    const samples = [...Array.from({ length: 198 }, (_, i) => i + 2), 1, 0];
    const n = samples.find((i) => rules.select(i) === cat);
    if (n === undefined) continue;
    out[cat] = render(n).replace(numbers.format(n), '{n}');
  }
  return out;
}

/**
 * Fills a template of the page's strings: `{name}` placeholders; a plural template is an object of
 * the locale's plural categories (built at build time), chosen with `Intl.PluralRules`.
 */
export function fill(template: string | Record<string, string> | undefined, vars: Record<string, string | number> = {}, lang = 'en'): string {
  let text = template ?? '';
  if (typeof template === 'object') {
    const cat = new Intl.PluralRules(lang).select(Number(vars['count'] ?? 0));
    text = template[cat] ?? template['other'] ?? Object.values(template)[0] ?? '';
  }
  return (text as string).replace(/\{(\w+)\}/g, (m, k: string) => {
    const v = vars[k === 'n' ? 'count' : k];
    if (v === undefined) return m;
    return typeof v === 'number' ? new Intl.NumberFormat(lang).format(v) : v;
  });
}
