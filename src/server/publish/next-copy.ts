import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PATCH_JOURNAL_PREFIX } from '../../domain/patch-journal.ts';
import type { BuildDelta } from '../../domain/publish-protocol.ts';
import { dropKeptCopies } from './kept-copies.ts';
import { applyDelta, currentBuildOf, linkTree, PUBLISH_DIR, removeInBackground, retire, siteLayout } from './site-dirs.ts';

/**
 * `next/`, the copy of the served build the next incremental publish changes: a hard-linked copy
 * made in the background after each swap (`prepare`), or the build a publish replaced brought up
 * to date by that publish's delta (`recycle`), so preparing a copy costs the change, not the site.
 * Its `.publish/prepared-from` names the build it copies. One preparation at a time.
 */
export class NextCopy {
  /** What the last preparation did, for the publisher's timeline: kept as it was, brought up to date by a delta, linked whole. */
  lastPrepared: { how: 'kept' | 'recycled' | 'linked'; files: number; ms: number } = { how: 'kept', files: 0, ms: 0 };
  private preparing: Promise<void> = Promise.resolve();
  private readonly siteDir: string;
  private readonly next: string;
  private readonly onError: (e: unknown) => void;

  constructor(siteDir: string, onError: (e: unknown) => void) {
    this.siteDir = siteDir;
    this.next = siteLayout(siteDir).next;
    this.onError = onError;
  }

  /** Resolves when no preparation is running. */
  ready(): Promise<void> {
    return this.preparing;
  }

  /** Makes `next/` a hard-linked copy of the served build, unless it already is one. */
  prepare(): Promise<void> {
    const run = () => this.prepareNow();
    this.preparing = this.preparing.then(run, run).catch((e: unknown) => this.onError(e));
    return this.preparing;
  }

  private async prepareNow(): Promise<void> {
    const target = currentBuildOf(this.siteDir);
    if (!target || !existsSync(target)) return;
    const from = realpathSync(target);
    const marker = join(this.next, PUBLISH_DIR, 'prepared-from');
    if (existsSync(marker) && readFileSync(marker, 'utf8') === from) return;
    const t0 = performance.now();
    const tmp = `${this.next}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    // Moved aside at once; its removal (seconds at low priority on a busy machine) is not waited for.
    if (existsSync(this.next)) void removeInBackground(retire([this.next]));
    const files = await linkTree(from, tmp);
    // The marker is the copy's own file, not a link into the served build.
    rmSync(join(tmp, PUBLISH_DIR, 'prepared-from'), { force: true });
    mkdirSync(join(tmp, PUBLISH_DIR), { recursive: true });
    writeFileSync(join(tmp, PUBLISH_DIR, 'prepared-from'), from);
    renameSync(tmp, this.next);
    this.lastPrepared = { how: 'linked', files, ms: performance.now() - t0 };
  }

  /**
   * Brings the copy back to the build it copies after a job that changed it was stopped half-way
   * (a settle given up for a publish): the pages its patches listed in their journals
   * (src/loaders/banner-region.ts) are linked again from that build, their temporary files
   * removed, and `.publish/` made that build's again. Costs what the job had changed, not the
   * site. Answers false when the copy cannot be brought back so (then it is dropped).
   */
  async revert(): Promise<boolean> {
    const meta = join(this.next, PUBLISH_DIR);
    const marker = join(meta, 'prepared-from');
    if (!existsSync(marker)) return false;
    const from = readFileSync(marker, 'utf8');
    const fromMeta = join(from, PUBLISH_DIR);
    if (!existsSync(fromMeta)) return false;
    const journals = readdirSync(meta).filter((f) => `${PUBLISH_DIR}/${f}`.startsWith(PATCH_JOURNAL_PREFIX));
    const files = new Set<string>();
    for (const journal of journals) {
      // A page's temporary file (`index.html.<tag>.tmp`, the tag the journal's name ends with) if the job stopped between writing and renaming it.
      const tag = journal.slice(PATCH_JOURNAL_PREFIX.length - PUBLISH_DIR.length - 1);
      for (const file of readFileSync(join(meta, journal), 'utf8').split('\n')) {
        if (!file) continue;
        files.add(file);
        rmSync(join(this.next, `${file}.${tag}.tmp`), { force: true });
      }
    }
    // Only pages replaced (renaming a link over another link of the same file would leave it in place).
    const replaced = [...files].filter((f) => !sameFile(join(from, f), join(this.next, f)));
    await applyDelta(from, this.next, { files: replaced, dirs: [] });
    for (const f of readdirSync(meta)) if (f !== 'prepared-from' && !existsSync(join(fromMeta, f))) rmSync(join(meta, f), { force: true });
    const linked = readdirSync(fromMeta).filter((f) => f !== 'prepared-from' && !sameFile(join(fromMeta, f), join(meta, f)));
    await applyDelta(from, this.next, { files: linked.map((f) => `${PUBLISH_DIR}/${f}`), dirs: [] });
    return true;
  }

  /** Makes the build a publish replaced into the next copy, by applying the publish's delta. */
  recycle(spare: string, source: string, delta: BuildDelta): Promise<void> {
    const run = async () => {
      const t0 = performance.now();
      const files = [...delta.files, `${PUBLISH_DIR}/stamp.json`];
      await applyDelta(source, spare, { files, dirs: delta.dirs });
      // The replaced build's kept copies of pages the publish changed are stale in the new content.
      dropKeptCopies(spare, delta);
      for (const f of readdirSync(join(spare, PUBLISH_DIR)))
        if (f.startsWith('job-') || f === 'prepared-from') rmSync(join(spare, PUBLISH_DIR, f), { force: true });
      writeFileSync(join(spare, PUBLISH_DIR, 'prepared-from'), source);
      renameSync(spare, this.next);
      this.lastPrepared = { how: 'recycled', files: files.length, ms: performance.now() - t0 };
    };
    const fallback = async (e: unknown) => {
      this.onError(e);
      void removeInBackground(retire([spare].filter((d) => existsSync(d))));
      await this.prepareNow();
    };
    this.preparing = this.preparing.then(() => run().catch(fallback));
    return this.preparing;
  }
}

/** Whether two paths are the same file (hard links of one inode). */
function sameFile(a: string, b: string): boolean {
  const x = statSync(a, { throwIfNoEntry: false });
  const y = statSync(b, { throwIfNoEntry: false });
  return !!x && !!y && x.ino === y.ino && x.dev === y.dev;
}
