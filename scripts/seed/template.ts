/** A placeholder value: a fixed string/number, or a function called once per occurrence (so '{surname} & {surname}' can differ). */
export type TemplateValue = string | number | (() => string | number);

/** Replace `{name}` placeholders in `template`; unknown placeholders are left as-is so tests can catch them. */
export function fillTemplate(template: string, values: Readonly<Record<string, TemplateValue>>): string {
  return template.replace(/\{([a-zA-Z0-9_]+)\}/g, (whole, key: string) => {
    const v = values[key];
    if (v === undefined) return whole;
    return String(typeof v === 'function' ? v() : v);
  });
}

/** Names of all `{placeholders}` used in a template, in order of first appearance. */
export function templatePlaceholders(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(/\{([a-zA-Z0-9_]+)\}/g)) {
    const key = m[1] as string;
    if (!out.includes(key)) out.push(key);
  }
  return out;
}

/** Round to a "listing-friendly" value: 2497 -> 2500, 146 -> 145, 37 -> 37 (keeps small numbers exact). */
export function niceNumber(n: number): number {
  const a = Math.abs(n);
  if (a < 100) return Math.round(n);
  if (a < 1000) return Math.round(n / 5) * 5;
  if (a < 10000) return Math.round(n / 50) * 50;
  return Math.round(n / 500) * 500;
}
