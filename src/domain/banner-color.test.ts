import { describe, expect, it } from 'vitest';
import { bannerColors, contrastRatio } from './banner-color.ts';

describe('pencil banner colours (spec 2, 9)', () => {
  it('uses black text on FFBB00', () => {
    expect(bannerColors('FFBB00')).toEqual({ background: '#FFBB00', text: '#000000' });
    expect(bannerColors('ffbb00').text).toBe('#000000');
  });
  it('uses white text on dark colours', () => {
    expect(bannerColors('1F3A8A')).toEqual({ background: '#1F3A8A', text: '#FFFFFF' });
  });
  it('keeps AA contrast when white would not be readable', () => {
    const { background, text } = bannerColors('A0E7FF');
    expect(text).toBe('#000000');
    expect(contrastRatio(background.slice(1), text.slice(1))).toBeGreaterThanOrEqual(4.5);
  });
  it('falls back to the brand colour for a bad value', () => {
    expect(bannerColors('#zzz').background).toBe('#4F3BD9');
  });
});
