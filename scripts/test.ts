import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/**
 * `npm test`: the whole suite — unit and API tests (vitest; the API tests twice, on SQLite and on a
 * throwaway PostgreSQL cluster, see vitest.config.ts), then end-to-end tests against the
 * real server in Debian's Chromium (installed here when missing), in lanes (see below). Closes
 * with one line counting every test of both runners.
 */
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

function ensureChromium(): void {
  if (existsSync('/usr/bin/chromium')) return;
  console.log('Installing Debian chromium for the browser tests …');
  const asRoot = process.getuid?.() === 0;
  const exec = (args: string[]) => (asRoot ? run('apt-get', args, { DEBIAN_FRONTEND: 'noninteractive' }) : run('sudo', ['apt-get', ...args]));
  if (exec(['update', '-qq']) !== 0 || exec(['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core']) !== 0) {
    throw new Error('Could not install chromium with apt-get; install it (apt-get install chromium) and run npm test again.');
  }
}

/** Reads a JSON report; a runner that crashed before writing one counts as one failure. */
function readReport<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const reports = join(tmpdir(), `discover-test-${process.pid}`);
const vitestJson = `${reports}-vitest.json`;

/** Minutes and seconds since `start`, for the summary. */
const took = (start: number) => {
  const s = Math.round((Date.now() - start) / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
};

const unitStart = Date.now();
const unitExit = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const unitTook = took(unitStart);
const unit = readReport<{ numPassedTests: number; numFailedTests: number; numPendingTests: number }>(vitestJson);
/** Passed only when vitest says so and its report counts no failure (the summary's PASS must agree with its counts). */
const unitOk = unitExit === 0 && unit?.numFailedTests === 0;

ensureChromium();

/**
 * End-to-end lanes: Playwright's shards of the spec files (`E2E_LANES`, 2 by default; 1 runs
 * them all in one), side by side, each against a server of its own (the first free port from
 * `E2E_PORT` + 10·lane, `E2E_PORT` 4510 by default, and a fresh data folder). A lane's server is
 * a whole product (database, site, publisher, mail folder), so lanes share no account, row or
 * build and no spec waits for another lane's writes; within a lane the specs run one at a time,
 * as the config says.
 */
const lanes = Math.max(1, Math.min(4, Number(process.env['E2E_LANES'] ?? 2) || 1));
const basePort = Number(process.env['E2E_PORT'] ?? 4510);

/** Whether nothing listens on `port` at 127.0.0.1 (a lane must start its own server, never reuse another's). */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** The first free port of lane `i`'s ten (`E2E_PORT` + 10·i onwards). */
async function lanePort(i: number): Promise<string> {
  for (let port = basePort + i * 10; port < basePort + i * 10 + 10; port++) if (await portFree(port)) return String(port);
  throw new Error(`Ports ${basePort + i * 10}–${basePort + i * 10 + 9} are all taken: set E2E_PORT to a free range.`);
}

const lane = (i: number) => ({
  data: join(tmpdir(), `discover-e2e-${process.pid}-${i + 1}`),
  json: `${reports}-playwright-${i + 1}.json`,
});

/** Runs lane `i`, its output prefixed with the lane's number when there are several; resolves with its exit status. */
async function runLane(i: number): Promise<number> {
  const { data, json } = lane(i);
  const port = await lanePort(i).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    return null;
  });
  if (!port) return 1;
  rmSync(data, { recursive: true, force: true });
  const args = ['playwright', 'test', '--reporter=list,json', ...(lanes > 1 ? [`--shard=${i + 1}/${lanes}`] : [])];
  const child = spawn('npx', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, E2E_DATA_DIR: data, E2E_PORT: port, PLAYWRIGHT_JSON_OUTPUT_NAME: json },
  });
  const tag = lanes > 1 ? `[lane ${i + 1}] ` : '';
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: from }).on('line', (line) => to.write(`${tag}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

type E2eStats = { expected: number; unexpected: number; flaky: number; skipped: number };
const e2eStart = Date.now();
const statuses = await Promise.all(Array.from({ length: lanes }, (_, i) => runLane(i)));
const e2eOk = statuses.every((code) => code === 0);
const e2eTook = took(e2eStart);
const laneStats = Array.from({ length: lanes }, (_, i) => readReport<{ stats: E2eStats }>(lane(i).json)?.stats ?? null);
/**
 * Every lane's counts summed. A lane that wrote no report counts as one failure, and so does one
 * that failed with no failing test (a server that did not start, a crash).
 */
const e2e = laneStats.reduce<E2eStats>(
  (sum, s, i) => ({
    expected: sum.expected + (s?.expected ?? 0),
    unexpected: sum.unexpected + (s ? s.unexpected : 1) + (statuses[i] !== 0 && s?.unexpected === 0 ? 1 : 0),
    flaky: sum.flaky + (s?.flaky ?? 0),
    skipped: sum.skipped + (s?.skipped ?? 0),
  }),
  { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
);
for (let i = 0; i < lanes; i++) {
  rmSync(lane(i).data, { recursive: true, force: true });
  rmSync(lane(i).json, { force: true });
}

const passed = (unit?.numPassedTests ?? 0) + e2e.expected + e2e.flaky;
// vitest with no report, or failed with no failing test (a crash, a setup error), counts one failure.
const unitFailed = unit ? unit.numFailedTests + (unitExit !== 0 && unit.numFailedTests === 0 ? 1 : 0) : 1;
const failed = unitFailed + e2e.unexpected;
const skipped = (unit?.numPendingTests ?? 0) + e2e.skipped;
console.log(
  `\nunit + API (SQLite and PostgreSQL): ${unitOk ? 'PASS' : 'FAIL'} (${unitTook})   end-to-end: ${e2eOk ? 'PASS' : 'FAIL'} (${e2eTook} in ${lanes} lane${lanes > 1 ? 's' : ''}, server starts included)`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
rmSync(vitestJson, { force: true });
process.exit(unitOk && e2eOk ? 0 : 1);
