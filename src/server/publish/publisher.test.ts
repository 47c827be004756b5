import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { migrate, openDb, type Db } from '../db/db.ts';
import { ContentEvents } from '../platform/events.ts';
import { readManifest, sealBuild, verifyBuild } from './build-manifest.ts';
import type { RenderJob, RenderReport } from '../../domain/publish-protocol.ts';
import { astroBuildEnv } from './children.ts';
import { Publisher } from './publisher.ts';
import { PublishScheduler } from './scheduler.ts';

let db: Db | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

const report = (over: Partial<RenderReport> = {}): RenderReport => ({
  changes: 1,
  affected: 1,
  rendered: 1,
  written: 1,
  added: 0,
  removed: 0,
  footerSpliced: 0,
  footerPending: false,
  ms: {},
  ...over,
});

/** A full build writes index.html and about.html plus what the real build leaves for incremental publishes. */
function fullBuildOf(n: number, out: string, env: Record<string, string>) {
  writeFileSync(join(out, 'index.html'), `build ${n}`);
  writeFileSync(join(out, 'about.html'), 'about');
  mkdirSync(join(out, '.publish'), { recursive: true });
  writeFileSync(join(out, '.publish', 'pages.json'), '[]');
  const renderer = env['DISCOVER_RENDERER_DIR'];
  if (renderer) {
    mkdirSync(renderer, { recursive: true });
    writeFileSync(join(renderer, 'renderer.json'), '{}');
  }
  mkdirSync(env['ASTRO_CACHE_DIR'] as string, { recursive: true });
  writeFileSync(join(env['ASTRO_CACHE_DIR'] as string, 'data-store.json'), '[]');
}

async function setup(
  options: {
    build?: (out: string, n: number, env: Record<string, string>) => Promise<void>;
    render?: (job: RenderJob, signal?: AbortSignal) => Promise<RenderReport>;
    /** Writes the siblings a served build left pending (a fake of the low-priority child). */
    pack?: (buildDir: string, signal?: AbortSignal) => Promise<{ files: number; ms: number }>;
    incremental?: boolean;
    /** A project folder a previous setup made: the publisher starts on what the last one left. */
    root?: string;
    log?: (line: string) => void;
  } = {},
) {
  await db?.close();
  db = openDb(':memory:');
  await migrate(db);
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'publisher-'));
  if (!options.root) {
    mkdirSync(join(root, 'src'));
    mkdirSync(join(root, 'node_modules'));
    writeFileSync(join(root, 'src', 'page.astro'), '<h1>v1</h1>');
  }
  const events = new ContentEvents();
  const counts = { builds: 0, renders: 0 };
  const publisher = new Publisher({
    projectRoot: root,
    siteDir: join(root, 'site'),
    apiUrl: 'http://127.0.0.1:1',
    publicOrigin: 'http://127.0.0.1:1',
    buildToken: 'x'.repeat(20),
    db: db.kysely,
    events,
    debounceMs: 50,
    minIntervalMs: 0,
    settleAfterMs: 100,
    incremental: options.incremental ?? false,
    log: options.log ?? (() => undefined),
    buildSite: async (_root, out, env) => {
      counts.builds++;
      mkdirSync(out, { recursive: true });
      await (options.build ?? ((o, n, e) => Promise.resolve(fullBuildOf(n, o, e))))(out, counts.builds, env);
    },
    renderIncremental: async (_root, job, _env, signal) => {
      counts.renders++;
      return (options.render ?? (() => Promise.resolve(report())))(job, signal);
    },
    ...(options.pack
      ? { packSiblings: (_root: string, dir: string, signal?: AbortSignal) => (options.pack as NonNullable<typeof options.pack>)(dir, signal) }
      : {}),
  });
  return { publisher, events, root, counts, kysely: db.kysely };
}

const page = (p: Publisher, file = 'index.html') => readFileSync(join(p.currentDir, file), 'utf8');

describe('publisher', () => {
  test('builds, swaps the served folder, and knows when it is up to date', async () => {
    const { publisher, root } = await setup();
    expect(await publisher.isUpToDate()).toBe(false);
    await publisher.build();
    expect(page(publisher)).toBe('build 1');
    expect(await publisher.isUpToDate()).toBe(true);
    writeFileSync(join(root, 'src', 'page.astro'), '<h1>v2</h1>');
    expect(await publisher.isUpToDate()).toBe(false);
  });

  test('content changes publish once after the quiet period', async () => {
    const { publisher, events, kysely, counts } = await setup();
    await publisher.build();
    publisher.watch();
    await events.emit(kysely, 'SPACE', ['a']);
    await events.emit(kysely, 'SPACE', ['b']);
    expect(await publisher.isUpToDate()).toBe(false);
    // The quiet period passes and the second build starts (polled, not slept).
    await expect.poll(() => counts.builds).toBe(2);
    await publisher.idle();
    await publisher.stop();
    expect(counts.builds).toBe(2);
    expect(page(publisher)).toBe('build 2');
    expect(await publisher.isUpToDate()).toBe(true);
  });

  test('a failed build keeps the previous site online', async () => {
    const { publisher } = await setup({
      build: (out, n, env) => (n === 2 ? Promise.reject(new Error('astro exploded')) : Promise.resolve(fullBuildOf(n, out, env))),
    });
    await publisher.build();
    const served = realpathSync(publisher.currentDir);
    await expect(publisher.build()).rejects.toThrow(/previous build stays online/);
    expect(realpathSync(publisher.currentDir)).toBe(served);
    expect(page(publisher)).toBe('build 1');
    expect(publisher.lastBuild?.ok).toBe(false);
  });

  test('an incremental publish changes a copy whose files are hard links, then swaps it in; the served build is never modified', async () => {
    const { publisher, counts } = await setup({
      incremental: true,
      render: (job) => {
        expect(job.mode).toBe('publish');
        // The copy shares the served build's files until one is replaced.
        expect(statSync(join(job.out, 'about.html')).ino).toBe(statSync(join(job.current, 'about.html')).ino);
        writeFileSync(join(job.out, 'index.html.tmp'), 'changed');
        // Replace (rename over), as the render worker does.
        return import('node:fs').then((fs) => {
          fs.renameSync(join(job.out, 'index.html.tmp'), join(job.out, 'index.html'));
          return report({ written: 1 });
        });
      },
    });
    await publisher.build();
    const first = realpathSync(publisher.currentDir);
    const result = await publisher.publish();
    expect(result).toMatchObject({ ok: true, mode: 'incremental' });
    expect(counts).toEqual({ builds: 1, renders: 1 });
    expect(page(publisher)).toBe('changed');
    expect(page(publisher, 'about.html')).toBe('about');
    // The previous build is kept for requests in flight, unchanged.
    expect(readFileSync(join(first, 'index.html'), 'utf8')).toBe('build 1');
  });

  test('after an incremental publish the replaced build becomes the next copy, updated by the delta only', async () => {
    let renders = 0;
    const { publisher, root } = await setup({
      incremental: true,
      render: async (job) => {
        const fs = await import('node:fs');
        fs.writeFileSync(join(job.out, 'index.html.tmp'), `changed ${++renders}`);
        fs.renameSync(join(job.out, 'index.html.tmp'), join(job.out, 'index.html'));
        return report({ delta: { files: ['index.html'], dirs: [] } });
      },
    });
    await publisher.build();
    await publisher.publish();
    await publisher.idle();
    const next = join(root, 'site', 'next');
    const ino = (p: string) => statSync(p).ino;
    // The next copy is prepared after the swap, in the background: wait until it is.
    await expect
      .poll(() => existsSync(join(next, '.publish', 'prepared-from')) && readFileSync(join(next, '.publish', 'prepared-from'), 'utf8'))
      .toBe(realpathSync(publisher.currentDir));
    // The spare shares every file with the served build again, the changed one included.
    expect(ino(join(next, 'index.html'))).toBe(ino(join(publisher.currentDir, 'index.html')));
    expect(ino(join(next, 'about.html'))).toBe(ino(join(publisher.currentDir, 'about.html')));
    expect(readFileSync(join(next, '.publish', 'prepared-from'), 'utf8')).toBe(realpathSync(publisher.currentDir));
    // A second publish works from it.
    await publisher.publish();
    expect(page(publisher)).toMatch(/^changed/);
  });

  test('a failed incremental publish falls back to a full build; the served site never goes away', async () => {
    const { publisher, counts } = await setup({ incremental: true, render: () => Promise.reject(new Error('renderer broke')) });
    await publisher.build();
    await publisher.publish();
    expect(counts).toEqual({ builds: 2, renders: 1 });
    expect(page(publisher)).toBe('build 2');
  });

  test('at start, changed sources mean a full build; while running, content publishes keep the served code', async () => {
    const { publisher, root, counts } = await setup({ incremental: true });
    await publisher.build();
    writeFileSync(join(root, 'src', 'page.astro'), '<h1>v2</h1>');
    expect(publisher.sourcesMatch()).toBe(false);
    await publisher.publish({ keepCode: true });
    expect(counts).toEqual({ builds: 1, renders: 1 });
    // The served build still says which code it is: the next start rebuilds.
    expect(await publisher.isUpToDate()).toBe(false);
    await publisher.publish();
    expect(counts).toEqual({ builds: 2, renders: 1 });
    expect(existsSync(join(root, 'site', 'renderer', 'renderer.json'))).toBe(true);
  });

  test("what a publish leaves for later (other pages' footers) is settled right after, in its own swap", async () => {
    const jobs: string[] = [];
    const { publisher } = await setup({
      incremental: true,
      render: (job) => {
        jobs.push(job.mode);
        return Promise.resolve(job.mode === 'publish' ? report({ footerPending: true }) : report({ footerSpliced: 2 }));
      },
    });
    await publisher.build();
    await publisher.publish();
    await publisher.idle();
    expect(jobs).toEqual(['publish', 'settle']);
    expect(publisher.history.map((h) => h.mode)).toEqual(['full', 'incremental', 'settle']);
  });

  test('a change arriving while settling gives the settle up: the changed pages go first, on the copy the settle had, the settle follows', async () => {
    const jobs: string[] = [];
    const timelines: string[] = [];
    let settles = 0;
    const settleStarted = Promise.withResolvers<void>();
    const { publisher } = await setup({
      incremental: true,
      render: (job, signal) => {
        jobs.push(job.mode);
        if (job.mode === 'publish') return Promise.resolve(report({ footerPending: true }));
        settleStarted.resolve();
        settles++;
        if (settles > 1) return Promise.resolve(report({ footerSpliced: 2 }));
        // The first settle is slow; it ends when aborted.
        return new Promise((_ok, fail) => signal?.addEventListener('abort', () => fail(Object.assign(new Error('aborted'), { name: 'AbortError' }))));
      },
      log: (line) => void (line.startsWith('Timeline:') && timelines.push(line)),
    });
    await publisher.build();
    await publisher.publish();
    await settleStarted.promise;
    publisher.poke({ type: 'SPACE', ids: ['a'] });
    await publisher.idle();
    expect(jobs).toEqual(['publish', 'settle', 'publish', 'settle']);
    expect(publisher.history.map((h) => h.mode)).toEqual(['full', 'incremental', 'incremental', 'settle']);
    // The settle's copy was brought back, not dropped: the publish after it did not copy the site again.
    expect(timelines).toHaveLength(2);
    expect(timelines[1]).toMatch(
      /^Timeline: change → debounce [\d.]+ s → wait for the running operation [\d.]+ s \(a settle given up\) → .* → next copy [\d.]+ s \(ready\) → worker .* → swap [\d.]+ s; live [\d.]+ s after the change\.$/,
    );
  });

  test('a start after a kill moves the half-made folders aside at once, so their removal never runs into a new publish', async () => {
    const first = await setup({ incremental: true });
    await first.publisher.build();
    await first.publisher.stop();
    const site = join(first.root, 'site');
    rmSync(join(site, 'next'), { recursive: true, force: true });
    // What a kill during a publish leaves: the copy being changed (with the worker's job file), a full build's output.
    for (const dir of ['next', 'next.tmp', 'next.spare', 'staging']) {
      mkdirSync(join(site, dir, '.publish'), { recursive: true });
      writeFileSync(join(site, dir, 'index.html'), 'half made');
    }
    writeFileSync(join(site, 'next', '.publish', 'job-1234.json'), '{}');
    const { publisher } = await setup({ incremental: true, root: first.root });
    // Gone from their live paths before the constructor returns: nothing a publish makes there can be removed.
    for (const dir of ['next', 'next.tmp', 'next.spare', 'staging']) expect(existsSync(join(site, dir))).toBe(false);
    const result = await publisher.publish();
    expect(result).toMatchObject({ ok: true, mode: 'incremental' });
    await publisher.idle();
    // The folders moved aside are removed, and the next copy prepared, in the background: wait for both.
    await expect
      .poll(() => ({
        removing: readdirSync(site).filter((d) => d.endsWith('.removing')),
        next: existsSync(join(site, 'next')) && verifyBuild(join(site, 'next')).ok,
      }))
      .toEqual({ removing: [], next: true });
    expect(verifyBuild(publisher.currentDir)).toMatchObject({ ok: true });
    expect(verifyBuild(join(site, 'next'))).toMatchObject({ ok: true });
    expect(readdirSync(site).filter((d) => d.endsWith('.removing'))).toEqual([]);
  });

  test('a served build that lost files is never served again: a start restores the newest complete build, or none and rebuilds', async () => {
    const first = await setup();
    await first.publisher.build();
    await first.publisher.build();
    expect(page(first.publisher)).toBe('build 2');
    rmSync(join(realpathSync(first.publisher.currentDir), 'about.html'));
    const second = await setup({ root: first.root });
    expect(page(second.publisher)).toBe('build 1');

    // Now the only build left loses a file too: nothing is served until the rebuild.
    rmSync(join(realpathSync(second.publisher.currentDir), 'about.html'));
    const third = await setup({ root: first.root });
    expect(existsSync(join(third.publisher.currentDir, 'index.html'))).toBe(false);
    expect(await third.publisher.isUpToDate()).toBe(false);
    await third.publisher.publish();
    expect(page(third.publisher)).toBe('build 1');
    expect(verifyBuild(third.publisher.currentDir)).toMatchObject({ ok: true });
  });

  test('a copy that lost a file its publish did not change is refused before the swap; a full build replaces it', async () => {
    const { publisher, counts } = await setup({
      incremental: true,
      render: async (job) => {
        const fs = await import('node:fs');
        fs.writeFileSync(join(job.out, 'index.html.tmp'), 'changed');
        fs.renameSync(join(job.out, 'index.html.tmp'), join(job.out, 'index.html'));
        // A removal running into the copy.
        fs.rmSync(join(job.out, 'about.html'));
        return report({ delta: { files: ['index.html'], dirs: [] } });
      },
    });
    await publisher.build();
    await publisher.publish();
    expect(counts).toEqual({ builds: 2, renders: 1 });
    expect(page(publisher)).toBe('build 2');
    expect(page(publisher, 'about.html')).toBe('about');
    expect(verifyBuild(publisher.currentDir)).toMatchObject({ ok: true });
  });

  test('the site is always a production build, whatever NODE_ENV the server runs with', () => {
    const env = astroBuildEnv({ DISCOVER_API_URL: 'http://127.0.0.1:1' }, { NODE_ENV: 'test', SITE_LOCALES: 'en,de' });
    expect(env).toMatchObject({ NODE_ENV: 'production', SITE_LOCALES: 'en,de', DISCOVER_API_URL: 'http://127.0.0.1:1' });
    expect(astroBuildEnv({ NODE_ENV: 'development' }, {})['NODE_ENV']).toBe('production');
  });
});

describe('publish scheduling (rebuild storms)', () => {
  // vitest's fake timers drive both the scheduler's timers and its clock (performance.now), so the
  // tests step through time instead of sleeping.
  beforeEach(() => vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  /** A scheduler on the fake timers; `run` takes `runMs` of fake time. */
  function scheduled(o: { debounceMs: number; minIntervalMs: number; maxWaitMs: number }, runMs = 0) {
    const starts: number[] = [];
    const s = new PublishScheduler(async () => {
      starts.push(performance.now());
      await new Promise((r) => setTimeout(r, runMs));
    }, o);
    return { s, starts };
  }
  const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  test('a burst of changes is one publish', async () => {
    const { s, starts } = scheduled({ debounceMs: 20, minIntervalMs: 0, maxWaitMs: 1000 });
    for (let i = 0; i < 10; i++) s.poke();
    await advance(80);
    await s.idle();
    expect(starts).toHaveLength(1);
    expect(s.stats).toEqual({ runs: 1, changes: 10 });
  });

  test('changes during a publish coalesce into exactly one more', async () => {
    const { s, starts } = scheduled({ debounceMs: 5, minIntervalMs: 0, maxWaitMs: 1000 }, 60);
    s.poke();
    await advance(20);
    for (let i = 0; i < 5; i++) s.poke();
    await advance(150);
    await s.idle();
    expect(starts).toHaveLength(2);
  });

  test('two publishes never start closer than the minimum interval, however fast one user saves', async () => {
    const { s, starts } = scheduled({ debounceMs: 0, minIntervalMs: 10_000, maxWaitMs: 1000 });
    s.poke();
    await advance(20);
    await advance(1000);
    s.poke(); // one second later: held back by the minimum interval
    await advance(40);
    expect(starts).toEqual([0]);
    await s.stop();
  });

  test('a stream that is never quiet still publishes within the maximum wait', async () => {
    const { s, starts } = scheduled({ debounceMs: 50, minIntervalMs: 0, maxWaitMs: 100 });
    for (let i = 0; i < 8; i++) {
      s.poke();
      await advance(20);
    }
    await advance(120);
    expect(starts.length).toBeGreaterThanOrEqual(1);
    expect(starts[0]).toBeLessThanOrEqual(160);
    await s.stop();
  });
});

describe('siblings written after the swap', () => {
  const pending = (dir: string) => join(dir, '.publish', 'siblings-pending');

  test('a full build is served before its siblings are written; a publish gives the writing up, and it carries on after', async () => {
    const packs: { dir: string; aborted: boolean }[] = [];
    let packing: () => void = () => undefined;
    const started = new Promise<void>((ok) => {
      packing = ok;
    });
    const { publisher } = await setup({
      incremental: true,
      build: (out, n, env) => {
        expect(env['DISCOVER_DEFER_PRECOMPRESS']).toBe('1');
        fullBuildOf(n, out, env);
        // What the build integration leaves when the publisher defers the siblings.
        writeFileSync(pending(out), '');
        return Promise.resolve();
      },
      render: async (job) => {
        const fs = await import('node:fs');
        fs.writeFileSync(join(job.out, 'index.html.tmp'), 'changed');
        fs.renameSync(join(job.out, 'index.html.tmp'), join(job.out, 'index.html'));
        return report({ delta: { files: ['index.html'], dirs: [] } });
      },
      pack: (dir, signal) => {
        const entry = { dir, aborted: false };
        packs.push(entry);
        if (packs.length === 1) {
          packing();
          // The first run takes until it is given up.
          return new Promise((_ok, fail) =>
            signal?.addEventListener('abort', () => {
              entry.aborted = true;
              fail(new Error('killed'));
            }),
          );
        }
        rmSync(pending(dir));
        return Promise.resolve({ files: 1, ms: 1 });
      },
    });
    await publisher.build();
    // Served already, while its siblings are being written.
    expect(page(publisher)).toBe('build 1');
    await started;
    expect(packs).toEqual([{ dir: realpathSync(publisher.currentDir), aborted: false }]);
    const result = await publisher.publish();
    expect(result).toMatchObject({ ok: true, mode: 'incremental' });
    await publisher.idle();
    expect(packs[0]?.aborted).toBe(true);
    // The published copy still had the mark: the writing carried on in it.
    expect(packs).toHaveLength(2);
    expect(packs[1]?.dir).toBe(realpathSync(publisher.currentDir));
    expect(existsSync(pending(publisher.currentDir))).toBe(false);
    expect(page(publisher)).toBe('changed');
    expect(verifyBuild(publisher.currentDir).ok).toBe(true);
  });

  test('siblings are never sealed: one written or rewritten after the seal never fails the check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'discover-seal-'));
    try {
      writeFileSync(join(dir, 'index.html'), 'home');
      writeFileSync(join(dir, 'index.html.br'), 'old');
      sealBuild(dir);
      expect(readManifest(dir)?.list.map(([p]) => p)).toEqual(['index.html']);
      writeFileSync(join(dir, 'index.html.br'), 'rewritten, longer');
      writeFileSync(join(dir, 'index.html.gz'), 'new');
      expect(verifyBuild(dir).ok).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a build without pending siblings starts no writing', async () => {
    const pack = vi.fn(() => Promise.resolve({ files: 0, ms: 0 }));
    const { publisher } = await setup({ pack });
    await publisher.build();
    publisher.watch();
    await publisher.idle();
    expect(pack).not.toHaveBeenCalled();
    await publisher.stop();
  });
});
