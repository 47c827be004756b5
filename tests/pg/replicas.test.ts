/**
 * Replicas on one PostgreSQL database (issue 16), with real processes: two API-only servers
 * (`SKIP_BUILD=true node src/server/main.ts`) share sessions and sign-in rate limits, and a content
 * change made through one reaches another process's publisher (LISTEN/NOTIFY). Publishers in
 * different processes never build at once (advisory lock), and one killed mid-build leaves the served
 * build as it was and the lock free. PostgreSQL pass only (`npm run test:pg`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { freePort } from '../../src/server/db/embedded-postgres.ts';
import { advisoryLock, PUBLISHER_LOCK_KEY } from '../../src/server/db/pg-notify.ts';
import { openTestDatabase, type TestDatabase } from '../../src/server/db/test-databases.ts';
import { ContentEvents, type ContentChange } from '../../src/server/platform/events.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PASSWORD = 'discover-demo';
const MAX_SIGN_INS = 3;

let database: TestDatabase;
let dir: string;
const children: ChildProcess[] = [];
let a = '';
let b = '';
let origin = '';

/** Starts an API-only replica and resolves with its base URL once it answers. */
async function replica(name: string, port: number): Promise<string> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      DATABASE_URL: database.url ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(dir, name),
      SKIP_BUILD: 'true',
      // Behind one load balancer every replica has the same public origin.
      PUBLIC_ORIGIN: origin,
      AUTH_RATE_LIMIT_MAX: String(MAX_SIGN_INS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Replica ${name} exited: ${output}`);
    const ok = await fetch(`${base}/api/version/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Replica ${name} did not start: ${output}`);
}

const signIn = (base: string, password: string) =>
  fetch(`${base}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ email: 'replica@example.org', password }),
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'discover-replicas-'));
  database = await openTestDatabase();
  await createCredentialUser(database.db, { email: 'replica@example.org', firstName: 'Rep', lastName: 'Lica', password: PASSWORD });
  const [pa, pb] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${pa}`;
  [a, b] = await Promise.all([replica('a', pa), replica('b', pb)]);
}, 120_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('two API replicas on one PostgreSQL database', () => {
  test('a session made on one replica is valid on the other; sign-out on the other ends it everywhere', async () => {
    const res = await signIn(a, PASSWORD);
    expect(res.status).toBe(303);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] as string)
      .filter((c) => /session_token=./.test(c))
      .join('; ');
    expect(cookie).not.toBe('');
    const me = (await (await fetch(`${b}/api/session/user/`, { headers: { cookie } })).json()) as { email?: string };
    expect(me.email).toBe('replica@example.org');
    const out = await fetch(`${b}/auth/sign-out`, { method: 'POST', redirect: 'manual', headers: { cookie, origin } });
    expect(out.status).toBeLessThan(400);
    const after = (await (await fetch(`${a}/api/session/user/`, { headers: { cookie } })).json()) as { email?: string };
    expect(after.email ?? '').toBe('');
  });

  test("a content change made through one replica reaches another process's listeners once committed", async () => {
    const events = new ContentEvents();
    await events.listen(database.url ?? '');
    const heard: ContentChange[] = [];
    events.on((c) => heard.push(c));
    try {
      // A write through replica A (a collection of a signed-in person is public content).
      const res = await signIn(a, PASSWORD);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0] as string)
        .filter((c) => /session_token=./.test(c))
        .join('; ');
      expect(res.status).toBe(303);
      const made = await fetch(`${a}/api/content/collection/`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Across replicas' }),
      });
      expect(made.status).toBe(201);
      const deadline = Date.now() + 10_000;
      while (!heard.some((c) => c.type === 'COLLECTION') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(heard.filter((c) => c.type === 'COLLECTION')).toHaveLength(1);
    } finally {
      await events.close();
    }
  });

  test('sign-in attempts are counted across both replicas', async () => {
    // The tests before signed in twice on A; these alternate B, A, B… The limit is for both together.
    const statuses: number[] = [];
    for (let i = 0; i < MAX_SIGN_INS + 1; i++) statuses.push((await signIn(i % 2 ? a : b, 'wrong-password')).status);
    expect(statuses).toContain(429);
    // One replica alone would allow MAX_SIGN_INS attempts before refusing; together they refuse sooner.
    expect(statuses.indexOf(429)).toBeLessThan(MAX_SIGN_INS);
  });
});

describe('one publisher at a time across processes', () => {
  test('the advisory lock serializes holders in two processes; a holder killed mid-build frees it and the served build stays', async () => {
    // A served build behind the `current` link, as the publisher leaves it.
    const site = join(dir, 'site');
    mkdirSync(join(site, 'builds', 'b1'), { recursive: true });
    writeFileSync(join(site, 'builds', 'b1', 'index.html'), 'served');
    symlinkSync(join('builds', 'b1'), join(site, 'current'));

    // Another process takes the publisher's lock and starts "building" into a new folder, then dies.
    const script = join(dir, 'holder.ts');
    writeFileSync(
      script,
      `import { mkdirSync, writeFileSync } from 'node:fs';
import { advisoryLock, PUBLISHER_LOCK_KEY } from ${JSON.stringify(join(ROOT, 'src/server/db/pg-notify.ts'))};
await advisoryLock(process.argv[2], PUBLISHER_LOCK_KEY)(async () => {
  mkdirSync(process.argv[3], { recursive: true });
  writeFileSync(process.argv[3] + '/index.html', 'half');
  console.log('building');
  await new Promise(() => undefined);
});
`,
    );
    const holder = spawn(process.execPath, [script, database.url ?? '', join(site, 'builds', 'b2')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(holder);
    await new Promise<void>((ok) => holder.stdout?.on('data', (d: Buffer) => d.toString().includes('building') && ok()));

    // This process must wait for the lock while the other holds it.
    const lock = advisoryLock(database.url ?? '', PUBLISHER_LOCK_KEY);
    let acquired = false;
    const waiting = lock(() => {
      acquired = true;
      return Promise.resolve();
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(acquired).toBe(false);

    holder.kill('SIGKILL');
    await waiting;
    expect(acquired).toBe(true);
    // The half-made build was never swapped in.
    expect(readlinkSync(join(site, 'current'))).toBe(join('builds', 'b1'));
    expect(readFileSync(join(site, 'current', 'index.html'), 'utf8')).toBe('served');
    expect(existsSync(join(site, 'builds', 'b2'))).toBe(true);
  }, 60_000);
});
