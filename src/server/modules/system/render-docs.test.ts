import { expect, test } from 'vitest';
import { renderDocsHtml, typeLabel } from './render-docs.ts';

test('type labels name components, arrays and unions', () => {
  expect(typeLabel({ $ref: '#/components/schemas/Space' })).toBe('Space');
  expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/Banner' } })).toBe('Banner[]');
  expect(typeLabel({ anyOf: [{ $ref: '#/components/schemas/Collection' }, { type: 'null' }] })).toBe('Collection | null');
  expect(typeLabel({ enum: ['SPACE', 'URL'] })).toBe('"SPACE" | "URL"');
});

test('renders operations grouped by tag and escapes text', () => {
  const html = renderDocsHtml({
    info: { title: 'T', version: '1', description: '<b>x</b>' },
    paths: {
      '/a/{id}/': {
        get: {
          tags: ['Things'],
          summary: 'Get a thing',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    components: { schemas: { Thing: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } },
  });
  expect(html).toContain('<h2>Things</h2>');
  expect(html).toContain('Get a thing');
  expect(html).toContain('<a href="#schema-Thing">Thing</a>');
  expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
  expect(html).not.toMatch(/<(script|link)\b/);
});

test('backticks in descriptions become code spans', () => {
  const html = renderDocsHtml({ info: { title: 'T', version: '1' }, paths: { '/a': { get: { description: 'use `seek` <now>', responses: {} } } } });
  expect(html).toContain('use <code>seek</code> &lt;now&gt;');
});
