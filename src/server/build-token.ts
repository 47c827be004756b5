import { timingSafeEqual } from 'node:crypto';

/** Whether an Authorization header carries the build token (compared in constant time). */
export function isBuildRequest(authorization: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!m?.[1]) return false;
  const a = Buffer.from(m[1]);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
