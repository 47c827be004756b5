/** Why nothing could be written: the storage is full, over its quota, or mounted read-only. */
export type StorageProblem = 'full' | 'quota' | 'read-only';

const SQLITE_READONLY = 8;
const SQLITE_FULL = 13;

/**
 * The storage problem a thrown value stands for, or null: an fs error's errno code (ENOSPC,
 * EDQUOT, EROFS), node:sqlite's SQLITE_FULL / SQLITE_READONLY, or PostgreSQL's disk_full (53100);
 * wrapped errors are followed through `cause`.
 */
export function storageProblem(err: unknown, depth = 0): StorageProblem | null {
  if (typeof err !== 'object' || err === null || depth > 5) return null;
  const e = err as { code?: unknown; errcode?: unknown; cause?: unknown };
  if (e.code === 'ENOSPC' || e.code === '53100') return 'full';
  if (e.code === 'EDQUOT') return 'quota';
  if (e.code === 'EROFS') return 'read-only';
  if (e.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') {
    if ((e.errcode & 0xff) === SQLITE_FULL) return 'full';
    if ((e.errcode & 0xff) === SQLITE_READONLY) return 'read-only';
  }
  return e.cause !== undefined && e.cause !== err ? storageProblem(e.cause, depth + 1) : null;
}

/** What the person is told, and whether trying again later can work (space may be freed; a read-only mount stays so). */
const ANSWERS: Record<StorageProblem, { message: string; retry: boolean; log: string; advice: string }> = {
  full: {
    message: 'The server has run out of storage space, so this could not be saved. Try again later.',
    retry: true,
    log: 'the disk (or database) is full',
    advice: 'Free some space.',
  },
  quota: {
    message: 'The server has reached its storage quota, so this could not be saved. Try again later.',
    retry: true,
    log: 'the storage quota is exhausted',
    advice: 'Free some space or raise the quota.',
  },
  'read-only': {
    message: 'The server cannot save anything right now: its storage is read-only. Trying again will not help; contact support.',
    retry: false,
    log: 'the storage is read-only',
    advice: 'Mount it read-write.',
  },
};

/** How long one kind of storage problem is logged once, then counted, before it is logged again. */
export const STORAGE_LOG_INTERVAL_MS = 10 * 60 * 1000;
const lastLogged = new Map<StorageProblem, { at: number; suppressed: number }>();

/**
 * An operator's problem, not a bug: one line (no stack trace) the first time, then at most one line
 * per interval with how many requests met it meanwhile, so a full disk does not also fill the log.
 */
function logOnce(problem: StorageProblem, err: unknown, where: string, now: number): void {
  const seen = lastLogged.get(problem);
  if (seen && now - seen.at < STORAGE_LOG_INTERVAL_MS) {
    seen.suppressed += 1;
    return;
  }
  let code = '';
  for (let e: unknown = err, i = 0; !code && typeof e === 'object' && e !== null && i < 6; e = (e as { cause?: unknown }).cause, i++) {
    const c = (e as { code?: unknown; errcode?: unknown }).code;
    if (typeof c === 'string' && c !== 'ERR_SQLITE_ERROR') code = c;
    else if (c === 'ERR_SQLITE_ERROR') code = `SQLite ${String((e as { errcode?: unknown }).errcode)}`;
  }
  const more = seen?.suppressed ? ` (${seen.suppressed} more since the last report)` : '';
  console.error(`Storage: ${ANSWERS[problem].log} (${code || 'unknown'}): ${where} answered 507${more}. ${ANSWERS[problem].advice}`);
  lastLogged.set(problem, { at: now, suppressed: 0 });
}

/** What the API answers for a storage problem: the 507's message, `retry`, and the problem for `extra.reason`. */
export interface StorageFailure {
  problem: StorageProblem;
  message: string;
  retry: boolean;
}

/**
 * The answer to a storage problem (logged once as an operational error, see above), or null for any
 * other error. The central error handler (src/server/platform/errors.ts) makes it a 507 INSUFFICIENT_STORAGE.
 */
export function storageFailure(err: unknown, where: string, now: Date): StorageFailure | null {
  const problem = storageProblem(err);
  if (!problem) return null;
  logOnce(problem, err, where, now.getTime());
  return { problem, message: ANSWERS[problem].message, retry: ANSWERS[problem].retry };
}

/** Forgets what was logged (tests). */
export const resetStorageLog = () => lastLogged.clear();
