import { describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../../../client/http.ts';
import { applyApiError } from '../../lib/form-errors.ts';
import { listFieldPaths } from './list-field-paths.ts';

const link = { title: 'Guide', url: 'https://example.com/guide.pdf', kind: 'PDF' as const };

describe('listFieldPaths', () => {
  it('puts each 400 problem of the app lists under its own row', () => {
    const values = {
      name: 'A',
      slug: 'a',
      partnerId: 'p',
      summary: 's',
      documents: [link, link],
      downloads: [],
      resources: [link],
      screenshots: [{ id: 'm1', alt: '' }],
    };
    const setError = vi.fn<(name: string, error: { message: string }) => void>();
    const error = new ResponseError(400, {
      code: 'VALIDATION_ERROR',
      message: 'Check the fields.',
      extra: {
        fields: [
          { path: 'json.documents.1.url', message: 'Enter an http:// or https:// URL.' },
          { path: 'json.resources.0.title', message: 'Enter a title.' },
          { path: 'json.screenshots.0.id', message: 'Unknown image.' },
        ],
      },
    } as never);
    expect(applyApiError(error, setError as never, ['name', ...listFieldPaths(values)])).toBeNull();
    expect(setError.mock.calls.map(([name, e]) => [name, e.message])).toEqual([
      ['documents.1.url', 'Enter an http:// or https:// URL.'],
      ['resources.0.title', 'Enter a title.'],
      ['screenshots.0.id', 'Unknown image.'],
    ]);
  });
});
