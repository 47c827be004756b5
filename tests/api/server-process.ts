import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, vi } from 'vitest';
import { freePort } from '../../src/server/db/embedded-postgres.ts';
import { migrate, openDb } from '../../src/server/db/db.ts';
import { demoCredentialCreator } from '../../src/server/session-wiring.ts';
import { seedFixtures, W } from './fixtures.ts';

/** The product as it runs, for tests that need the real process (its HTTP server, its start-up). */
export interface ServerProcess {
  origin: string;
  port: number;
  /** Everything it printed so far. */
  output(): string;
  /** Stops it (SIGTERM) and waits for the exit. */
  stop(): Promise<void>;
  /** Kills it and every process it started (SIGKILL to its process group), as a crash or `kill -9` would, and waits for the exit. */
  crash(): Promise<void>;
}

/** Options of {@link startServerProcess}. */
export interface ServerProcessOptions {
  /** The entry point, from the project root: `src/server/main.ts` (default) or `scripts/start.ts`. */
  script?: string;
  /** Its environment besides HOST and PORT (NODE_ENV is production unless given). */
  env: Record<string, string>;
  /** Whether it also gets this process's environment (default yes); without, only PATH and HOME. */
  inheritEnv?: boolean;
  /** How long it may take to say it is ready. */
  timeoutMs?: number;
}

/** Starts the product on a free loopback port and resolves once it prints its ready line. */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const base = opts.inheritEnv === false ? { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' } : process.env;
  const child = spawn(process.execPath, [opts.script ?? 'src/server/main.ts'], {
    cwd: resolve(import.meta.dirname, '../..'),
    // Its own process group, so a crash takes its children (the site build, the render worker, removals) with it.
    detached: true,
    env: { ...base, NODE_ENV: 'production', ...opts.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d: Buffer) => log.push(d.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
      child.kill('SIGTERM');
      await exited;
    }
  };
  const crash = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    }
  };
  try {
    await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`The server stopped:\n${log.join('')}`);
        expect(log.join('')).toContain('is ready');
      },
      { timeout: opts.timeoutMs ?? 60_000, interval: 100 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, port, output: () => log.join(''), stop, crash };
}

/** A data folder's SQLite database with the fixture world and a real password for its administrator (ada@example.com). */
export async function seedFixtureDataDir(file: string, adminPassword: string): Promise<void> {
  const db = openDb(file);
  await migrate(db);
  await seedFixtures(db.kysely);
  await demoCredentialCreator(db)({ id: W.user.admin, email: 'ada@example.com', password: adminPassword });
  await db.close();
}

/** Signs in through the product's sign-in form, as a browser does; answers the session cookie ('' when refused). */
export async function signInThroughForm(origin: string, email: string, password: string): Promise<{ cookie: string; status: number }> {
  const res = await fetch(`${origin}/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({ email, password, target: '/discover/' }),
    redirect: 'manual',
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, status: res.status };
}
