import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ResponseError } from '../../client/http.ts';
import { errorMessage } from './api.ts';

/** Where a 400's field paths point: `json.item.id` is the form field `item.id`. */
const SOURCES = /^(json|query|param|form)\./;

/**
 * Maps a failed save onto the form: each of a 400 body's `extra.fields` whose path (`json.name`,
 * `json.item.id`, `json.tags.2`) names one of `fields` (or an item of it: `tags.2` → `tags`) becomes
 * that field's error through `setError`; answers the message to show near the form for the rest
 * (another status, or a field the form does not have), or null when every problem found a field.
 */
export function applyApiError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly FieldPath<T>[]): string | null {
  if (!(error instanceof ResponseError) || error.status !== 400 || error.fields.length === 0) return errorMessage(error);
  const known = [...fields].sort((a, b) => b.length - a.length);
  const unmatched: string[] = [];
  let focused = false;
  for (const problem of error.fields) {
    const path = problem.path.replace(SOURCES, '');
    const field = known.find((f) => path === f || path.startsWith(`${f}.`));
    if (!field) {
      unmatched.push(problem.message);
      continue;
    }
    setError(field, { type: 'server', message: problem.message }, { shouldFocus: !focused });
    focused = true;
  }
  if (unmatched.length) return `${error.body.message} ${unmatched.join(' ')}`.trim();
  return null;
}
