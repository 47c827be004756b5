import { describe, expect, it } from 'vitest';
import { ResponseError, UnreachableError } from '../../client/http.ts';
import { applyApiError } from './form-errors.ts';

/** A setError that records what the form would show. */
function recorder() {
  const set: Record<string, string | undefined> = {};
  const focus: string[] = [];
  const setError = (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
    set[name] = error.message;
    if (options?.shouldFocus) focus.push(name);
  };
  return { set, focus, setError };
}

const validation = (fields: { path: string; message: string }[]) =>
  new ResponseError(400, { code: 'VALIDATION_ERROR', message: 'The request is not valid.', extra: { fields }, retry: false });

describe('applyApiError: a 400 body onto the form', () => {
  it('maps json.* paths onto the matching fields and focuses the first', () => {
    const r = recorder();
    const rest = applyApiError(
      validation([
        { path: 'json.item.id', message: 'No such space' },
        { path: 'json.name', message: 'Too long' },
      ]),
      r.setError as never,
      ['name', 'item.id', 'item.url'],
    );
    expect(rest).toBeNull();
    expect(r.set).toEqual({ 'item.id': 'No such space', name: 'Too long' });
    expect(r.focus).toEqual(['item.id']);
  });

  it('maps an item of an array field onto the array (tags.2 → tags)', () => {
    const r = recorder();
    expect(applyApiError(validation([{ path: 'json.tags.2', message: 'Unknown tag: zzz' }]), r.setError as never, ['name', 'tags'])).toBeNull();
    expect(r.set).toEqual({ tags: 'Unknown tag: zzz' });
  });

  it('answers the message of problems no field shows', () => {
    const r = recorder();
    const rest = applyApiError(validation([{ path: 'json.priority', message: 'Too big' }]), r.setError as never, ['name']);
    expect(rest).toBe('The request is not valid. Too big');
    expect(r.set).toEqual({});
  });

  it('answers the API message of other statuses, and the generic one when the API is unreachable', () => {
    const r = recorder();
    const conflict = new ResponseError(409, { code: 'CONFLICT', message: 'A tag named Museums exists.', extra: null, retry: false });
    expect(applyApiError(conflict, r.setError as never, ['name'])).toBe('A tag named Museums exists.');
    const down = new UnreachableError('GET /admin/api/banner/', { cause: new TypeError('Failed to fetch') });
    expect(applyApiError(down, r.setError as never, ['name'])).toBe('Unexpected Error. Try again or contact support if the problem persists.');
  });
});
