import { describe, expect, it } from 'vitest';
import { i18n, loadAllLocales, translator, type StringKey } from './i18n.ts';
import { LOCALES } from './locales.ts';
import { EN_STRINGS } from './strings.ts';

describe('translator', () => {
  it('a string without values answers the same text on every call, and one with values is filled each time', () => {
    const { t, viewsLabel } = translator('en');
    const first = t('banner.label');
    expect(first).toBe('Announcement');
    expect(t('banner.label')).toBe(first);
    expect(viewsLabel(1)).toMatch(/^1 view$/);
    expect(viewsLabel(1234)).toMatch(/^1,234 views$/);
  });
});

describe('strings with values', () => {
  it('read the same as i18next fills them, in every locale, for every string, count and value', async () => {
    await loadAllLocales();
    const counts = [1, 2, 3, 5, 11, 21, 22, 101, 1234, 1234.5, 1_000_000, 0, -1];
    const text = 'Zoë & <b>$1</b> $&';
    for (const { code, lang } of LOCALES) {
      const { t } = translator(code);
      const fixed = i18n.getFixedT(lang);
      const keys = new Set(Object.keys(EN_STRINGS).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
      let compared = 0;
      for (const key of keys) {
        const names = [...(fixed(key, {}) + String((EN_STRINGS as Record<string, string>)[`${key}_other`] ?? '')).matchAll(/\{\s*([A-Za-z]+)/g)].map(
          (m) => m[1] as string,
        );
        if (names.length === 0) continue;
        for (const n of counts) {
          const vars = Object.fromEntries(names.map((name, i) => [name, name === 'count' || i % 2 ? n : `${text} ${n}`]));
          expect(t(key as StringKey, vars), `${code} ${key} ${JSON.stringify(vars)}`).toBe(fixed(key, vars));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(100);
    }
  });
});
