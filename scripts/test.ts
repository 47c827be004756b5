import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm test`: the whole suite — unit and API tests (vitest; the API tests twice, on SQLite and on a
 * throwaway PostgreSQL cluster, see vitest.config.ts), then end-to-end tests against the
 * real server in Debian's Chromium (installed here when missing). Closes with one line counting
 * every test of both runners.
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
const playwrightJson = `${reports}-playwright.json`;

/** Minutes and seconds since `start`, for the summary. */
const took = (start: number) => {
  const s = Math.round((Date.now() - start) / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
};

const unitStart = Date.now();
const unitOk = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]) === 0;
const unitTook = took(unitStart);
const unit = readReport<{ numPassedTests: number; numFailedTests: number; numPendingTests: number }>(vitestJson);

ensureChromium();
const e2eData = join(tmpdir(), `discover-e2e-${process.pid}`);
rmSync(e2eData, { recursive: true, force: true });
const e2eStart = Date.now();
const e2eOk = run('npx', ['playwright', 'test', '--reporter=list,json'], { E2E_DATA_DIR: e2eData, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }) === 0;
const e2eTook = took(e2eStart);
const e2e = readReport<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(playwrightJson);
rmSync(e2eData, { recursive: true, force: true });

const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats.expected ?? 0) + (e2e?.stats.flaky ?? 0);
const failed =
  (unit ? unit.numFailedTests : 1) + (e2e ? e2e.stats.unexpected : 1) + (unitOk || unit?.numFailedTests ? 0 : 1) + (e2eOk || e2e?.stats.unexpected ? 0 : 1);
const skipped = (unit?.numPendingTests ?? 0) + (e2e?.stats.skipped ?? 0);
console.log(
  `\nunit + API (SQLite and PostgreSQL): ${unitOk ? 'PASS' : 'FAIL'} (${unitTook})   end-to-end: ${e2eOk ? 'PASS' : 'FAIL'} (${e2eTook}, server start included)`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });
process.exit(unitOk && e2eOk ? 0 : 1);
