import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { CAPTURE_PICTURE_PREFIX } from '../../../domain/space-pictures.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { mediaStoreOf, type MediaStore } from '../../platform/media/store.ts';
import { SPACE_PICTURE_FILES, spacePictures } from './capture-pictures.ts';

/** The setting a finished backfill leaves, so later starts read nothing. */
export const PICTURE_BACKFILL_SETTING = 'captures.pictureBackfill.done';
/** Spaces read from the database at a time. */
const PAGE = 100;

/** What the backfill needs; `media` and `clock` default to the environment's. */
export interface PictureBackfillDeps {
  db: Kysely<Database>;
  env: Env;
  media?: MediaStore;
  clock?: Clock;
}

/** How a backfill run is paced and stopped. */
export interface PictureBackfillOptions {
  /** Aborting stops the run after the space it is on. */
  signal?: AbortSignal;
  /** The pause between two spaces, so the run never competes with requests for long. */
  pauseMs?: number;
}

/** What a run did. */
export interface PictureBackfillResult {
  /** Captured spaces looked at. */
  checked: number;
  /** Spaces whose folder got its missing files. */
  fixed: number;
  /** Spaces missing files with neither a poster nor a 1200 px picture to cut them from. */
  noSource: number;
  /** False when a stored setting said an earlier run had finished (nothing was read). */
  ran: boolean;
}

/**
 * Gives every captured space (picture folder `spaces/cap-<upload id>/`) the files its pages link that
 * it lacks: spaces processed before the job wrote them all have only 1200.webp and 480.webp, so their
 * `og:image` (og.jpg) and their cards' AVIF and 800 px sources are missing. Each missing file is cut
 * from the tour's poster (else the folder's 1200.webp) through the media store, so S3 works too; one
 * space and one file at a time, with a pause between spaces. Files already there are never written,
 * and a run that ends with nothing left to fix records {@link PICTURE_BACKFILL_SETTING}, so later
 * starts read nothing (new spaces get every file from the job).
 */
export async function backfillCapturePictures(deps: PictureBackfillDeps, opts: PictureBackfillOptions = {}): Promise<PictureBackfillResult> {
  const result: PictureBackfillResult = { checked: 0, fixed: 0, noSource: 0, ran: false };
  const done = await deps.db.selectFrom('settings').select('key').where('key', '=', PICTURE_BACKFILL_SETTING).executeTakeFirst();
  if (done) return result;
  result.ran = true;
  const media = deps.media ?? mediaStoreOf(deps.env);
  let after = '';
  for (;;) {
    const page = await deps.db
      .selectFrom('spaces')
      .select('imageKey')
      .where('imageKey', 'like', `${CAPTURE_PICTURE_PREFIX}%`)
      .where('imageKey', '>', after)
      .orderBy('imageKey')
      .limit(PAGE)
      .execute();
    for (const { imageKey } of page) {
      if (opts.signal?.aborted) return result;
      result.checked++;
      const outcome = await fillFolder(deps.db, media, imageKey);
      if (outcome === 'fixed') result.fixed++;
      if (outcome === 'no-source') result.noSource++;
      if (outcome === 'fixed' && opts.pauseMs) await sleep(opts.pauseMs, undefined, { signal: opts.signal }).catch(() => undefined);
    }
    if (page.length < PAGE) break;
    after = page.at(-1)?.imageKey ?? after;
  }
  if (opts.signal?.aborted || result.noSource > 0) return result;
  const now = (deps.clock ?? systemClock).now().toISOString();
  await deps.db
    .insertInto('settings')
    .values({ key: PICTURE_BACKFILL_SETTING, value: now, updatedAt: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return result;
}

/** Writes the files one captured space's folder lacks, one at a time. */
async function fillFolder(db: Kysely<Database>, media: MediaStore, imageKey: string): Promise<'complete' | 'fixed' | 'no-source'> {
  const folder = `spaces/${imageKey}`;
  const missing: string[] = [];
  for (const file of SPACE_PICTURE_FILES) if (!(await media.get(`${folder}/${file}`))) missing.push(file);
  if (missing.length === 0) return 'complete';
  // The tour the job made with the space (`cap:<upload id>`) keeps the poster the folder was cut from.
  const tour = await db
    .selectFrom('tour_models')
    .select('posterKey')
    .where('id', '=', `cap:${imageKey.slice(CAPTURE_PICTURE_PREFIX.length)}`)
    .executeTakeFirst();
  const poster = (tour?.posterKey ? await media.get(tour.posterKey) : null) ?? (await media.get(`${folder}/1200.webp`));
  if (!poster) return 'no-source';
  for (const file of missing) for (const p of await spacePictures(poster, [file])) await media.put(`${folder}/${p.file}`, p.data, p.type);
  return 'fixed';
}

/**
 * Runs {@link backfillCapturePictures} in the background of a started server (never awaited by the
 * start, paced between spaces) and logs one line with what it fixed; `stop()` ends it after the
 * space it is on.
 */
export function startPictureBackfill(deps: PictureBackfillDeps, pauseMs = 200): { stop(): void; done: Promise<void> } {
  const abort = new AbortController();
  const done = backfillCapturePictures(deps, { signal: abort.signal, pauseMs })
    .then((r) => {
      if (!r.ran) return;
      const unfixable = r.noSource ? `, ${r.noSource} with no poster to cut them from` : '';
      console.log(`Captured spaces' pictures: ${r.fixed} of ${r.checked} given their missing files${unfixable}.`);
    })
    .catch((error: unknown) => console.error("Captured spaces' pictures backfill failed:", error));
  return { stop: () => abort.abort(), done };
}
