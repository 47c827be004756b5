import { expect, test } from 'vitest';
import { escapeHtml } from './html.ts';

test('escapeHtml makes markup and quotes inert in content and attributes', () => {
  expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  expect(escapeHtml('plain text, café')).toBe('plain text, café');
  expect(escapeHtml(42)).toBe('42');
});
