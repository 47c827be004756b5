import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/i18n.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { languageSwitcherHtml } from './language-switcher-html.ts';

const codes = LOCALES.map((l) => l.code);
/** What a browser reads from the markup's character references. */
const decoded = (html: string) => html.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));

describe('the language switcher', () => {
  it("links the page in every locale, marks the page's own, and names each language in its own script", () => {
    const html = languageSwitcherHtml('/discover/de/space/abc/', 'de', codes, translator('de').t);
    expect(html.match(/<li>/g)).toHaveLength(codes.length);
    expect(html).toContain('<a href="/discover/space/abc/" hreflang="en" lang="en" data-locale="en"> English </a>');
    expect(html).toContain('<a href="/discover/de/space/abc/" hreflang="de" lang="de" aria-current="true" data-locale="de"> Deutsch </a>');
    expect(decoded(html)).toContain('> 日本語 </a>');
    expect([...html].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
  });

  it('is left out of a page that exists in one language only', () => {
    expect(languageSwitcherHtml('/discover/space/abc/', 'en', ['en'], translator('en').t)).toBe('');
  });
});
