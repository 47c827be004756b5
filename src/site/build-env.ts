import { z } from 'zod';

/** A trailing slash would double in the URLs the build joins onto these. */
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** An empty variable counts as unset (the publisher passes '' for "no token"). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const LOCAL_SERVER = 'http://127.0.0.1:4321';

/**
 * The site build's environment (astro.config.mjs, the content loaders, the build integration), read
 * in one place. The publisher (src/server/publish) sets these for each `astro build` it runs.
 */
export const BuildEnvSchema = z.object({
  /** Public origin of the site, for canonical URLs, Open Graph and the sitemap. */
  PUBLIC_ORIGIN: optional(z.string()).transform((v) => withoutTrailingSlash(v ?? LOCAL_SERVER)),
  /** Astro's incremental-build cache and content store (each publisher keeps its own). */
  ASTRO_CACHE_DIR: optional(z.string()),
  /** Where the build reads content from; the local one-command server when unset. */
  DISCOVER_API_URL: optional(z.string()).transform((v) => withoutTrailingSlash(v ?? LOCAL_SERVER)),
  /** Build token sent as a bearer token, letting the build list UNLISTED spaces. */
  DISCOVER_API_TOKEN: optional(z.string()),
  /** Where to keep Astro's prerender bundle for the publisher's incremental renders (src/site/build-integration.ts). */
  DISCOVER_RENDERER_DIR: optional(z.string()),
  /** The id of the build being made, recorded with the kept renderer. */
  DISCOVER_BUILD_ID: optional(z.string()).transform((v) => v ?? ''),
  /** How many threads render the pages (src/site/prerender-threads.ts); unset or `0`: Astro's main thread alone. */
  DISCOVER_RENDER_THREADS: optional(z.coerce.number().int().min(0).max(64)),
  /** `1`: leave the brotli and gzip siblings to the publisher, which writes them after the swap (src/site/precompress.ts). */
  DISCOVER_DEFER_PRECOMPRESS: optional(z.enum(['0', '1'])).transform((v) => v === '1'),
});

/** The parsed build environment. */
export type BuildEnv = z.output<typeof BuildEnvSchema>;

/** Parses a build environment (tests pass their own). */
export const parseBuildEnv = (env: Record<string, string | undefined>): BuildEnv => BuildEnvSchema.parse(env);

let parsed: BuildEnv | undefined;

/** This process's build environment, parsed on first use (one `astro build` is one process). */
export const buildEnv = (): BuildEnv => (parsed ??= parseBuildEnv(process.env));

/**
 * How many threads render the build's pages (src/site/prerender-threads.ts): DISCOVER_RENDER_THREADS,
 * else none (Astro's main thread renders them). On this project's 2-core machines two threads gave no
 * shorter rendering step and ~10 s more CPU at 10,000 spaces: a thread's page costs more than the main
 * thread's, and the main thread's own work (Astro's loop, the writes) shares the two cores
 * (docs/build-performance.md, ninth pass). On more cores they are worth measuring.
 */
export const renderThreads = (): number => buildEnv().DISCOVER_RENDER_THREADS ?? 0;
