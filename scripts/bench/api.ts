import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres.ts';
import { signIn } from './sign-in.ts';
import { searchBenchBody } from './search-bodies.ts';
import { formatSummary, summariseProfile } from './cpu-profile.ts';
import { formatPerfParts, perfParts, PERF_NODE_FLAGS, startPerf, stopPerf } from './perf-parts.ts';

/**
 * `npm run bench:api -- [--spaces 2000] [--database-url URL | --pg] [--replicas 1|2] [--connections 100] [--duration 10] [--ceiling]`
 *
 * API throughput of the real server (`src/server/main.ts` with SKIP_BUILD, a child process per
 * replica, on 127.0.0.1), measured with autocannon from this process, one run per scenario:
 *
 *   space by id      GET  /api/content/space/{id}/                 (a guest; budget ≥ 15k req/s, p99 ≤ 10 ms)
 *   space list page  GET  /api/content/space/?limit=24&page=3
 *   search           POST /api/content/space/search/ {"searchText": "<a common word>"}   (p99 ≤ 50 ms at 100k spaces)
 *   search-varied    12 common words × 24 page sizes × 5 pages in turn: answers the cache has not got;
 *                    first 480 of them one at a time (latency p50 / p99 of a lone request, the
 *                    server's CPU for each one (p50 / p99, from the threads' schedstat) and the
 *                    server's CPU per request: the API process and, on PostgreSQL, the database's, a
 *                    `--database-url` server's too when it runs on this machine)
 *   collection rename POST /api/content/collection/{id}/rename/ (signed in, a new name per request)
 *
 * The world is seeded once per size (and database) into /tmp/discover-bench-api-<spaces>. With
 * `--replicas 2`, two API processes share the database behind a round-robin proxy in this process.
 * `--pg` starts a throwaway PostgreSQL cluster (embedded-postgres, in /tmp) and seeds it for this run.
 * `--ceiling` also measures bare Hono on node:sqlite answering the space-by-id JSON (a prepared
 * SELECT and JSON.stringify per request): what this machine allows a Node process, beside the figure;
 * and bare node:http writing that JSON from memory: what a cached answer can reach at most.
 * The load generator shares the machine's cores with the server: on 2 cores it takes about one.
 * `--profile` runs the (first) server under `node --cpu-prof` and prints where its CPU went once it
 * has stopped (scripts/bench/cpu-profile.ts; the start-up is in the profile too: read the inclusive
 * times under the request's parts).
 * `--perf` records the (first) server with Linux perf during the lone searches and prints their CPU
 * by part of a request: SQLite, query code, each middleware, Node, V8's threads
 * (scripts/bench/perf-parts.ts; needs `perf` and permission to record the process).
 */
/** The part of autocannon's API this script uses (the package ships no types). */
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({
  options: {
    spaces: { type: 'string', default: '2000' },
    'database-url': { type: 'string', default: '' },
    pg: { type: 'boolean', default: false },
    replicas: { type: 'string', default: '1' },
    connections: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '4640' },
    only: { type: 'string', default: '' },
    ceiling: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    perf: { type: 'boolean', default: false },
  },
});
const spaces = Number(values.spaces);
const replicas = Math.max(1, Number(values.replicas));
const connections = Number(values.connections);
const duration = Number(values.duration);
const basePort = Number(values.port);
const root = resolve(import.meta.dirname, '../..');
const cluster = values.pg ? await startEmbeddedPostgres() : null;
const databaseUrl = cluster?.url ?? values['database-url'];
const work = `/tmp/discover-bench-api-${spaces}${databaseUrl ? '-pg' : ''}`;
const dataDir = join(work, 'data');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((ok, fail) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? ok(performance.now() - t0) : fail(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Starts a child that prints a ready line; resolves once it does. */
async function startChild(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d: Buffer) => log.push(d.toString()));
  const t0 = performance.now();
  while (!ready.test(log.join(''))) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} stopped:\n${log.join('').slice(-2000)}`);
    if (performance.now() - t0 > 300_000) throw new Error(`${args.join(' ')} not ready in 300 s`);
    await sleep(100);
  }
  return child;
}

/** A round-robin HTTP proxy over the replicas, on loopback (keep-alive to each). */
function roundRobin(ports: number[], port: number): Promise<Server> {
  let next = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const server = createServer((req, res) => {
    const target = ports[next++ % ports.length] as number;
    const upstream = httpRequest({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers, agent }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

/** CPU time (user + system, ms) of this process's descendants: the API replicas, and PostgreSQL with `--pg`. */
function serverCpuMs(pid = process.pid, self = true): number {
  let ms = 0;
  try {
    if (!self) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, and the waited-for children's (a PostgreSQL backend that ended).
      ms += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
    }
    for (const kid of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) ms += serverCpuMs(Number(kid), false);
  } catch {
    /* ended meanwhile */
  }
  return ms;
}

/**
 * CPU time (ns) the scheduler gave every thread of this process's descendants (`/proc/…/schedstat`:
 * nanoseconds, where `stat` counts 10 ms ticks), and of `extra`'s tree: precise enough for one request.
 */
function serverCpuNs(extra: number | null, pid = process.pid, self = true): number {
  let ns = 0;
  try {
    if (!self) {
      for (const tid of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    }
    for (const kid of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
      ns += serverCpuNs(null, Number(kid), false);
  } catch {
    /* ended meanwhile */
  }
  return ns + (extra ? serverCpuNs(null, extra, false) : 0);
}

/** CPU time (ns) of each thread of this process's descendants, by thread name (`/proc/…/task/…/comm`). */
function threadCpuNs(pid = process.pid, self = true, out = new Map<string, number>()): Map<string, number> {
  try {
    if (!self) {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        out.set(name, (out.get(name) ?? 0) + Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
      }
    }
    for (const kid of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) threadCpuNs(Number(kid), false, out);
  } catch {
    /* ended meanwhile */
  }
  return out;
}

/**
 * The postmaster's process id of a PostgreSQL server on this machine given by `--database-url` (the
 * parent of a backend), so its CPU counts as the server's like a `--pg` cluster's; null if not local.
 */
async function localPostmaster(url: string): Promise<number | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const status = readFileSync(`/proc/${rows[0]?.pid}/status`, 'utf8');
    return Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) || null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Sends `count` requests one at a time; the latency of each and the server's CPU per request. */
async function oneAtATime(
  url: string,
  bodies: (i: number) => string,
  count: number,
): Promise<{ p50: number; p99: number; cpu: number; cpuP50: number; cpuP99: number; slowest: string[]; threads: string[] }> {
  const times: number[] = [];
  const cpus: number[] = [];
  const external = databaseUrl && !cluster ? await localPostmaster(databaseUrl) : null;
  const serverCpu = () => serverCpuMs() + (external ? serverCpuMs(external, false) : 0);
  const cpu0 = serverCpu();
  const bodyCpu: [number, number][] = [];
  const threads0 = threadCpuNs();
  for (let i = 0; i < count; i++) {
    const ns0 = serverCpuNs(external);
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodies(i) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
    cpus.push((serverCpuNs(external) - ns0) / 1e6);
    bodyCpu.push([cpus[cpus.length - 1] ?? 0, i]);
  }
  const cpu = (serverCpu() - cpu0) / count;
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const at = (list: number[], q: number) => Math.round((list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0) * 10) / 10;
  const threads = [...threadCpuNs()]
    .map(([name, ns]): [string, number] => [name, (ns - (threads0.get(name) ?? 0)) / 1e6 / count])
    .filter(([, ms]) => ms >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${ms.toFixed(2).padStart(6)} ms  ${name}`);
  // The costliest requests (the tail), with their place in the run (the first ones prepare the statements).
  const slowest = bodyCpu
    .sort((a, b) => b[0] - a[0])
    .slice(0, 8)
    .map(([ms, i]) => `${ms.toFixed(1).padStart(6)} ms  #${i} ${bodies(i)}`);
  return { p50: at(times, 0.5), p99: at(times, 0.99), cpu: Math.round(cpu * 10) / 10, cpuP50: at(cpus, 0.5), cpuP99: at(cpus, 0.99), slowest, threads };
}

interface Row {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  budget: string;
}

async function measure(
  scenario: string,
  budget: string,
  url: string,
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; setupRequest?: (req: { body?: string }) => { body?: string } } = {},
): Promise<Row> {
  const result = await autocannon({
    url,
    connections,
    duration,
    method: opts.method ?? 'GET',
    headers: opts.headers ?? {},
    ...(opts.body ? { body: opts.body } : {}),
    ...(opts.setupRequest ? { requests: [{ setupRequest: opts.setupRequest as never }] } : {}),
  });
  return {
    scenario,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    budget,
  };
}

mkdirSync(work, { recursive: true });
const dbEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
if (cluster || !existsSync(join(dataDir, '.bench-seeded'))) {
  console.log(`Seeding ${spaces} spaces into ${databaseUrl || dataDir} …`);
  const ms = await run(process.execPath, ['scripts/seed-demo.ts', '--spaces', String(spaces), '--data', dataDir], dbEnv);
  await run('touch', [join(dataDir, '.bench-seeded')]);
  console.log(`  seeded in ${(ms / 1000).toFixed(1)} s`);
}

const children: ChildProcess[] = [];
let proxy: Server | null = null;
const stopAll = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  proxy?.close();
};
const profileDir = join(work, `cpu-profile-${process.pid}`);
/** The parts of a request whose inclusive CPU time `--profile` prints. */
const PROFILED = [
  'searchSpaces',
  'sqliteTextRows',
  'searchPlanOf',
  'contentCtx',
  'compress',
  'securityHeaders',
  'validator',
  'getRequestListener',
  'stringify',
];
process.once('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const rows: Row[] = [];
/** Lines printed under the table. */
const tail: string[] = [];
try {
  const ports = Array.from({ length: replicas }, (_, i) => basePort + 1 + i);
  for (const port of ports) {
    const profile = values.profile && port === ports[0] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    if (values.perf && port === ports[0]) profile.push(...PERF_NODE_FLAGS);
    children.push(
      await startChild(
        [...profile, 'src/server/main.ts'],
        { ...dbEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: 'true', AUTH_RATE_LIMIT_MAX: '100000' },
        /is ready/,
      ),
    );
  }
  let origin = `http://127.0.0.1:${ports[0]}`;
  if (replicas > 1) {
    proxy = await roundRobin(ports, basePort);
    origin = `http://127.0.0.1:${basePort}`;
  }
  // Public reads come from a guest (no cookie), as a visitor's browser or a CDN asks.
  const list = (await (await fetch(`${origin}/api/content/space/?limit=5&offset=3`)).json()) as { results: { id: string; name: string }[] };
  const space = list.results[0];
  if (!space) throw new Error('The seeded world has no public space.');
  const word = 'apartment';
  const only = values.only ? new Set(values.only.split(',')) : null;
  const want = (name: string) => !only || only.has(name);
  const load0 = loadavg()[0] ?? 0;

  if (want('space')) rows.push(await measure('space by id', '≥ 15,000 req/s, p99 ≤ 10 ms', `${origin}/api/content/space/${space.id}/`));
  if (want('list')) rows.push(await measure('space list page', '—', `${origin}/api/content/space/?limit=24&page=3`));
  if (want('search'))
    rows.push(
      await measure(`search "${word}"`, 'p99 ≤ 50 ms at 100k spaces', `${origin}/api/content/space/search/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchText: word }),
      }),
    );
  if (want('search-varied')) {
    // Misses of the guests' answer cache: 1,440 different searches (12 words × 24 page sizes × 5
    // pages) in turn, so a body comes back after its 1 s answer is gone unless the server answers
    // more than 1,440 a second. What a search costs when nobody asked it just before.
    const bodyOf = (i: number) => JSON.stringify(searchBenchBody(i));
    // One at a time first, on answers nobody asked yet: what one search costs. One unrelated search
    // before them: a server's first search reads the search vocabulary (~200 ms, once per start).
    await (
      await fetch(`${origin}/api/content/space/search/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"searchText":"warm"}' })
    ).arrayBuffer();
    const lone = 480;
    const perfFile = join(work, `perf-${process.pid}.data`);
    const perf = values.perf && children[0]?.pid ? startPerf(children[0].pid, perfFile) : null;
    if (values.perf && !perf) console.log('(--perf: perf is not installed here.)');
    if (perf) await sleep(300);
    const single = await oneAtATime(`${origin}/api/content/space/search/`, bodyOf, lone);
    tail.push('Costliest lone searches (server CPU):', ...single.slowest, 'Server CPU per lone search by thread:', ...single.threads);
    if (perf) {
      await stopPerf(perf);
      tail.push(...formatPerfParts(perfParts(perfFile, lone)), `(${perfFile})`);
    }
    rows.push({
      scenario: 'search, 480 different texts one at a time',
      reqPerSec: 0,
      p50: single.p50,
      p99: single.p99,
      errors: 0,
      non2xx: 0,
      budget: `server CPU ${single.cpu} ms/request, p50 ${single.cpuP50}, p99 ${single.cpuP99}; SQLite p50 ≤ 2.5, p99 ≤ 10; PG p50 ≤ 5`,
    });
    let n = lone;
    rows.push(
      await measure('search, 1,440 different texts in turn (misses)', '—', `${origin}/api/content/space/search/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: bodyOf(n++) }),
      }),
    );
  }
  if (want('rename')) {
    const cookie = await signIn(origin, 'visitor@example.com');
    const created = await fetch(`${origin}/api/content/collection/`, {
      method: 'POST',
      headers: { cookie, Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${Date.now() % 100000}` }),
    });
    if (!created.ok) throw new Error(`Creating a collection: ${created.status} ${await created.text()}`);
    const collection = (await created.json()) as { id: string };
    let n = 0;
    rows.push(
      await measure('collection rename (signed in)', '—', `${origin}/api/content/collection/${collection.id}/rename/`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ name: `Bench rename ${++n}` }) }),
      }),
    );
  }

  if (values.ceiling) {
    stopAll();
    children.length = 0;
    const file = databaseUrl ? '' : join(dataDir, 'discover.sqlite');
    if (!file) console.log('(The bare ceiling runs on SQLite only.)');
    else {
      const port = basePort + 10;
      children.push(await startChild(['scripts/bench/bare-api.ts', file, String(port)], {}, /listening/));
      rows.push(
        await measure('ceiling: bare Hono + node:sqlite, space by id', 'what one Node process does here', `http://127.0.0.1:${port}/space/${space.id}/`),
      );
      stopAll();
      children.length = 0;
      children.push(await startChild(['scripts/bench/bare-api.ts', file, String(port + 1), 'raw'], {}, /listening/));
      rows.push(
        await measure(
          'ceiling: bare node:http, the same JSON from memory',
          'what a cached answer can reach here',
          `http://127.0.0.1:${port + 1}/space/${space.id}/`,
        ),
      );
    }
  }

  const load1 = loadavg()[0] ?? 0;
  console.log(
    `\nAPI throughput: ${spaces.toLocaleString('en')} spaces, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${replicas} replica${replicas > 1 ? 's (round-robin proxy)' : ''}, ${connections} connections, ${duration} s per scenario, ${cpus().length} cores, load ${load0.toFixed(1)} → ${load1.toFixed(1)}\n`,
  );
  console.log(
    `${'scenario'.padEnd(48)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'non-2xx'.padStart(9)}   budget`,
  );
  for (const r of rows) {
    console.log(
      `${r.scenario.padEnd(48)}${Math.round(r.reqPerSec).toLocaleString('en').padStart(10)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.errors).padStart(8)}${String(r.non2xx).padStart(9)}   ${r.budget}`,
    );
  }
  if (tail.length) console.log(`\n${tail.join('\n')}`);
} finally {
  const exited = children.map((c) => (c.exitCode === null ? new Promise((ok) => c.once('exit', ok)) : Promise.resolve()));
  stopAll();
  if (values.profile) {
    await Promise.all(exited);
    const file = existsSync(profileDir) ? readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile')) : undefined;
    if (file) console.log(`\n${formatSummary(summariseProfile(join(profileDir, file), PROFILED)).join('\n')}\n(${join(profileDir, file)})`);
  }
  await cluster?.stop();
}
