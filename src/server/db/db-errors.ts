/**
 * What a database error means for the API, on both engines. PostgreSQL errors carry a SQLSTATE in
 * `code` (node-postgres); node:sqlite errors carry `code: 'ERR_SQLITE_ERROR'` and the extended
 * result code in `errcode`.
 */
export type DbErrorKind =
  /** Another row already has this unique value (a slug, a follow, a collection entry…): the caller lost a race or repeated itself. */
  | 'unique'
  /** The transaction collided with a concurrent one (serialization failure, deadlock, a locked SQLite file): trying again may succeed. */
  | 'serialization'
  /** The text cannot be stored (a NUL character, an invalid byte sequence). */
  | 'invalid-text';

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/** Classifies a thrown value; null when it is not one of the database errors the API answers itself. */
export function dbErrorKind(err: unknown): DbErrorKind | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { code?: unknown; errcode?: unknown; cause?: unknown };
  if (e.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') {
    if (e.errcode === SQLITE_CONSTRAINT_UNIQUE || e.errcode === SQLITE_CONSTRAINT_PRIMARYKEY) return 'unique';
    if ((e.errcode & 0xff) === SQLITE_BUSY || (e.errcode & 0xff) === SQLITE_LOCKED) return 'serialization';
    return null;
  }
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    if (e.code === '23505') return 'unique';
    if (e.code === '40001' || e.code === '40P01') return 'serialization';
    if (e.code === '22021' || e.code === '22P05') return 'invalid-text';
    return null;
  }
  // Kysely and our own code sometimes wrap the driver's error.
  return e.cause !== undefined && e.cause !== err ? dbErrorKind(e.cause) : null;
}
