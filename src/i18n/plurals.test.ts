import { describe, expect, it } from 'vitest';
import { ensureLocale, translator } from './i18n.ts';

describe('plural forms as the language counts (spec 9)', () => {
  it('Russian picks one / few / many by the number, not by its last digit alone', async () => {
    await ensureLocale('ru');
    const { viewsLabel } = translator('ru');
    const word = (n: number) => viewsLabel(n).replace(/[\d\s\u00a0]/g, '');
    expect(word(1)).toBe(word(21));
    expect(word(2)).toBe(word(4));
    expect(word(5)).toBe(word(11));
    expect(new Set([word(1), word(3), word(5)]).size).toBe(3);
    expect(viewsLabel(1234)).toMatch(/^1\s?234/);
  });

  it('Japanese has one form and groups digits its own way', async () => {
    await ensureLocale('ja');
    const { viewsLabel, formatCount } = translator('ja');
    expect(viewsLabel(1).replace(/\d/g, '')).toBe(viewsLabel(5).replace(/\d/g, ''));
    expect(formatCount(1234)).toBe('1,234');
  });
});
