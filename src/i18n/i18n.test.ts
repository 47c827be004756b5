import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';

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
