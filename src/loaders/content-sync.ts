import { createRequire } from 'node:module';
import { existsSync, statSync } from 'node:fs';
import type { LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import { contentCollections, type ContentCollectionName } from './content-collections.ts';
import type { LoaderOptions } from './discover-loader.ts';

/**
 * Runs the site's content loaders outside `astro build`, against Astro's own data store file
 * (`<cacheDir>/data-store.json`), with Astro's store implementation and digest function: the same
 * conditional requests, the same entries, the same file the next full build reads. `astro sync`
 * does the same but first loads the whole Vite config (4–8 s here); this takes the loaders' time.
 *
 * Astro does not export its store class; it is loaded from the installed package's files (the
 * class `MutableDataStore` the content layer uses, astro/dist/content/mutable-data-store.js).
 */

/** The part of Astro's MutableDataStore this module uses. */
interface MutableDataStore {
  scopedStore(collection: string): LoaderContext['store'];
  metaStore(collection: string): LoaderContext['meta'];
  collections(): Map<string, Map<string, { id: string; data: unknown; digest?: string | number }>>;
  writeToDisk(): Promise<void>;
  waitUntilSaveComplete(): Promise<void>;
}

const astroRequire = createRequire(import.meta.resolve('astro'));

async function astroStore(): Promise<{ fromFile(file: string): Promise<MutableDataStore> }> {
  const file = astroRequire.resolve('./content/mutable-data-store.js');
  const mod = (await import(file)) as { MutableDataStore: { fromFile(file: string): Promise<MutableDataStore> } };
  return mod.MutableDataStore;
}

/** The entries of a data store, per collection. */
export type StoreEntries = Map<string, Map<string, { id: string; data: unknown; digest?: string | number }>>;

/** The entries of a data store file, per collection (read only). */
export async function readStore(file: string): Promise<StoreEntries> {
  const Store = await astroStore();
  return (await Store.fromFile(file)).collections();
}

/** What identifies one version of a file (stores are written whole and renamed in, so a new version is a new file). */
export function fileStamp(file: string): string {
  const s = statSync(file);
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}`;
}

/** A store file read ahead of its use (a render worker on standby), with the version of the file it read. */
export interface ReadAhead {
  file: string;
  stamp: string;
  store: MutableDataStore;
}

/** Reads a store file ahead of its use; see {@link readAheadFor}. */
export async function readAhead(file: string): Promise<ReadAhead> {
  const stamp = fileStamp(file);
  return { file, stamp, store: await (await astroStore()).fromFile(file) };
}

/** The store read ahead when it is still `file`'s current version, else the file read now. */
export async function readAheadFor(file: string, ahead: ReadAhead | undefined): Promise<MutableDataStore> {
  if (ahead && ahead.file === file && existsSync(file) && ahead.stamp === fileStamp(file)) return ahead.store;
  return (await astroStore()).fromFile(file);
}

/** Astro's content digest: xxhash64 of the JSON (content-layer.js), so full builds and syncs agree. */
async function astroDigest(): Promise<(data: Record<string, unknown> | string) => string> {
  const xxhash = (await import(astroRequire.resolve('xxhash-wasm'))) as { default: () => Promise<{ h64ToString: (s: string) => string }> };
  const hasher = await xxhash.default();
  return (data) => hasher.h64ToString(typeof data === 'string' ? data : JSON.stringify(data));
}

/** One entry a sync added, changed or removed. */
export interface EntryChange {
  collection: ContentCollectionName;
  id: string;
}

/** What a sync did. */
export interface SyncResult {
  changes: EntryChange[];
  ms: number;
  /** The store's entries after the sync (what the file now holds). */
  entries: StoreEntries;
  /** Of `ms`, the writing of the store file. */
  writeMs: number;
}

type Snapshot = Map<string, string | number | undefined>;

/** Entry digests per collection, to tell afterwards which entries a sync touched. */
function digests(store: MutableDataStore, names: readonly string[]): Map<string, Snapshot> {
  const all = store.collections();
  const empty = new Map<string, { digest?: string | number }>();
  return new Map(names.map((n): [string, Snapshot] => [n, new Map([...(all.get(n) ?? empty).entries()].map(([id, e]) => [id, e.digest]))]));
}

/**
 * Syncs every content collection into the store file and writes it (only when something changed);
 * answers the entries whose digest changed. An unreachable API or a failing loader rejects.
 * `ahead`: the file read ahead of time, used when the file did not change since.
 */
export async function syncContent(
  storeFile: string,
  options: LoaderOptions & { log?: (line: string) => void; ahead?: ReadAhead | undefined } = {},
): Promise<SyncResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  if (!existsSync(storeFile)) throw new Error(`No data store at ${storeFile}: a full build makes it first.`);
  const [store, generateDigest] = await Promise.all([readAheadFor(storeFile, options.ahead), astroDigest()]);
  const { ahead: _ahead, ...loaderOptions } = options;
  const collections = contentCollections({ apiRequired: true, ...loaderOptions });
  const names = Object.keys(collections) as ContentCollectionName[];
  const before = digests(store, names);
  const logger = {
    info: (m: string) => log(m),
    warn: (m: string) => log(`warning: ${m}`),
    error: (m: string) => log(`error: ${m}`),
    debug: () => undefined,
  };
  await Promise.all(
    names.map(async (name) => {
      const { loader, schema } = collections[name];
      const ctx = {
        collection: name,
        store: store.scopedStore(name),
        meta: store.metaStore(name),
        logger: { ...logger, info: (m: string) => log(`[${name}] ${m}`) },
        generateDigest,
        parseData: async ({ id, data }: { id: string; data: Record<string, unknown> }) => {
          const parsed = await (schema as z.ZodType).safeParseAsync(data);
          if (!parsed.success)
            throw new Error(`${name} → ${id} does not match the collection schema: ${z.prettifyError(parsed.error)}`, { cause: parsed.error });
          return parsed.data as Record<string, unknown>;
        },
      } as unknown as LoaderContext;
      await loader.load(ctx);
    }),
  );
  const after = digests(store, names);
  const changes: EntryChange[] = [];
  for (const name of names) {
    const b: Snapshot = before.get(name) ?? new Map<string, string>();
    const a: Snapshot = after.get(name) ?? new Map<string, string>();
    for (const [id, d] of a) if (b.get(id) !== d) changes.push({ collection: name, id });
    for (const id of b.keys()) if (!a.has(id)) changes.push({ collection: name, id });
  }
  const writing = performance.now();
  await store.writeToDisk();
  await store.waitUntilSaveComplete();
  return { changes, ms: performance.now() - started, entries: store.collections(), writeMs: performance.now() - writing };
}
