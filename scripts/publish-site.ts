import { cpSync, existsSync, realpathSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Publisher } from '../src/server/publish/publisher.ts';
import { loadPublisherEnv } from '../src/server/publish/publisher-env.ts';
import { linkTree, PUBLISH_DIR } from '../src/server/publish/site-dirs.ts';

/**
 * `npm run publish:site -- --api https://api.example.com --out DIR [--cache DIR] [--origin URL]`:
 * builds the static site from any running content API into DIR (a complete folder for any static
 * host or CDN). The cache folder keeps Astro's content store, the incremental cache, the kept
 * renderer and the last build: with it (the CI job restores it), a run where only content changed
 * re-renders only the affected pages; without it, or when the code changed, the run is a full build.
 * The token (DISCOVER_API_TOKEN or --token) lets the build list UNLISTED spaces.
 */
const env = loadPublisherEnv();
const { values } = parseArgs({
  options: {
    api: { type: 'string' },
    out: { type: 'string' },
    cache: { type: 'string', default: './.publish-cache' },
    origin: { type: 'string' },
    token: { type: 'string' },
  },
});
const api = (values.api ?? env.DISCOVER_API_URL)?.replace(/\/+$/, '');
if (!api || !values.out) {
  console.error(
    'Usage: npm run publish:site -- --api https://api.example.com --out DIR [--cache DIR] [--origin https://www.example.com] [--token BUILD_TOKEN]',
  );
  process.exit(2);
}
const out = resolve(values.out);
const publisher = new Publisher({
  projectRoot: resolve(import.meta.dirname, '..'),
  siteDir: resolve(values.cache),
  apiUrl: api,
  publicOrigin: values.origin ?? env.PUBLIC_ORIGIN ?? api,
  buildToken: values.token ?? env.DISCOVER_API_TOKEN ?? '',
});
const result = await publisher.publish();
// The footer lists of other pages and the search index, which an incremental publish settles after.
await publisher.idle();
await publisher.stop();
if (!result.ok || !existsSync(join(publisher.currentDir, 'index.html'))) {
  console.error(`Publishing failed: ${result.error ?? 'no site was built'}`);
  process.exit(1);
}
// A complete folder: hard links when on the same disk, else a copy; never the publisher's own files.
rmSync(out, { recursive: true, force: true });
const from = realpathSync(publisher.currentDir);
try {
  await linkTree(from, out);
} catch {
  rmSync(out, { recursive: true, force: true });
  cpSync(from, out, { recursive: true });
}
rmSync(join(out, PUBLISH_DIR), { recursive: true, force: true });
console.log(`Published ${result.mode === 'full' ? 'a full build' : 'incrementally'} in ${(result.ms / 1000).toFixed(1)} s to ${out}`);
