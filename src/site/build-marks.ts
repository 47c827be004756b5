import { appendFileSync } from 'node:fs';

/**
 * Writes one timing mark of the build (`{"mark", "at"}` with epoch ms, one JSON line) to the file
 * named by DISCOVER_BUILD_MARKS, for `npm run bench:build`'s breakdown of a build's wall time; a
 * build without it writes nothing. Marks work with `--silent`, which the publisher's build uses.
 */
export function buildMark(mark: string, extra: Record<string, unknown> = {}): void {
  const file = process.env['DISCOVER_BUILD_MARKS'];
  if (file) appendFileSync(file, `${JSON.stringify({ mark, at: Date.now(), ...extra })}\n`);
}

/** Whether this build writes timing marks. */
export const buildMarksAsked = (): boolean => Boolean(process.env['DISCOVER_BUILD_MARKS']);
