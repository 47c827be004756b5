import { describe, expect, it } from 'vitest';
import { descriptionHtml } from './description.ts';

describe('app description', () => {
  it('renders paragraphs, lists, emphasis and http(s) links', () => {
    const html = descriptionHtml('Plans **fast** and *neat*.\n\n- one\n- [two](https://example.com/a?b=1&c=2)');
    expect(html).toBe(
      '<p>Plans <strong>fast</strong> and <em>neat</em>.</p>\n<ul><li>one</li><li><a href="https://example.com/a?b=1&amp;c=2" rel="noopener nofollow">two</a></li></ul>',
    );
  });

  it('never lets HTML or script links through', () => {
    const html = descriptionHtml('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('&lt;img');
  });
});
