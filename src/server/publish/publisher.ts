import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { BuildDelta, ContentHint, RenderJob, RenderReport } from '../../domain/publish-protocol.ts';
import type { Database } from '../db/schema.ts';
import type { ContentEvents } from '../platform/events.ts';
import { SIBLINGS_PENDING_FILE } from '../../domain/precompressed.ts';
import { systemClock, type Clock } from '../platform/clock.ts';
import { PublishScheduler } from './scheduler.ts';
import { readManifest, sealBuild, verifyBuild } from './build-manifest.ts';
import { linkNodeModules, runAstroBuild, runPackSiblings, runRenderWorker, StandbyWorker } from './children.ts';
import { hashSources } from './source-hash.ts';
import { NextCopy } from './next-copy.ts';
import { dropKeptCopies } from './kept-copies.ts';
import { recoverSite } from './recovery.ts';
import { PublishTimeline } from './timeline.ts';
import {
  currentBuildOf,
  oldBuilds,
  PUBLISH_DIR,
  readStamp,
  removeInBackground,
  retire,
  siteLayout,
  swapLink,
  writeStamp,
  type BuildStamp,
} from './site-dirs.ts';

export { currentBuildOf };

/** How one publish went, for the health endpoint, the benchmark and tests. */
export interface PublishResult {
  ok: boolean;
  mode: 'full' | 'incremental' | 'settle';
  at: string;
  ms: number;
  error?: string;
  report?: RenderReport;
}

/** Options of the publisher. */
export interface PublisherOptions {
  projectRoot: string;
  /** Holds builds/<id>/ and the `current` link the server serves (see site-dirs.ts). */
  siteDir: string;
  /** Base URL the build reads the content API from. */
  apiUrl: string;
  publicOrigin: string;
  /** Lets the build list UNLISTED spaces. */
  buildToken: string;
  /** The product's database: its last content event stamps builds. Absent in the standalone publisher. */
  db?: Kysely<Database>;
  /** Content changes to publish; the standalone publisher calls {@link Publisher.poke} from webhooks instead. */
  events?: ContentEvents;
  /** Quiet period after the last change before a publish starts. */
  debounceMs?: number;
  /** Least time between the starts of two publishes. */
  minIntervalMs?: number;
  /** A never-quiet stream of changes still publishes this long after its first change. */
  maxWaitMs?: number;
  /** How long no publish must be due before the other pages' footers are settled. */
  settleAfterMs?: number;
  /**
   * Whether the footer lists of pages a publish did not re-render are rewritten in the files by
   * the settle step (default; the product's server too serves the files as they are, see
   * src/server/static-encoding.ts). Without it those pages keep the lists they were built with.
   */
  footersOnDisk?: boolean;
  /** Re-render only what changed when the served build allows it (default); else every publish is a full build. */
  incremental?: boolean;
  log?: (line: string) => void;
  /** Where the times of builds and publishes are read (the system clock by default). */
  clock?: Clock;
  /**
   * Holds a lock across processes while a build, publish or settle runs, so replicas sharing a site
   * folder never build at once: main.ts passes PostgreSQL's advisory lock (src/server/db/pg-notify.ts).
   * The lock dies with its holder's connection; a half-made build is never served (it is swapped in
   * only when complete), so a replica dying mid-build leaves the served site as it was.
   */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Makes the site into a folder; `astro build` by default (tests pass a fake). */
  buildSite?: (projectRoot: string, outDir: string, env: Record<string, string>) => Promise<void>;
  /** Runs the incremental step; the render worker in a child process by default (tests pass a fake). */
  renderIncremental?: (projectRoot: string, job: RenderJob, env: Record<string, string>, signal?: AbortSignal) => Promise<RenderReport>;
  /** Writes the brotli and gzip siblings a served build left pending; a low-priority child by default (tests pass a fake). */
  packSiblings?: (projectRoot: string, buildDir: string, signal?: AbortSignal) => Promise<{ files: number; ms: number }>;
}

/** The served build cannot be updated incrementally (no kept renderer, changed sources, no snapshot). */
class NeedsFullBuild extends Error {}

/**
 * Publishes the static site from the running API: a full `astro build` when the sources changed
 * (or nothing is built yet), otherwise an incremental publish that re-renders only the pages the
 * content changes affect into a copy-on-write copy of the served build, then swaps it in
 * atomically. One operation at a time; content changes are scheduled by {@link PublishScheduler}.
 */
export class Publisher {
  readonly currentDir: string;
  private readonly opts: Required<Omit<PublisherOptions, 'db' | 'events' | 'lock'>> & Pick<PublisherOptions, 'db' | 'events' | 'lock'>;
  private readonly dirs: ReturnType<typeof siteLayout>;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly nextCopy: NextCopy;
  /** Whether the last publishes left other pages' footer lists to a `settle` job. */
  private footersPending = false;
  private settleTimer: NodeJS.Timeout | null = null;
  private settleAbort: AbortController | null = null;
  /** When the oldest change not yet published arrived, and what it gave up (for the publish's timeline). */
  private changeAt: number | null = null;
  private givenUp = new Set<string>();
  /** Stops the writing of the served build's siblings (see {@link Publisher.schedulePack}). */
  private packAbort: AbortController | null = null;
  /** Moves on whenever packing is given up, so a pack queued before that does not start. */
  private packEpoch = 0;
  private unsubscribe: (() => void) | null = null;
  private readonly scheduler: PublishScheduler;
  /** The last full build, and the last publish of any kind. */
  lastBuild: { ok: boolean; at: string; ms: number; error?: string } | null = null;
  lastPublish: PublishResult | null = null;
  /** Every publish since start, newest last (kept short). */
  readonly history: PublishResult[] = [];
  private counter = 0;
  /** Content events since the served build; incomplete after a start or a failed publish. */
  private hints: ContentHint[] = [];
  private hintsComplete = false;
  /** The render worker started ahead of the next publish; none when tests pass their own `renderIncremental`. */
  private readonly standby: StandbyWorker | null;

  constructor(options: PublisherOptions) {
    const standby = options.renderIncremental ? null : new StandbyWorker();
    this.standby = standby;
    this.opts = {
      // Long enough to take one save's events together (they arrive within milliseconds); the
      // storm bound is the minimum interval, so a longer quiet period only delays every publish.
      debounceMs: 300,
      minIntervalMs: 5000,
      maxWaitMs: 10_000,
      settleAfterMs: 3000,
      footersOnDisk: true,
      incremental: true,
      log: (l) => console.log(l),
      clock: systemClock,
      buildSite: runAstroBuild,
      renderIncremental: (root, job, env, signal) =>
        standby && job.mode === 'publish' ? standby.run(root, job, env, signal) : runRenderWorker(root, job, env, signal),
      packSiblings: runPackSiblings,
      ...options,
    };
    this.dirs = siteLayout(this.opts.siteDir);
    this.nextCopy = new NextCopy(this.opts.siteDir, (e) => this.logFailure(e));
    this.currentDir = this.dirs.current;
    mkdirSync(this.dirs.builds, { recursive: true });
    // While running, content publishes keep the renderer of the served build even when the sources
    // on disk changed: the served site stays one consistent build of its code; the next start
    // (a deploy) builds the new code in full.
    this.scheduler = new PublishScheduler(() => this.publish({ keepCode: true }).then(() => undefined), {
      debounceMs: this.opts.debounceMs,
      minIntervalMs: this.opts.minIntervalMs,
      maxWaitMs: this.opts.maxWaitMs,
    });
    recoverSite(this.opts.siteDir, this.opts.log);
  }

  private async stamp(): Promise<BuildStamp> {
    let content = this.opts.clock.now().getTime();
    if (this.opts.db) {
      const row = await this.opts.db
        .selectFrom('content_events')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      content = Number(row?.max ?? 0);
    }
    return { source: hashSources(this.opts.projectRoot), content };
  }

  /** Whether the served build matches the current sources and content. */
  async isUpToDate(): Promise<boolean> {
    const have = readStamp(this.currentDir);
    if (!have || !verifyBuild(this.currentDir).ok) return false;
    const want = await this.stamp();
    return have.source === want.source && (!this.opts.db || have.content === want.content);
  }

  /** Whether the served build was made from the current sources (so it can be updated incrementally). */
  sourcesMatch(): boolean {
    return readStamp(this.currentDir)?.source === hashSources(this.opts.projectRoot);
  }

  /** Gives up writing the served build's siblings (a running child is stopped, a queued one skipped). */
  private stopPack(): void {
    this.packEpoch++;
    this.packAbort?.abort();
  }

  /** Runs operations one after the other (and across processes, under `lock`). */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const lock = this.opts.lock;
    const locked = lock ? () => lock(fn) : fn;
    const run = this.chain.then(locked, locked);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** A full `astro build`, swapped in when complete; the previous build stays online if it fails. */
  build(): Promise<void> {
    this.stopPack();
    return this.exclusive(() => this.fullBuild());
  }

  /**
   * Publishes the current content: incrementally when the served build allows it, else in full.
   * What an incremental publish leaves for later (other pages' footer lists) is settled when no
   * publish is due, and given up the moment a change arrives.
   */
  publish(options: { keepCode?: boolean } = {}): Promise<PublishResult> {
    const timeline = new PublishTimeline(this.changeAt, performance.now());
    const givenUp = new Set(this.givenUp);
    this.changeAt = null;
    this.givenUp.clear();
    // Changed pages go before the siblings of unchanged ones.
    if (this.packAbort) givenUp.add('the siblings given up');
    this.stopPack();
    return this.exclusive(async () => {
      timeline.mark('wait for the running operation', performance.now(), [...givenUp].join(', '));
      let result: PublishResult;
      if (this.opts.incremental) {
        try {
          result = await this.incrementalPublish(options.keepCode ?? false, timeline);
        } catch (error) {
          if (!(error instanceof NeedsFullBuild)) this.logFailure(error);
          else this.opts.log(`Full build needed: ${error.message}`);
          await this.fullBuild().catch((e: unknown) => this.logFailure(e));
          result = this.lastPublish as PublishResult;
        }
      } else {
        await this.fullBuild().catch((e: unknown) => this.logFailure(e));
        result = this.lastPublish as PublishResult;
      }
      if (this.footersPending) this.scheduleSettle();
      return result;
    });
  }

  /**
   * A content change (from the in-process bus or a webhook): publish, debounced and rate-bounded.
   * Its type and ids let the sync re-fetch only what it touches; without them the sync is full.
   */
  poke(hint?: ContentHint): void {
    if (hint) this.hints.push({ type: hint.type, ids: [...hint.ids] });
    else this.hintsComplete = false;
    this.changeAt ??= performance.now();
    if (this.settleAbort) this.givenUp.add('a settle given up');
    if (this.packAbort) this.givenUp.add('the siblings given up');
    // Changed pages go first: a running settle or writing of siblings is given up and runs again after the publish.
    this.settleAbort?.abort();
    this.stopPack();
    this.scheduler.poke();
  }

  /**
   * Starts publishing on content changes of the in-process bus, and finishes the served build's
   * siblings if a previous run left them pending.
   */
  watch(): void {
    if (this.opts.events) {
      this.unsubscribe = this.opts.events.on((change) => this.poke({ type: change.type, ids: change.ids }));
      void this.catchUp().catch((e: unknown) => this.logFailure(e));
    }
    this.schedulePack();
    this.warmUp();
  }

  /**
   * Publishes the changes made while the start's build or publish ran, before anything watched the
   * events (a full build's stamp is its start's last event): without it they would wait for the
   * next change.
   */
  private async catchUp(): Promise<void> {
    const have = readStamp(this.currentDir);
    if (!this.opts.db || !have || !this.sourcesMatch()) return;
    if ((await this.stamp()).content !== have.content) this.poke();
  }

  /** Resolves when no publish or settle is running or scheduled. */
  async idle(): Promise<void> {
    let chain: Promise<unknown>;
    do {
      await this.scheduler.idle();
      chain = this.chain;
      await chain;
      if (this.settleTimer) await new Promise((r) => setTimeout(r, 50));
    } while (this.scheduler.busy() || this.settleTimer || chain !== this.chain);
  }

  /** Stops watching; a running publish finishes, a running settle is given up. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    this.settleAbort?.abort();
    this.stopPack();
    await this.scheduler.stop();
    await this.chain;
    this.standby?.close();
    await this.nextCopy.ready();
  }

  /** Starts the render worker of the next publish ahead of it, when the served build can be published incrementally. */
  private warmUp(): void {
    if (!this.standby || !this.opts.incremental || !existsSync(join(this.dirs.renderer, 'renderer.json')) || !currentBuildOf(this.opts.siteDir)) return;
    this.standby.prepare(
      this.opts.projectRoot,
      { renderer: this.dirs.renderer, store: join(this.dirs.cache, 'data-store.json'), current: this.currentDir },
      this.env(),
    );
  }

  private logFailure(e: unknown): void {
    if (!(e instanceof Error)) return this.opts.log(String(e));
    const cause = e.cause instanceof Error ? e.cause.message : e.cause === undefined ? '' : JSON.stringify(e.cause);
    this.opts.log(`${e.message} ${cause}`);
  }

  private record(result: PublishResult): void {
    this.lastPublish = result;
    this.history.push(result);
    if (this.history.length > 50) this.history.shift();
  }

  private newId(stamp: BuildStamp): string {
    return `${this.opts.clock.now().toISOString().replace(/[:.]/g, '-')}-${stamp.content}-${++this.counter}`;
  }

  private env(): Record<string, string> {
    return {
      DISCOVER_API_URL: this.opts.apiUrl,
      DISCOVER_API_TOKEN: this.opts.buildToken,
      PUBLIC_ORIGIN: this.opts.publicOrigin,
      ASTRO_CACHE_DIR: this.dirs.cache,
    };
  }

  private async fullBuild(): Promise<void> {
    const started = performance.now();
    const stamp = await this.stamp();
    const id = this.newId(stamp);
    const outDir = join(this.dirs.builds, id);
    const rendererNext = `${this.dirs.renderer}.next`;
    this.opts.log(`Building the site from ${this.opts.apiUrl} …`);
    // A full build reads everything: only events from now on matter to the next publish.
    this.hints = [];
    this.hintsComplete = true;
    // Its renderer is about to be replaced, and the build wants the memory.
    this.standby?.close();
    try {
      await this.nextCopy.ready();
      rmSync(this.dirs.staging, { recursive: true, force: true });
      rmSync(rendererNext, { recursive: true, force: true });
      linkNodeModules(this.opts.siteDir, this.opts.projectRoot);
      await this.opts.buildSite(this.opts.projectRoot, this.dirs.staging, {
        ...this.env(),
        DISCOVER_RENDERER_DIR: rendererNext,
        DISCOVER_BUILD_ID: id,
        // The siblings are written after the swap (schedulePack): a fresh build is online sooner.
        DISCOVER_DEFER_PRECOMPRESS: '1',
      });
      const store = join(this.dirs.cache, 'data-store.json');
      if (existsSync(store)) {
        mkdirSync(join(this.dirs.staging, PUBLISH_DIR), { recursive: true });
        copyFileSync(store, join(this.dirs.staging, PUBLISH_DIR, 'data-store.json'));
      }
      writeStamp(this.dirs.staging, stamp);
      sealBuild(this.dirs.staging);
      renameSync(this.dirs.staging, outDir);
      // The renderer first: a crash between the two leaves the old build with the new renderer,
      // whose sources differ from the build's stamp, so the next start builds in full.
      if (existsSync(rendererNext)) {
        const old = existsSync(this.dirs.renderer) ? retire([this.dirs.renderer]) : [];
        renameSync(rendererNext, this.dirs.renderer);
        void removeInBackground(old);
      }
      // The next copy is made once the siblings are written, so that it holds them too.
      this.swapIn(outDir, undefined, false);
      this.schedulePack(true);
      const ms = performance.now() - started;
      this.lastBuild = { ok: true, at: this.opts.clock.now().toISOString(), ms };
      this.record({ ok: true, mode: 'full', at: this.lastBuild.at, ms });
      this.opts.log(`Site built in ${(ms / 1000).toFixed(1)} s.`);
      this.warmUp();
    } catch (error) {
      rmSync(this.dirs.staging, { recursive: true, force: true });
      this.hintsComplete = false;
      const ms = performance.now() - started;
      this.lastBuild = { ok: false, at: this.opts.clock.now().toISOString(), ms, error: String(error) };
      this.record({ ok: false, mode: 'full', at: this.lastBuild.at, ms, error: String(error) });
      throw new Error('The site build failed; the previous build stays online.', { cause: error });
    }
  }

  /** Checks that the served build can be updated incrementally; answers its real folder. */
  private incrementalBase(keepCode = true): string {
    const target = currentBuildOf(this.opts.siteDir);
    if (!target || !existsSync(target)) throw new NeedsFullBuild('no build is served yet');
    if (!keepCode && !this.sourcesMatch()) throw new NeedsFullBuild('the sources changed since the served build');
    if (!existsSync(join(this.dirs.renderer, 'renderer.json'))) throw new NeedsFullBuild('no renderer was kept by the last full build');
    for (const f of ['pages.json', 'data-store.json']) {
      if (!existsSync(join(target, PUBLISH_DIR, f))) throw new NeedsFullBuild(`the served build has no ${PUBLISH_DIR}/${f}`);
    }
    return realpathSync(target);
  }

  /**
   * Serves `dir`, then prepares the next copy and removes old builds in the background. After an
   * incremental publish the build it replaced becomes the next copy: it differs from `dir` only by
   * the publish's delta, so bringing it up to date costs the change, not the site (requests still
   * reading it hold open files, which stay valid: files are replaced, never changed in place).
   */
  private swapIn(dir: string, delta?: BuildDelta, prepareNext = true, timeline?: PublishTimeline): void {
    const check = verifyBuild(dir);
    if (!check.ok) throw new Error(`The new build ${basename(dir)} is incomplete (${check.reason}); the previous build stays online.`);
    timeline?.mark('verify', performance.now(), `${check.files} files`);
    const previous = currentBuildOf(this.opts.siteDir);
    swapLink(this.currentDir, dir);
    timeline?.mark('swap');
    const spare = `${this.dirs.next}.spare`;
    let recycled = false;
    if (delta && previous && existsSync(previous) && realpathSync(previous) !== realpathSync(dir) && !existsSync(this.dirs.next) && !existsSync(spare)) {
      renameSync(previous, spare);
      recycled = true;
    }
    void removeInBackground(retire(oldBuilds(this.dirs.builds, dir).filter((d) => existsSync(d))));
    if (recycled && delta) void this.nextCopy.recycle(spare, realpathSync(dir), delta);
    else if (prepareNext) void this.nextCopy.prepare();
  }

  /**
   * Writes the brotli and gzip siblings the served build left pending (a full build leaves them all,
   * a banner change those of every page), in the one-at-a-time chain but given up the moment a
   * publish or build is asked for: the next run carries on where it stopped. Until then the server
   * sends those files uncompressed (src/server/static-encoding.ts). `prepareNext`: make the next
   * copy afterwards (after a full build, so the copy holds the siblings).
   */
  private schedulePack(prepareNext = false): void {
    const epoch = this.packEpoch;
    void this.exclusive(async () => {
      const abort = new AbortController();
      this.packAbort = abort;
      try {
        const target = currentBuildOf(this.opts.siteDir);
        if (epoch !== this.packEpoch || !target || !existsSync(join(target, PUBLISH_DIR, SIBLINGS_PENDING_FILE))) return;
        // A copy being made must not meet the siblings' temporary files.
        await this.nextCopy.ready();
        if (abort.signal.aborted) return;
        const { files, ms } = await this.opts.packSiblings(this.opts.projectRoot, realpathSync(target), abort.signal);
        this.opts.log(`Brotli and gzip siblings written for ${files} file(s) behind the served build in ${(ms / 1000).toFixed(1)} s.`);
      } catch (error) {
        if (!abort.signal.aborted) this.logFailure(error);
      } finally {
        if (this.packAbort === abort) this.packAbort = null;
        if (prepareNext) void this.nextCopy.prepare();
      }
    });
  }

  private async incrementalPublish(keepCode: boolean, timeline = new PublishTimeline(null, performance.now())): Promise<PublishResult> {
    const started = performance.now();
    const current = this.incrementalBase(keepCode);
    // The build keeps its code's stamp: only the content moves on.
    const stamp = { ...(await this.stamp()), source: readStamp(current)?.source ?? '' };
    timeline.mark('stamp');
    const prepared = this.nextCopy.lastPrepared;
    await this.nextCopy.prepare();
    const made = this.nextCopy.lastPrepared;
    timeline.mark(
      'next copy',
      performance.now(),
      made === prepared ? 'ready' : `${made.how === 'linked' ? 'linked whole' : 'recycled'}: ${made.files} files in ${(made.ms / 1000).toFixed(1)} s`,
    );
    const marker = join(this.dirs.next, PUBLISH_DIR, 'prepared-from');
    if (!existsSync(marker) || readFileSync(marker, 'utf8') !== current) throw new NeedsFullBuild('the next build could not be prepared');
    // Events arriving from here on belong to the next publish.
    const hints = this.hintsComplete ? this.hints.splice(0) : null;
    this.hints = [];
    this.hintsComplete = true;
    try {
      const report = await this.opts.renderIncremental(
        this.opts.projectRoot,
        {
          mode: 'publish',
          renderer: this.dirs.renderer,
          store: join(this.dirs.cache, 'data-store.json'),
          current,
          out: this.dirs.next,
          deferFooters: true,
          hints,
        },
        this.env(),
      );
      timeline.mark('worker', performance.now(), `its own work ${((report.ms['total'] ?? 0) / 1000).toFixed(1)} s`);
      rmSync(marker, { force: true });
      writeStamp(this.dirs.next, stamp);
      this.seal(this.dirs.next, current, report);
      timeline.mark('seal', performance.now(), `${report.delta?.files.length ?? 0} changed files`);
      const id = this.newId(stamp);
      const dir = join(this.dirs.builds, id);
      renameSync(this.dirs.next, dir);
      this.swapIn(dir, report.delta, true, timeline);
      this.schedulePack();
      this.footersPending = this.opts.footersOnDisk && report.footerPending;
      const result: PublishResult = { ok: true, mode: 'incremental', at: this.opts.clock.now().toISOString(), ms: performance.now() - started, report };
      this.record(result);
      this.opts.log(
        `Published ${report.written} changed page(s) of ${report.rendered} re-rendered (${report.changes} content change(s), ` +
          `${report.added} new, ${report.removed} removed, ${report.footerSpliced} footer(s)) in ${(result.ms / 1000).toFixed(1)} s ` +
          `(${Object.entries(report.ms)
            .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
            .join(', ')}).`,
      );
      this.opts.log(timeline.line());
      this.warmUp();
      return result;
    } catch (error) {
      // The next sync cannot know what this one missed: it re-fetches everything.
      this.hintsComplete = false;
      // `next` may be half changed: drop it; the served build is untouched.
      if (existsSync(this.dirs.next)) void removeInBackground(retire([this.dirs.next]));
      const result: PublishResult = {
        ok: false,
        mode: 'incremental',
        at: this.opts.clock.now().toISOString(),
        ms: performance.now() - started,
        error: String(error),
      };
      this.record(result);
      throw new Error('The incremental publish failed; the previous build stays online.', { cause: error });
    }
  }

  /**
   * Seals a copy of the served build after a publish changed it: from the served build's manifest
   * and the publish's delta when both are known (so a file lost from the copy is noticed before the
   * swap), else from what is on disk.
   */
  private seal(copy: string, served: string, report: RenderReport): void {
    // Locale copies of changed pages kept on request (space pages) are rendered again on their next request.
    dropKeptCopies(copy, report.delta);
    const manifest = readManifest(served);
    sealBuild(copy, manifest && report.delta ? { manifest, delta: report.delta } : undefined);
  }

  /** Settles when no publish is due (soon after the last one), in the one-at-a-time chain. */
  private scheduleSettle(): void {
    if (this.settleTimer) return;
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      if (this.scheduler.busy()) return this.scheduleSettle();
      void this.exclusive(() => this.settle()).catch((e: unknown) => {
        if (!(e instanceof Error && e.name === 'AbortError')) this.logFailure(e);
      });
    }, this.opts.settleAfterMs);
  }

  /**
   * Finishes what incremental publishes left in the served build (footer lists of the pages they
   * did not re-render) in a copy, then swaps that in. Given up when a change
   * arrives: the next publish goes first and the settle runs again after it.
   */
  private async settle(): Promise<void> {
    if (!this.footersPending) return;
    if (this.scheduler.busy()) return;
    const started = performance.now();
    const current = this.incrementalBase();
    await this.nextCopy.prepare();
    const abort = new AbortController();
    this.settleAbort = abort;
    try {
      const report = await this.opts.renderIncremental(
        this.opts.projectRoot,
        {
          mode: 'settle',
          renderer: this.dirs.renderer,
          store: join(this.dirs.cache, 'data-store.json'),
          current,
          out: this.dirs.next,
          deferFooters: false,
          footers: true,
        },
        this.env(),
        abort.signal,
      );
      rmSync(join(this.dirs.next, PUBLISH_DIR, 'prepared-from'), { force: true });
      const stamp = readStamp(current);
      if (stamp) writeStamp(this.dirs.next, stamp);
      this.seal(this.dirs.next, current, report);
      const dir = join(this.dirs.builds, `${basename(current)}-settled`);
      renameSync(this.dirs.next, dir);
      this.swapIn(dir, report.delta);
      this.schedulePack();
      this.footersPending = false;
      this.record({ ok: true, mode: 'settle', at: this.opts.clock.now().toISOString(), ms: performance.now() - started, report });
      this.opts.log(`Settled in ${((performance.now() - started) / 1000).toFixed(1)} s: ${report.footerSpliced} footer(s) rewritten.`);
    } catch (error) {
      // Given up while rewriting footer lists: the pages it replaced (its journal) are linked back,
      // so the next publish finds its copy ready. Failed, or not revertible: the copy differs from
      // the served build by files no delta lists (its seal would refuse it), so it is dropped and
      // the next publish prepares a fresh one.
      const reverted = abort.signal.aborted && (await this.nextCopy.revert().catch(() => false));
      if (!reverted && existsSync(this.dirs.next)) void removeInBackground(retire([this.dirs.next]));
      if (abort.signal.aborted) {
        const e = new Error('Settling was given up for a new publish.');
        e.name = 'AbortError';
        throw e;
      }
      throw error;
    } finally {
      this.settleAbort = null;
    }
  }
}
