import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npm run bench:static -- [--data DIR] [--spaces 400] [--path /discover/] [--duration 30] [--short 10] [--rounds 3] [--port 4660]`
 *
 * The static site under load, in one run: the real product server (`src/server/main.ts` with
 * SKIP_BUILD, a child process, on an existing built data folder; an empty folder is seeded and
 * built once first with `scripts/start.ts`) beside bare node:http servers answering the same page's
 * bytes from memory (scripts/bench/bare-static.ts: with a bare Content-Type, and with the product's
 * own headers), each measured with autocannon from this process as a browser asks
 * (`Accept-Encoding: gzip, deflate, br`; the body bytes are checked to be the product's):
 *
 *   1,000 connections for 30 s, product then bare        errors, timeouts, req/s, p50, p99   budget: 0 errors, 0 timeouts
 *     100 connections for 10 s, rounds of the three in turn, medians   req/s                 budget: product ≥ 70 % of bare
 *
 * Beside req/s it prints each server's CPU time per request (from /proc): the load generator shares
 * the machine's cores with the servers and other work on a shared machine moves req/s by a factor
 * of several from one run to the next, far less the CPU a request costs. The load average is printed.
 */

/** The part of autocannon's result this script reads (the package ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  resets?: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '/tmp/discover-bench-static' },
    spaces: { type: 'string', default: '400' },
    path: { type: 'string', default: '/discover/' },
    duration: { type: 'string', default: '30' },
    short: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1000' },
    port: { type: 'string', default: '4660' },
    rounds: { type: 'string', default: '3' },
  },
});
const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(values.data);
const port = Number(values.port);
const path = values.path;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a Node child that prints a ready line; resolves once it does. */
async function startChild(args: string[], env: Record<string, string>, ready: RegExp, timeoutMs = 900_000): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d: Buffer) => log.push(d.toString()));
  const t0 = performance.now();
  while (!ready.test(log.join(''))) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} stopped:\n${log.join('').slice(-2000)}`);
    if (performance.now() - t0 > timeoutMs) throw new Error(`${args.join(' ')} not ready in ${timeoutMs / 1000} s`);
    await sleep(100);
  }
  return child;
}

const stop = async (child: ChildProcess | null) => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGTERM');
  await exited;
};

/** One answer's status, headers and raw bytes (not decoded), to check both servers send the same. */
function rawGet(url: string): Promise<{ status: number; encoding: string; headers: Record<string, string>; bytes: Buffer }> {
  return new Promise((ok, fail) => {
    get(url, { headers: HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string' && !/^(date|connection|keep-alive)$/.test(k)) headers[k] = v;
        ok({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? ''), headers, bytes: Buffer.concat(chunks) });
      });
    }).on('error', fail);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

interface Row {
  server: string;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** The server process's CPU time per request (user + system), which the machine's other work moves far less than req/s. */
  cpuPerRequestUs: number;
}

/** CPU seconds a process has used so far (user + system, from /proc; Linux). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

async function measure(server: string, url: string, connections: number, seconds: number, pid: number | undefined): Promise<Row> {
  const cpu0 = cpuSeconds(pid);
  const r = await autocannon({ url, connections, duration: seconds, headers: HEADERS, timeout: 10 });
  const cpu = cpuSeconds(pid) - cpu0;
  await sleep(2000); // let the sockets close before the next run
  return {
    cpuPerRequestUs: (cpu * 1e6) / Math.max(1, r.requests.total),
    server,
    connections,
    seconds,
    requests: r.requests.total,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
const current = join(dataDir, 'site', 'current');
let product: ChildProcess | null = null;
let bare: ChildProcess | null = null;
let bareSame: ChildProcess | null = null;
process.once('SIGINT', () => {
  for (const c of [product, bare, bareSame]) if (c && c.exitCode === null) c.kill('SIGTERM');
  process.exit(130);
});

const rows: Row[] = [];
const load0 = loadavg()[0] ?? 0;
try {
  if (!existsSync(join(current, 'index.html'))) {
    console.log(`No built site in ${dataDir}: seeding ${values.spaces} spaces and building it once (scripts/start.ts) …`);
    const t0 = performance.now();
    await stop(await startChild(['scripts/start.ts'], { ...env, SEED_SPACES: values.spaces, SITE_LOCALES: 'en,de' }, /is ready/));
    console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const build = realpathSync(current);
  const rel = path.replace(/^\/discover\/?/, '');
  const file = join(build, rel.endsWith('/') || rel === '' ? `${rel}index.html` : rel);
  if (!existsSync(file)) throw new Error(`The build ${build} has no ${file} for ${path}.`);

  product = await startChild(['src/server/main.ts'], { ...env, SKIP_BUILD: 'true' }, /is ready/);
  const productUrl = `http://127.0.0.1:${port}${path}`;
  const answer = await rawGet(productUrl);
  if (answer.status !== 200) throw new Error(`${productUrl} answered ${answer.status}.`);
  const headersFile = join(mkdtempSync(join(tmpdir(), 'discover-bench-static-')), 'headers.json');
  writeFileSync(headersFile, JSON.stringify(answer.headers));
  bare = await startChild(['scripts/bench/bare-static.ts', file, String(port + 10)], {}, /listening/);
  bareSame = await startChild(['scripts/bench/bare-static.ts', file, String(port + 11), headersFile], {}, /listening/);
  const bareUrl = `http://127.0.0.1:${port + 10}${path}`;
  const bareSameUrl = `http://127.0.0.1:${port + 11}${path}`;
  const headerBytes = Object.entries(answer.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
  console.log(
    `Product server:  ${productUrl} (build ${build}): ${answer.encoding || 'identity'}, ${answer.bytes.length} body bytes, ${headerBytes} header bytes`,
  );
  for (const [name, url] of [
    ['bare node:http', bareUrl],
    ['bare, same headers', bareSameUrl],
  ] as const) {
    const a = await rawGet(url);
    const same = a.encoding === answer.encoding && a.bytes.equals(answer.bytes);
    if (!same) throw new Error(`${name} does not send the product's bytes.`);
    console.log(`${`${name}:`.padEnd(17)}${url}: the same body bytes`);
  }

  // Each server alone under load (the others are idle), the busy case first.
  const busy = Number(values.connections);
  rows.push(await measure('product', productUrl, busy, Number(values.duration), product.pid));
  rows.push(await measure('bare node:http', bareUrl, busy, Number(values.duration), bare.pid));
  // 100 connections: rounds in turn, so the machine's other work weighs on each alike; medians.
  const rounds: Record<string, number[]> = { product: [], 'bare node:http': [], 'bare, same headers': [] };
  const hundred: Row[] = [];
  for (let i = 0; i < Number(values.rounds); i++) {
    for (const [name, url, pid] of [
      ['product', productUrl, product.pid],
      ['bare node:http', bareUrl, bare.pid],
      ['bare, same headers', bareSameUrl, bareSame.pid],
    ] as const) {
      const row = await measure(name, url, 100, Number(values.short), pid);
      rounds[name]?.push(row.reqPerSec);
      hundred.push(row);
    }
  }

  const load1 = loadavg()[0] ?? 0;
  console.log(`\nStatic page ${path} under load: ${cpus().length} cores, load average ${load0.toFixed(1)} → ${load1.toFixed(1)} (the machine is shared)\n`);
  const line = (cells: (string | number)[], widths: number[]) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i] ?? 0) : String(c).padStart(widths[i] ?? 0))).join('');
  const widths = [20, 7, 4, 10, 9, 8, 8, 8, 10, 9, 12];
  console.log(line(['server', 'conns', 's', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'timeouts', 'non-2xx', 'CPU µs/req'], widths));
  for (const r of [...rows, ...hundred]) {
    console.log(
      line(
        [
          r.server,
          r.connections,
          r.seconds,
          r.requests.toLocaleString('en'),
          Math.round(r.reqPerSec).toLocaleString('en'),
          r.p50,
          r.p99,
          r.errors,
          r.timeouts,
          r.non2xx,
          r.cpuPerRequestUs.toFixed(0),
        ],
        widths,
      ),
    );
  }
  const cpuOf = (name: string) => median(hundred.filter((r) => r.server === name).map((r) => r.cpuPerRequestUs));
  const [product1000] = rows as [Row, Row];
  const mine = median(rounds['product'] ?? []);
  const ceiling = median(rounds['bare node:http'] ?? []);
  const sameHeaders = median(rounds['bare, same headers'] ?? []);
  const busyOk = product1000.errors === 0 && product1000.timeouts === 0 && product1000.non2xx === 0;
  console.log(
    `\n100 connections, median of ${values.rounds} rounds: product ${Math.round(mine).toLocaleString('en')} req/s, bare ${Math.round(ceiling).toLocaleString('en')}, bare with the product's headers ${Math.round(sameHeaders).toLocaleString('en')}`,
  );
  console.log(
    `Server CPU per request at 100 connections (median): product ${cpuOf('product').toFixed(0)} µs, bare ${cpuOf('bare node:http').toFixed(0)} µs, bare with the product's headers ${cpuOf('bare, same headers').toFixed(0)} µs`,
  );
  console.log(`Budget: ${busy} connections, 0 errors and 0 timeouts: ${busyOk ? 'met' : 'NOT met'}`);
  console.log(
    `Budget: 100 connections, ≥ 70 % of the bare server's req/s: ${((mine / ceiling) * 100).toFixed(0)} % (${mine >= 0.7 * ceiling ? 'met' : 'NOT met'}); of the bare server sending the same headers: ${((mine / sameHeaders) * 100).toFixed(0)} %`,
  );
  if (!busyOk || mine < 0.7 * ceiling) process.exitCode = 1;
} finally {
  await stop(product);
  await stop(bare);
  await stop(bareSame);
}
