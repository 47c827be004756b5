import { describe, expect, it, vi } from 'vitest';

// The site is built with base '/discover'; unit tests run at '/'.
vi.stubEnv('BASE_URL', '/discover/');
const { searchTarget } = await import('./search-target.ts');

const go = (text: string, pro3Enabled = false, locale = 'en') => searchTarget(text, { pro3Enabled, locale });

describe('header search target (spec 2)', () => {
  it('searches for the trimmed text', () => {
    expect(go('  museum of glass ')).toEqual({ url: '/discover/search/?q=museum%20of%20glass', override: null });
  });
  it('does nothing for empty text', () => {
    expect(go('   ')).toBeNull();
  });
  it('sends pro 2, with or without the brand, any case, to the Pro2 camera page', () => {
    for (const t of ['pro 2', 'PRO 2', 'Matterport Pro 2', 'matterport pro2', ' pro2 ']) {
      expect(go(t)).toEqual({ url: '/discover/camera/matterport-pro2/', override: 'matterport-pro2' });
    }
  });
  it('sends pro 3 to the Pro3 page only with the pro3 flag', () => {
    expect(go('pro 3')).toEqual({ url: '/discover/search/?q=pro%203', override: null });
    expect(go('Matterport PRO 3', true)).toEqual({ url: '/discover/camera/matterport-pro3/', override: 'matterport-pro3' });
  });
  it('keeps other texts that merely mention a camera as searches', () => {
    expect(go('pro 2 apartments')?.override).toBeNull();
    expect(go('leica pro 2')?.override).toBeNull();
  });
  it('stays in the page locale', () => {
    expect(go('pro 2', false, 'de')?.url).toBe('/discover/de/camera/matterport-pro2/');
    expect(go('castle', false, 'zh_TW')?.url).toBe('/discover/zh-tw/search/?q=castle');
  });
});
