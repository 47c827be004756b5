import { randomBytes, randomInt } from 'node:crypto';

/** A 24-hex-digit row id, the shape the seed gives its rows too. */
export const newId = (): string => randomBytes(12).toString('hex');

const SID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A 10-character public id (sid). */
export const newSid = (): string => Array.from({ length: 10 }, () => SID_ALPHABET[randomInt(SID_ALPHABET.length)]).join('');

/** An id that names its kind (`app_…`, `lead_…`, `partner_…`): the prefix, then 20 hex digits. */
export const prefixedId = (prefix: string): string => `${prefix}_${randomBytes(10).toString('hex')}`;

let sequence = 0;
/**
 * A time-ordered id (milliseconds, then a per-process sequence, then randomness: 32 hex digits), so
 * rows written in the same millisecond still sort in the order they were made (audit entries,
 * outbox messages, form submissions).
 */
export function timeOrderedId(now: number): string {
  sequence = (sequence + 1) % 0x1_0000_0000;
  const random = randomBytes(6).toString('hex');
  return `${now.toString(16).padStart(12, '0')}${sequence.toString(16).padStart(8, '0')}${random}`;
}
