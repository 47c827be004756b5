import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { RenderJob, type BuildDelta, type ContentHint, type RenderReport } from '../domain/publish-protocol.ts';
import { hasKeptCopies } from '../domain/kept-pages.ts';
import { affectedPages, withoutPosition, type ChangedEntry, type SiteContent } from '../domain/page-dependencies.ts';
import { footerRegion, localePrefixOf, type FooterLists } from '../domain/footer-region.ts';
import { LOCALE_PREFIXES, LOCALES } from '../i18n/locales.ts';
import { prefixedLocales } from '../i18n/routes.ts';
import { markSiblingsPending, writeSiblingsSync } from '../site/precompress.ts';
import { bannerRegion, patchRegionFilesInThreads, type BannerJob, type RegionKind } from './banner-region.ts';
import { fileStamp, readAhead, readStore, syncContent, type ReadAhead } from './content-sync.ts';
import type { SyncScope } from './discover-loader.ts';
import { openRenderer, outputFileOf, type PagePath, type Renderer } from './renderer.ts';
import { patchSitemaps, readSitemaps, withKeptLocales, type SitemapPage } from './sitemap-patch.ts';

/**
 * The publisher's incremental step, run as a child process (`node src/loaders/render-worker.ts <job.json>`):
 *
 *  1. syncs the content store from the API (the loaders' conditional requests; see content-sync.ts),
 *  2. computes the pages the changed entries affect (src/domain/page-dependencies.ts) and compares
 *     the full page list with the served build's, for pages that appear or disappear,
 *  3. re-renders those pages with the kept prerender bundle (renderer.ts) into `out`, a copy of the
 *     served build whose files are hard links: every write replaces a link (temporary file, then
 *     rename), so the served build is never modified,
 *  4. splices the footer's lists into the pages it did not re-render when they changed, and the
 *     pencil banner into every page when the banners changed (its siblings follow after the swap).
 *
 * It prints one JSON line with what it did. The publisher then swaps `out` in atomically.
 */

/** Event types whose effect on accounts and people the sync can narrow; any other means a full sync. */
const NARROWABLE = new Set(['SPACE', 'COLLECTION', 'USER', 'ACCOUNT', 'FEATURED_TAG', 'CAROUSEL_ITEM', 'BANNER']);

/**
 * Which accounts and people a sync must re-fetch for these events: the organizations of changed
 * spaces, the owners of changed collections and of collections holding changed spaces, changed
 * accounts; every person when a person changed (the events name people by internal id).
 */
export function scopeOf(hints: readonly ContentHint[] | null | undefined, before: StoreMap): SyncScope | undefined {
  if (!hints?.length || hints.some((h) => !NARROWABLE.has(h.type))) return undefined;
  const ids = (type: string) => new Set(hints.filter((h) => h.type === type).flatMap((h) => h.ids));
  const spaceIds = ids('SPACE');
  const collectionIds = ids('COLLECTION');
  const accountIds = ids('ACCOUNT');
  const anyUser = hints.some((h) => h.type === 'USER');
  const spaces = [...(before.get('spaces') ?? EMPTY).values()].map((e) => e.data as { id: string; modelId: string; organization: { id: string } | null });
  const collections = [...(before.get('collections') ?? EMPTY).values()].map(
    (e) => e.data as { id: string; spaceModelIds: string[]; userInfo: { userSid: string } | null },
  );
  const changedModelIds = new Set(spaces.filter((s) => spaceIds.has(s.id)).map((s) => s.modelId));
  // Only an account's change (disabled, moderated) makes spaces appear or disappear without their own event.
  const spacesById = !hints.some((h) => h.type === 'ACCOUNT') && spaceIds.size <= 200;
  return {
    ...(spacesById ? { spaces: spaceIds } : {}),
    accounts: (orgOfSpace) => {
      const out = new Set(accountIds);
      for (const id of spaceIds) {
        const now = orgOfSpace.get(id);
        if (now) out.add(now);
      }
      for (const s of spaces) if (spaceIds.has(s.id) && s.organization) out.add(s.organization.id);
      return out;
    },
    users: (ownerOfCollection) => {
      if (anyUser) return 'all';
      const out = new Set<string>();
      for (const id of collectionIds) {
        const now = ownerOfCollection.get(id);
        if (now) out.add(now);
      }
      for (const c of collections) {
        if (!c.userInfo) continue;
        if (collectionIds.has(c.id) || c.spaceModelIds.some((m) => changedModelIds.has(m))) out.add(c.userInfo.userSid);
      }
      return out;
    },
  };
}

/** A report of this worker: it always says what it changed. */
type WorkerReport = RenderReport & { delta: BuildDelta };

/** The files and folders this job changed in its output folder (see {@link RenderReport.delta}). */
const journal = { root: '', files: new Set<string>(), dirs: new Set<string>() };
const track = (file: string) => {
  if (journal.root && file.startsWith(`${journal.root}/`)) journal.files.add(file.slice(journal.root.length + 1));
};
const delta = () => ({ files: [...journal.files], dirs: [...journal.dirs] });
const startJournal = (out: string) => {
  journal.root = out.replace(/\/+$/, '');
  journal.files.clear();
  journal.dirs.clear();
};

/** Where a build keeps what the publisher needs and visitors never see (the server refuses `/.` paths). */
export const PUBLISH_DIR = '.publish';
/** The pages of a build (`[pathname, file]` pairs) and its content-store snapshot. */
export const PAGES_FILE = 'pages.json';
export const STORE_SNAPSHOT = 'data-store.json';
/** The footer lists pages should show while some still show older ones (see src/domain/footer-region.ts). */
export const FOOTER_FILE = 'footer.json';

/**
 * Writes a file of the next build without touching the (hard-linked) file of the served one, with
 * its brotli and gzip siblings unless `siblings` is false (the caller writes them, many at once).
 */
export function replaceFile(file: string, body: string | Buffer, siblings = true): void {
  track(file);
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, body);
  renameSync(tmp, file);
  // Its brotli and gzip siblings, written after it, so the server sends them (a sibling older than its file is never sent).
  if (siblings && journal.root && file.startsWith(`${journal.root}/`)) {
    if (writeSiblingsSync(file, file.slice(journal.root.length + 1), body)) for (const ext of ['.br', '.gz']) track(`${file}${ext}`);
  }
}

type StoreEntries = Map<string, { id: string; data: unknown; digest?: string | number }>;
type StoreMap = Map<string, StoreEntries>;
const EMPTY: StoreEntries = new Map();

/** A page path as page lists keep it: leading slash, no trailing slash (`/`, `/space/abc`). */
export const normPath = (p: string) => `/${p.replace(/^\/+|\/+$/g, '')}`;

/** The plain snapshot the dependency map reads. */
function contentOf(store: StoreMap): SiteContent {
  const of = <T>(name: string) => new Map([...(store.get(name) ?? EMPTY).entries()].map(([id, e]) => [id, e.data as T]));
  return {
    spaces: of('spaces'),
    collections: of('collections'),
    users: of('users'),
    accounts: of('accounts'),
    featuredTags: of('featuredTags'),
    carousel: of('carousel'),
    tags: of('tags'),
    marketplaceApps: of('marketplaceApps'),
    marketplaceCollections: of('marketplaceCollections'),
  };
}

/** A page path without its locale prefix (`/de/tag/x` → `/tag/x`), as the dependency map names pages. */
export function unlocalized(pathname: string): string {
  const p = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  const first = p.split('/')[1] ?? '';
  if (!LOCALE_PREFIXES.includes(first as (typeof LOCALE_PREFIXES)[number])) return p;
  const rest = p.slice(first.length + 1);
  return rest || '/';
}

/**
 * The page a built page counts as in the dependency map: its path without the locale prefix, but a
 * home tab panel (`/home-panel/<id>`, the small page the home page's tabs fetch) is part of the home
 * page, so it is re-rendered whenever the home page is.
 */
export function dependencyPath(pathname: string): string {
  const p = unlocalized(pathname);
  return p.startsWith('/home-panel/') ? '/' : p;
}

/** The locale prefix of a built file (`de/tag/x/index.html` → `de`), '' for English. */
const prefixOfFile = (file: string) => localePrefixOf(file, LOCALE_PREFIXES);

function listHtml(dir: string, rel = '', out: string[] = []): string[] {
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (r === PUBLISH_DIR || r === '_astro') continue;
      listHtml(dir, r, out);
    } else if (e.name.endsWith('.html')) out.push(r);
  }
  return out;
}

/** Removes a page file and the folders it leaves empty. */
function removePage(root: string, file: string): void {
  for (const f of [file, `${file}.br`, `${file}.gz`]) {
    if (f !== file && !existsSync(join(root, f))) continue;
    track(join(root, f));
    rmSync(join(root, f), { force: true });
  }
  let dir = dirname(join(root, file));
  while (dir.startsWith(root) && dir !== root) {
    try {
      rmdirSync(dir);
    } catch {
      break;
    }
    dir = dirname(dir);
  }
}

/** A page asking robots not to index it (unlisted spaces, shells): it stays out of the sitemap. */
const NOINDEX_RE = /<meta\s+name="?robots"?\s+content="?[^">]*noindex/i;

/**
 * Gives every page other than `skip` the footer lists of its locale, on worker threads
 * (banner-region.ts); like the banner, the pages' siblings are left to the publisher, which writes
 * them after the swap. Answers how many files changed.
 */
async function spliceFooters(out: string, lists: FooterLists, skip: ReadonlySet<string> = new Set()): Promise<number> {
  return patchRegions(out, new Map(Object.entries(lists.regions).map(([prefix, region]) => [prefix, Buffer.from(region)])), skip, 'footer');
}

/**
 * Gives every page other than `skip` the banner region of its locale; the pages' siblings are left
 * to the publisher, which writes them after the swap (the server sends a page uncompressed while
 * its siblings are older). Answers how many files changed.
 */
async function spliceBanners(out: string, regions: ReadonlyMap<string, Buffer>, skip: ReadonlySet<string>): Promise<number> {
  return patchRegions(out, regions, skip, 'banner');
}

/** Gives every page other than `skip` the `kind` region of its locale; marks the build's siblings pending when a page changed. */
async function patchRegions(out: string, regions: ReadonlyMap<string, Buffer>, skip: ReadonlySet<string>, kind: RegionKind): Promise<number> {
  const order = [...regions.keys()];
  const jobs: BannerJob[] = listHtml(out)
    .filter((file) => !skip.has(file) && regions.has(prefixOfFile(file)))
    .map((file) => [file, order.indexOf(prefixOfFile(file))]);
  const bytes = order.map((prefix) => new Uint8Array(regions.get(prefix) as Buffer));
  const changed = await patchRegionFilesInThreads(out, jobs, bytes, String(process.pid), Math.min(4, availableParallelism()), kind);
  for (const file of changed) track(join(out, file));
  if (changed.length) track(markSiblingsPending(out));
  return changed.length;
}

/** Runs a `settle` job: the footer lists a publish left to the server. */
export async function settle(job: RenderJob): Promise<WorkerReport> {
  startJournal(job.out);
  const t0 = performance.now();
  const footerFile = join(job.out, PUBLISH_DIR, FOOTER_FILE);
  let footerSpliced = 0;
  if (job.footers !== false && existsSync(footerFile)) {
    footerSpliced = await spliceFooters(job.out, JSON.parse(readFileSync(footerFile, 'utf8')) as FooterLists);
    track(footerFile);
    rmSync(footerFile, { force: true });
  }
  const t1 = performance.now();
  return {
    changes: 0,
    affected: 0,
    rendered: 0,
    written: 0,
    added: 0,
    removed: 0,
    footerSpliced,
    footerPending: existsSync(footerFile),
    ms: { footer: Math.round(t1 - t0), total: Math.round(t1 - t0) },
    delta: delta(),
  };
}

/** The store collections the dependency map knows (src/domain/page-dependencies.ts); a change of another means the full page list. */
const MAPPED: ReadonlySet<string> = new Set([
  'spaces',
  'collections',
  'users',
  'accounts',
  'tags',
  'banners',
  'featuredTags',
  'carousel',
  'marketplaceApps',
  'marketplaceCollections',
  'pros',
]);

/** The pages of the site after a change, as far as a publish needs them. */
interface PagePlan {
  /** The pages of the routes that may hold an affected page (every page when the change is not mapped). */
  paths: PagePath[];
  /** The build's page list after the publish (`pathname → file`). */
  newPages: Map<string, string>;
  /** Pages the served build has and the new content has not. */
  removed: [string, string][];
}

/**
 * Which pages to look at: only the routes whose URL pattern matches an affected page in some
 * locale (or a page of the served build that counts as one, like a home tab panel) are asked for
 * their pages (`getStaticPaths()`), not every route of the site. A page that appears or
 * disappears is a page of a changed entry, so it is affected (src/domain/page-dependencies.ts)
 * and its route is among these; a change the dependency map does not know lists every page.
 */
export async function planPages(
  renderer: Pick<Renderer, 'paths' | 'pathsOf'>,
  oldPages: ReadonlyMap<string, string>,
  changes: readonly ChangedEntry[],
  wanted: ReadonlySet<string>,
): Promise<PagePlan> {
  const norm = (list: PagePath[]) => list.map((p) => ({ ...p, pathname: normPath(p.pathname) }));
  if (!changes.every((c) => MAPPED.has(c.collection))) {
    const paths = norm(await renderer.paths());
    const newPages = new Map(paths.map((p) => [p.pathname, outputFileOf(p)]));
    return { paths, newPages, removed: [...oldPages].filter(([pathname]) => !newPages.has(pathname)) };
  }
  const prefixes = LOCALE_PREFIXES.filter(Boolean);
  const before = [...oldPages.keys()].filter((p) => wanted.has(dependencyPath(p)));
  // A home tab panel counts as the home page (dependencyPath): a new one has no page yet to stand for it.
  const unprefixed = [...wanted, ...(wanted.has('/') ? ['/home-panel/_'] : [])];
  const candidates = [...before, ...unprefixed.flatMap((p) => [p, ...prefixes.map((x) => normPath(`${x}${p}`))])];
  const paths = norm(await renderer.pathsOf((route) => candidates.some((c) => route.pattern.test(c) || route.pattern.test(`${c}/`))));
  const found = new Set(paths.map((p) => p.pathname));
  const removed = before.filter((p) => !found.has(p)).map((p): [string, string] => [p, oldPages.get(p) as string]);
  const newPages = new Map(oldPages);
  for (const [p] of removed) newPages.delete(p);
  for (const p of paths) if (!newPages.has(p.pathname)) newPages.set(p.pathname, outputFileOf(p));
  return { paths, newPages, removed };
}

/**
 * What a worker on standby made ready before its job came (see {@link standBy}): the kept
 * renderer opened, the served build's store snapshot and the content store read. Each is used only
 * when the job names the same file, unchanged since.
 */
export interface Warm {
  renderer?: { dir: string; stamp: string; open: Renderer };
  before?: { stamp: string; entries: StoreMap };
  store?: ReadAhead;
  /** How long getting ready took. */
  readyMs?: number;
}

/**
 * Makes a worker ready for the next publish while none is due: Node, the modules, the renderer's
 * bundle (its content store is read on first use, after the job's sync, see
 * src/site/build-integration.ts) and the two store files. A publish then starts with its sync.
 */
export async function standBy(rendererDir: string, store: string, currentLink: string, log: (line: string) => void = () => undefined): Promise<Warm> {
  const warm: Warm = {};
  process.env['DISCOVER_DATA_STORE_FILE'] = store;
  const manifest = join(rendererDir, 'renderer.json');
  if (existsSync(manifest)) warm.renderer = { dir: rendererDir, stamp: fileStamp(manifest), open: await openRenderer(rendererDir, log) };
  const before = join(currentLink, PUBLISH_DIR, STORE_SNAPSHOT);
  if (existsSync(before)) warm.before = { stamp: fileStamp(before), entries: await readStore(before) };
  if (existsSync(store)) warm.store = await readAhead(store);
  warm.readyMs = performance.now();
  return warm;
}

/** Runs one incremental publish; see the module comment. `warm`: what a worker on standby made ready. */
export async function publishIncrementally(job: RenderJob, log: (line: string) => void = () => undefined, warm: Warm = {}): Promise<WorkerReport> {
  startJournal(job.out);
  const t0 = performance.now();
  const currentMeta = join(job.current, PUBLISH_DIR);
  const beforeFile = join(currentMeta, STORE_SNAPSHOT);
  const pagesFile = join(currentMeta, PAGES_FILE);
  if (!existsSync(beforeFile) || !existsSync(pagesFile))
    throw new Error(`The served build at ${job.current} has no ${PUBLISH_DIR}/ snapshot: a full build is needed.`);

  const beforeStore: StoreMap = warm.before?.stamp === fileStamp(beforeFile) ? warm.before.entries : await readStore(beforeFile);
  const scope = scopeOf(job.hints, beforeStore);
  const sync = await syncContent(job.store, { log, ahead: warm.store, ...(scope ? { scope } : {}) });
  const t1 = performance.now();

  const afterStore: StoreMap = sync.entries;
  // A list position that shifted because an earlier item came or went is not a change of the item.
  const changes: ChangedEntry[] = sync.changes.filter(({ collection, id }) => {
    const b = beforeStore.get(collection)?.get(id)?.data;
    const a = afterStore.get(collection)?.get(id)?.data;
    return !(a && b && JSON.stringify(withoutPosition(a)) === JSON.stringify(withoutPosition(b)));
  });
  // Changes the served build does not show yet but the store already had (a publish that failed after its sync).
  for (const [collection, entries] of afterStore) {
    if (collection.startsWith('meta')) continue;
    const before = beforeStore.get(collection) ?? EMPTY;
    for (const [id, e] of entries) {
      const b = before.get(id);
      // The same digest is the same data (Astro's hash of it): most of a large store is skipped here.
      if (b && b.digest !== undefined && b.digest === e.digest) continue;
      if (!b || JSON.stringify(withoutPosition(b.data)) !== JSON.stringify(withoutPosition(e.data))) {
        if (!changes.some((c) => c.collection === collection && c.id === id)) changes.push({ collection: collection as ChangedEntry['collection'], id });
      }
    }
    for (const id of before.keys())
      if (!entries.has(id) && !changes.some((c) => c.collection === collection && c.id === id))
        changes.push({ collection: collection as ChangedEntry['collection'], id });
  }
  const { pages: affected, footer } = affectedPages(contentOf(beforeStore), contentOf(afterStore), changes);
  // Every page shows the first banner: its region is taken from each locale's home page, rendered again.
  const banners = changes.some((c) => c.collection === 'banners');
  const tDeps = performance.now();

  process.env['DISCOVER_DATA_STORE_FILE'] = job.store;
  const kept = warm.renderer;
  const renderer =
    kept?.dir === job.renderer && kept.stamp === fileStamp(join(job.renderer, 'renderer.json')) ? kept.open : await openRenderer(job.renderer, log);
  const oldPages = new Map(JSON.parse(readFileSync(pagesFile, 'utf8')) as [string, string][]);
  const { paths, newPages, removed } = await planPages(renderer, oldPages, changes, footer || banners ? new Set([...affected, '/']) : affected);
  const todo: PagePath[] = paths.filter(
    (p) => !oldPages.has(p.pathname) || affected.has(dependencyPath(p.pathname)) || ((footer || banners) && unlocalized(p.pathname) === '/'),
  );
  const t2 = performance.now();

  let written = 0;
  const base = `${renderer.manifest.origin}${renderer.manifest.base.replace(/\/+$/, '')}`;
  const urlOf = (pathname: string) => `${base}${pathname === '/' ? '' : pathname}/`;
  // Only pages that enter or leave the sitemap change it (the files list every locale: 200 MB at 10,000 spaces).
  const sitemapPages: SitemapPage[] = removed.map(([pathname]) => ({ url: urlOf(pathname), indexable: false }));
  const indexable = (body: Buffer) => !NOINDEX_RE.test(body.subarray(0, 4096).toString('utf8'));
  const renderedFiles = new Set<string>();
  const footers = new Map<string, string>();
  const bannerRegions = new Map<string, Buffer>();
  for (const path of todo) {
    const page = await renderer.render(path);
    if (!page) continue;
    renderedFiles.add(page.file);
    const target = join(job.out, page.file);
    const old = existsSync(target) ? readFileSync(target) : null;
    if (!old || indexable(old) !== indexable(page.body)) sitemapPages.push({ url: urlOf(path.pathname), indexable: indexable(page.body) });
    if (unlocalized(path.pathname) === '/') {
      const region = footerRegion(page.body.toString('utf8'));
      if (region) footers.set(prefixOfFile(page.file), region);
      const banner = banners ? bannerRegion(page.body) : null;
      if (banner) bannerRegions.set(prefixOfFile(page.file), Buffer.from(banner));
    }
    if (old?.equals(page.body)) {
      // Unchanged in English, but its kept copies in other locales may show what changed (a
      // collection's German name): listed in the delta, so the publisher drops them (src/domain/kept-pages.ts).
      if (hasKeptCopies(path.pathname)) track(target);
      continue;
    }
    // Its brotli and gzip siblings follow after the swap (the publisher's low-priority child): until
    // then the server sends the page as it is, never an older sibling (src/server/static-encoding.ts).
    replaceFile(target, page.body, false);
    written++;
  }
  if (written) track(markSiblingsPending(job.out));
  for (const [, file] of removed) removePage(job.out, file);
  const langs = new Map<string, string>(LOCALES.map((l) => [l.prefix, l.lang]));
  const pathOfUrl = (url: string) => url.slice(base.length).replace(/\/$/, '') || '/';
  // The locale versions rendered on request follow their English page in and out of the sitemap.
  const sitemaps = patchSitemaps(
    sitemapPages.length ? readSitemaps(job.out) : new Map(),
    withKeptLocales(
      sitemapPages,
      prefixedLocales().map((l) => l.prefix),
    ),
    {
      groupOf: (url) => unlocalized(pathOfUrl(url)),
      langOf: (url) => langs.get(prefixOfFile(pathOfUrl(url).slice(1))) ?? 'en',
    },
  );
  for (const [name, text] of sitemaps) replaceFile(join(job.out, name), text, false);
  if (sitemaps.size) track(markSiblingsPending(job.out));
  const t3 = performance.now();

  // The footer lists the latest collections, featured tags and spaces on every page: when they
  // changed, the pages not rendered above get the new lists of their locale's home page, now or,
  // deferred, by a `settle` job (those pages show the previous lists meanwhile).
  let footerSpliced = 0;
  const footerFile = join(job.out, PUBLISH_DIR, FOOTER_FILE);
  if (footer && footers.size) {
    const lists: FooterLists = { regions: Object.fromEntries(footers) };
    if (job.deferFooters) replaceFile(footerFile, JSON.stringify(lists));
    else {
      footerSpliced = await spliceFooters(job.out, lists, renderedFiles);
      track(footerFile);
      rmSync(footerFile, { force: true });
    }
  }
  const t4 = performance.now();

  const bannerSpliced = bannerRegions.size ? await spliceBanners(job.out, bannerRegions, renderedFiles) : 0;
  if (bannerSpliced) log(`The pencil banner patched into ${bannerSpliced} page(s).`);
  const t5 = performance.now();

  const meta = join(job.out, PUBLISH_DIR);
  replaceFile(join(meta, PAGES_FILE), JSON.stringify([...newPages]));
  rmSync(join(meta, STORE_SNAPSHOT), { force: true });
  copyFileSync(job.store, join(meta, STORE_SNAPSHOT));
  track(join(meta, STORE_SNAPSHOT));

  const round = (n: number) => Math.round(n);
  return {
    changes: changes.length,
    affected: affected.size,
    rendered: todo.length,
    written,
    added: paths.filter((p) => !oldPages.has(p.pathname)).length,
    removed: removed.length,
    footerSpliced,
    footerPending: existsSync(footerFile),
    // boot: from the process's start to here (Node, the loaders and the schemas), or for a worker on
    // standby the time it took to get ready before its job came; the rest is this publish's work.
    // deps: what changed and the pages it affects; plan: the routes' pages (the first content read included).
    ms: {
      boot: round(warm.readyMs ?? t0),
      sync: round(t1 - t0),
      store: round(sync.writeMs),
      deps: round(tDeps - t1),
      plan: round(t2 - tDeps),
      render: round(t3 - t2),
      footer: round(t4 - t3),
      banner: round(t5 - t4),
      total: round(t5 - t0),
    },
    delta: delta(),
  };
}

/** The first line of stdin (a job file's path), or null when stdin ends first (the publisher stopped or died). */
async function firstLine(): Promise<string | null> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    const end = text.indexOf('\n');
    if (end >= 0) return text.slice(0, end).trim();
  }
  return null;
}

if (import.meta.main) {
  const log = (l: string) => void process.stderr.write(`${l}\n`);
  // `--standby <renderer> <store> <current>`: get ready, then run the job whose file stdin names.
  const standby = process.argv[2] === '--standby';
  const run = async (): Promise<WorkerReport | null> => {
    const [rendererDir = '', store = '', current = ''] = process.argv.slice(3);
    // A worker that could not get ready still runs its job, reading everything then.
    const warm = standby ? await standBy(rendererDir, store, current, log).catch((e: unknown) => (log(`Standby: ${String(e)}`), {})) : {};
    const jobFile = standby ? await firstLine() : process.argv[2];
    if (jobFile === null) return null;
    if (!jobFile) throw new Error('Usage: node src/loaders/render-worker.ts <job.json> | --standby <renderer> <store> <current>');
    const job = RenderJob.parse(JSON.parse(readFileSync(jobFile, 'utf8')));
    return job.mode === 'settle' ? settle(job) : publishIncrementally(job, log, warm);
  };
  run()
    .then((report) => {
      if (!report) process.exit(0);
      process.stdout.write(`${JSON.stringify(report)}\n`);
    })
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
