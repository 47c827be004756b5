import { z } from 'zod';

/**
 * The protocol between the publisher (src/server/publish) and its render worker
 * (src/loaders/render-worker.ts), which runs in a child process: the job the publisher writes to
 * a file, and the report the worker prints as its last stdout line. Both sides parse what they
 * receive with these schemas, so a worker of another version, or one that printed something else
 * last, fails the publish with a clear error instead of a half-read report.
 */

/** One content event as the API emits it (`SPACE`, `COLLECTION`, … with internal ids). */
export const ContentHint = z.object({ type: z.string().min(1), ids: z.array(z.string()) });
/** One content event as the API emits it. */
export type ContentHint = z.infer<typeof ContentHint>;

/** What the publisher asks of one incremental publish or settle. */
export const RenderJob = z.object({
  /**
   * `publish` syncs and re-renders; `settle` finishes what a publish left for later in `out`: the
   * footer lists of the pages it did not re-render.
   */
  mode: z.enum(['publish', 'settle']),
  /** Leave the footer lists of other pages to a later `settle` job, so the changed pages go live first. */
  deferFooters: z.boolean(),
  /** For `settle`: rewrite the footer lists in the files (default); else the pages not re-rendered keep their older lists. */
  footers: z.boolean().optional(),
  /** The kept prerender bundle (renderer.json inside). */
  renderer: z.string().min(1),
  /** Astro's data store file, synced in place. */
  store: z.string().min(1),
  /** The served build: its page list and store snapshot say what the visitors see now. */
  current: z.string().min(1),
  /** The next build: a hard-linked copy of `current`, changed here. */
  out: z.string().min(1),
  /**
   * The content events since the served build, which narrow the per-item requests of the sync;
   * `null` when they are not known (a start, a failed publish).
   */
  hints: z.array(ContentHint).nullable().optional(),
});
/** What the publisher asks of one incremental publish or settle. */
export type RenderJob = z.infer<typeof RenderJob>;

/** What differs from the served build: files written or removed (relative paths), folders replaced whole. */
export const BuildDelta = z.object({ files: z.array(z.string()), dirs: z.array(z.string()) });
/** What differs from the served build. */
export type BuildDelta = z.infer<typeof BuildDelta>;

/** What one job did (the worker's last stdout line). */
export const RenderReport = z.object({
  changes: z.number().int().nonnegative(),
  affected: z.number().int().nonnegative(),
  rendered: z.number().int().nonnegative(),
  written: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  footerSpliced: z.number().int().nonnegative(),
  /** Whether pages still show older footer lists (until a `settle` job rewrites them). */
  footerPending: z.boolean(),
  /** Milliseconds per step, for the log and the benchmark. */
  ms: z.record(z.string(), z.number()),
  /** What differs from the served build; lets the publisher seal the copy and update its spare copy cheaply. */
  delta: BuildDelta.optional(),
});
/** What one job did. */
export type RenderReport = z.infer<typeof RenderReport>;

/**
 * Reads the worker's report from its whole stdout: the last non-empty line, parsed and checked.
 * Throws an error naming what was wrong (no output, not JSON, a field of the wrong shape).
 */
export function parseRenderReport(stdout: string): RenderReport {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  if (!last) throw new Error('The render worker printed no report.');
  let value: unknown;
  try {
    value = JSON.parse(last);
  } catch (cause) {
    throw new Error(`The render worker's last line is not a report: ${last.slice(0, 200)}`, { cause });
  }
  const parsed = RenderReport.safeParse(value);
  if (!parsed.success) throw new Error(`The render worker's report is not valid: ${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  return parsed.data;
}
