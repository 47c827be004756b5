/**
 * Markup as a one-byte string (issue 26). V8 keeps a string whose characters all fit in Latin-1 at
 * one byte a character; one character beyond (the language switcher's "日本語", a curly apostrophe
 * in a collection's name) makes the whole page, once Astro joins its pieces, a two-byte string, and
 * Astro's single `TextEncoder.encode` of the page then costs 2–3 times as much. The layout's
 * markup kept per locale is written with such characters as numeric character references
 * (`&#26085;`), which the browser reads as the same characters, when that leaves the text readable
 * as it was: outside `<script>` and `<style>` (where references are not decoded), and only when
 * such characters are rare in it (a Japanese header stays as it is: the page around it is
 * two-byte anyway, and references would triple its bytes).
 */

/** A character beyond Latin-1 (a surrogate pair's halves included). */
const WIDE = /[\u0100-\uffff]/;
const WIDE_ALL = /[\ud800-\udbff][\udc00-\udfff]|[\u0100-\uffff]/g;
/** Elements whose text is not HTML: references inside are not decoded. */
const RAW_TEXT = /<(script|style)\b[\s\S]*?<\/\1\s*>/gi;
/** Beyond this share of wide characters the text is left as it is. */
const MAX_WIDE_SHARE = 0.02;

/** The same string, stored one byte a character (V8 keeps a slice or a replacement of a two-byte string two-byte). */
const latin1 = (s: string) => Buffer.from(s, 'latin1').toString('latin1');

const ref = (c: string) => `&#${c.codePointAt(0)};`;

/** `text` with each character beyond Latin-1 written as a numeric character reference, as a one-byte string. */
export function latin1Refs(text: string): string {
  return WIDE.test(text) ? latin1(text.replace(WIDE_ALL, ref)) : text;
}

/**
 * `html` as a one-byte string, characters beyond Latin-1 outside `<script>` and `<style>` written
 * as references; `html` itself when a script or style holds one, or when they are not rare.
 */
export function oneByteHtml(html: string): string {
  if (!WIDE.test(html)) return latin1(html);
  let wide = 0;
  for (const _ of html.matchAll(WIDE_ALL)) wide++;
  if (wide > html.length * MAX_WIDE_SHARE) return html;
  let out = '';
  let at = 0;
  for (const m of html.matchAll(RAW_TEXT)) {
    if (WIDE.test(m[0])) return html;
    out += html.slice(at, m.index).replace(WIDE_ALL, ref) + m[0];
    at = m.index + m[0].length;
  }
  out += html.slice(at).replace(WIDE_ALL, ref);
  return latin1(out);
}
