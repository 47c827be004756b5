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
