import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

/**
 * `npm test`: the whole suite — unit and API tests (vitest), then end-to-end tests against the
 * real server in Debian's Chromium (installed here when missing). Prints one closing line.
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

const results: { name: string; ok: boolean }[] = [];
results.push({ name: 'unit + API (vitest)', ok: run('npx', ['vitest', 'run']) === 0 });

ensureChromium();
const e2eData = `/tmp/discover-e2e-${process.pid}`;
rmSync(e2eData, { recursive: true, force: true });
results.push({ name: 'end-to-end (playwright, chromium)', ok: run('npx', ['playwright', 'test'], { E2E_DATA_DIR: e2eData }) === 0 });
rmSync(e2eData, { recursive: true, force: true });

const passed = results.filter((r) => r.ok).length;
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}`);
console.log(`suites: ${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
