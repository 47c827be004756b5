import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
    const tmp = `${this.next}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    if (existsSync(this.next)) await removeInBackground(retire([this.next]));
    await linkTree(from, tmp);
    // The marker is the copy's own file, not a link into the served build.
    rmSync(join(tmp, PUBLISH_DIR, 'prepared-from'), { force: true });
    mkdirSync(join(tmp, PUBLISH_DIR), { recursive: true });
    writeFileSync(join(tmp, PUBLISH_DIR, 'prepared-from'), from);
    renameSync(tmp, this.next);
  }

  /** Makes the build a publish replaced into the next copy, by applying the publish's delta. */
  recycle(spare: string, source: string, delta: BuildDelta): Promise<void> {
    const run = async () => {
      const files = [...delta.files, `${PUBLISH_DIR}/stamp.json`];
      await applyDelta(source, spare, { files, dirs: delta.dirs });
      // The replaced build's kept copies of pages the publish changed are stale in the new content.
      dropKeptCopies(spare, delta);
      for (const f of readdirSync(join(spare, PUBLISH_DIR)))
        if (f.startsWith('job-') || f === 'prepared-from') rmSync(join(spare, PUBLISH_DIR, f), { force: true });
      writeFileSync(join(spare, PUBLISH_DIR, 'prepared-from'), source);
      renameSync(spare, this.next);
    };
    const fallback = async (e: unknown) => {
      this.onError(e);
      await removeInBackground(retire([spare].filter((d) => existsSync(d))));
      await this.prepareNow();
    };
    this.preparing = this.preparing.then(() => run().catch(fallback));
    return this.preparing;
  }
}
