import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, iconSvg } from './icons.ts';

const sprite = readFileSync(new URL('./icons.svg', import.meta.url), 'utf8');

describe('icon sprite', () => {
  it('holds one 24×24 symbol per icon name, and no other', () => {
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect(symbols).toEqual([...ICON_NAMES]);
    expect(sprite.match(/<symbol\b/g)).toHaveLength(ICON_NAMES.length);
  });

  it('draws a decorative icon hidden from assistive technology, in the text colour', () => {
    const html = iconSvg('eye', { className: 'inline-icon' });
    expect(html).toMatch(/^<svg class="inline-icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" [^>]*aria-hidden="true" focusable="false">/);
    expect(html).toMatch(/<use href="[^"#]*icons[^"#]*\.svg[^"#]*#eye"\/><\/svg>$/);
    expect(html).not.toContain('role=');
  });

  it('names a labelled icon as an image', () => {
    const html = iconSvg('twitter', { label: 'X & Twitter' });
    expect(html).toContain('role="img" aria-label="X &amp; Twitter"');
    expect(html).not.toContain('aria-hidden');
  });
});
