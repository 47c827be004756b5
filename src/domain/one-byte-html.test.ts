import { describe, expect, it } from 'vitest';
import { latin1Refs, oneByteHtml } from './one-byte-html.ts';

/** What a browser reads from the text of `html` (its character references decoded). */
const decoded = (html: string) => html.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));

describe('one-byte markup', () => {
  it('writes characters beyond Latin-1 as references a browser reads back as the same text', () => {
    const html = '<a lang="ja" title="日本語">日本語</a> <a>Editors’ Picks</a> <b>Ünïcödé stays</b> <i>😀</i>' + ' plain text'.repeat(100);
    const out = oneByteHtml(html);
    expect([...out].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
    expect(out).toContain('&#26085;&#26412;&#35486;');
    expect(out).toContain('Ünïcödé stays');
    expect(decoded(out)).toBe(html);
    expect(latin1Refs('😀')).toBe('&#128512;');
  });

  it('leaves scripts and styles alone, and the text whole when one of them holds such a character', () => {
    const script = '<script>const s = "’";</script>';
    expect(oneByteHtml(`<p>’</p>${script}${' x'.repeat(200)}`)).toBe(`<p>’</p>${script}${' x'.repeat(200)}`);
    const plain = `<script>const s = 1;</script><style>a{}</style><p>’</p>${' x'.repeat(200)}`;
    expect(oneByteHtml(plain)).toBe(`<script>const s = 1;</script><style>a{}</style><p>&#8217;</p>${' x'.repeat(200)}`);
  });

  it('leaves text where such characters are common (a Japanese header) as it is', () => {
    const ja = '<nav><a>ホーム</a><a>検索</a></nav>';
    expect(oneByteHtml(ja)).toBe(ja);
  });
});
