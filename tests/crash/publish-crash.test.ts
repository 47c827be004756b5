/**
 * A crash never breaks the live site (issue 21): the real server (`src/server/main.ts`) builds the
 * fixture world's site, then, round after round, an administrator renames a space and the whole
 * process group (server, render worker, site build, removals) is killed with SIGKILL at a random
 * instant of the publish that follows. After each restart, every page of a fixed sample and every
 * build asset it references answers 200, the admin console's shell is there, and the rename is live.
 *
 * `CRASH_ROUNDS` (default 20) and `CRASH_SEED` pick the rounds and their instants; the instants are
 * printed so a failing round can be replayed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRng } from '../../scripts/seed/prng.ts';
import { W } from '../api/fixtures.ts';
import { seedFixtureDataDir, signInThroughForm, startServerProcess, type ServerProcess } from '../api/server-process.ts';

const PASSWORD = 'quiet-harbour-lantern-42';
const ROUNDS = Number(process.env['CRASH_ROUNDS'] ?? 20);
const SEED = Number(process.env['CRASH_SEED'] ?? 20261126);
const dataDir = mkdtempSync(join(tmpdir(), 'discover-publish-crash-'));
const env = { DATA_DIR: dataDir, SITE_LOCALES: 'en', AUTH_RATE_LIMIT_MAX: '1000' };
const LOFT = 'LOFTPARIS01';

/** The fixed sample: the page types a broken build lost in the probe (home, a space, search, a tag, a company page, 404). */
const PAGES = ['/discover/', `/discover/space/${LOFT}/`, '/discover/search/', '/discover/tag/loft/', '/discover/about/', '/discover/capture/'];

let server: ServerProcess | undefined;

const start = () => startServerProcess({ env, timeoutMs: 300_000 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The build assets a page references (scripts, styles, fonts, icons, pictures under the site's base). */
function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/\/discover\/_astro\/[\w./-]+\.(?:js|mjs|css|woff2?|svg|png|webp|avif|json)/g)) found.add(m[0]);
  for (const m of html.matchAll(
    /<(?:link|script|img|source)\b[^>]*\b(?:href|src)="(\/discover\/[^"#?]+\.(?:js|css|svg|png|ico|webmanifest|xml|webp|avif))"/g,
  )) {
    if (m[1]) found.add(m[1]);
  }
  return [...found];
}

/** Every sample page and asset answers 200, and the admin console's shell is served; answers what does not. */
async function brokenOf(origin: string, cookie: string): Promise<string[]> {
  const broken: string[] = [];
  const assets = new Set<string>();
  for (const path of PAGES) {
    const res = await fetch(origin + path);
    if (res.status !== 200) broken.push(`${path} ${res.status}`);
    for (const a of assetsOf(await res.text())) assets.add(a);
  }
  for (const a of assets) {
    const res = await fetch(origin + a);
    if (res.status !== 200) broken.push(`${a} ${res.status}`);
    await res.arrayBuffer();
  }
  const admin = await fetch(`${origin}/admin/spaces`, { headers: { cookie } });
  if (admin.status !== 200) broken.push(`/admin/spaces ${admin.status}`);
  await admin.arrayBuffer();
  if (assets.size < 3) broken.push(`only ${assets.size} assets referenced`);
  return broken;
}

async function rename(origin: string, name: string): Promise<string> {
  const { cookie, status } = await signInThroughForm(origin, 'ada@example.com', PASSWORD);
  expect(cookie, `sign-in answered ${status}`).not.toBe('');
  const res = await fetch(`${origin}/admin/api/space/${W.space.loft}/`, {
    method: 'PATCH',
    headers: { cookie, Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookie;
}

const published = (s: ServerProcess) => s.output().match(/Published \d+ changed page|Site built in/g)?.length ?? 0;

beforeAll(async () => {
  await seedFixtureDataDir(join(dataDir, 'discover.sqlite'), PASSWORD);
  server = await start();
}, 400_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test(`${ROUNDS} kills (SIGKILL) at random instants of a publish never break the live site; the change is live after the restart`, async () => {
  if (!server) throw new Error('no server');
  // How long a rename takes to go live here: the kills fall anywhere in that window (and a little after).
  const before = published(server);
  const t0 = Date.now();
  await rename(server.origin, 'Harbour Loft calibration');
  const deadline = t0 + 120_000;
  while (published(server) === before && Date.now() < deadline) await sleep(50);
  const window = (Date.now() - t0) * 1.2;
  expect(published(server), server.output()).toBeGreaterThan(before);

  const rng = createRng(SEED);
  const rounds: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const name = `Harbour Loft ${round}`;
    await rename(server.origin, name);
    const delay = Math.round(rng.next() * window);
    await sleep(delay);
    await server.crash();
    const restarted = Date.now();
    server = await start();
    const settledMs = Date.now() - restarted;
    const { cookie } = await signInThroughForm(server.origin, 'ada@example.com', PASSWORD);
    const broken = await brokenOf(server.origin, cookie);
    const title = /<title>([^<]*)<\/title>/.exec(await (await fetch(`${server.origin}/discover/space/${LOFT}/`)).text())?.[1] ?? '';
    rounds.push(`round ${round}: killed ${delay} ms after the rename, live again ${settledMs} ms after the restart`);
    const said = `round ${round} (killed ${delay} ms after the rename); the restarted server said:\n${server.output()}`;
    expect(broken, said).toEqual([]);
    expect(title, `the rename is live: ${said}`).toContain(name);
  }
  console.log(`window ${Math.round(window)} ms, seed ${SEED}\n${rounds.join('\n')}`);
}, 1_800_000);
