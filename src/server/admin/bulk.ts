import { ApiError } from '../errors.ts';

/** The ids of a bulk call without repeats, in the order given. */
export const uniqueIds = (ids: readonly string[]): string[] => [...new Set(ids)];

/**
 * Checks that every requested id was found; otherwise answers 404 naming the missing ones
 * (`extra.missing`). Called inside the transaction, so a bulk call changes all or nothing.
 */
export function requireAll<T>(what: string, ids: readonly string[], rows: readonly T[], keysOf: (row: T) => readonly (string | null)[]): void {
  const found = new Set(rows.flatMap((r) => keysOf(r).filter((k): k is string => k !== null)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new ApiError('NOT_FOUND', `${what} not found: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}.`, { missing });
}

/** A 400 naming one field, with the path as the validation hook writes it (`json.…`). */
export const fieldError = (path: string, message: string) => new ApiError('VALIDATION_ERROR', `Invalid ${path}: ${message}`, { fields: [{ path, message }] });

/** 409 with the conflicting field. */
export const conflict = (path: string, message: string) => new ApiError('CONFLICT', message, { fields: [{ path, message }] });

/**
 * New priorities for moving one item to a 0-based position in a list ordered by priority
 * (highest first): the list is renumbered n-1…0 so the order is unambiguous afterwards.
 */
export function movedPriorities<T extends { id: string }>(ordered: readonly T[], id: string, position: number): Map<string, number> {
  const rest = ordered.filter((x) => x.id !== id);
  const moving = ordered.find((x) => x.id === id);
  if (moving) rest.splice(Math.min(position, rest.length), 0, moving);
  return new Map(rest.map((x, i) => [x.id, rest.length - 1 - i]));
}
