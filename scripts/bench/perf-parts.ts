import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/**
 * Where a server's CPU went while it answered, by part of a request, from Linux `perf` (on-CPU
 * samples of every thread, with their stacks; the server runs with `--perf-basic-prof-only-functions`
 * so JavaScript frames have names). Unlike V8's `--cpu-prof`, which samples the main thread's wall
 * time, a sample here is CPU spent: a socket write that wakes the client on a shared core is not
 * counted while the server waits for the core. `npm run bench:api -- --perf` prints it for the
 * lone searches (docs/search.md, "Sixth pass: the HTTP side").
 */

/** Node's flag that names JavaScript frames for perf (a map file in /tmp per process). */
export const PERF_NODE_FLAGS = ['--perf-basic-prof-only-functions'];

/** Samples per second and thread. */
const FREQUENCY = 2000;

/** Starts recording a process (every thread) into `file`; null when perf is missing or not allowed. */
export function startPerf(pid: number, file: string): ChildProcess | null {
  if (spawnSync('perf', ['--version']).status !== 0) return null;
  return spawn('perf', ['record', '-e', 'cpu-clock', '-F', String(FREQUENCY), '-g', '-q', '-p', String(pid), '-o', file], { stdio: 'ignore' });
}

/** Stops a recording and waits for perf to write it. */
export async function stopPerf(perf: ChildProcess): Promise<void> {
  const done = new Promise((ok) => perf.once('exit', ok));
  perf.kill('SIGINT');
  await done;
}

/** The owner of a JavaScript frame, by its file: the first pattern its URL matches. */
const OWNERS: [string, RegExp][] = [
  ['query: code (plan, statements, cards)', /src\/server\/(modules\/(spaces|settings)|platform\/content|platform\/clock|db)\//],
  ['query: Kysely', /node_modules\/kysely\//],
  ['HTTP: validation (zod)', /node_modules\/(zod|@hono\/zod-openapi|@hono\/zod-validator)\/|hono\/dist\/validator\//],
  ['HTTP: guests’ read cache', /src\/server\/public-read-cache\.ts/],
  ['HTTP: JSON answer (c.json, its bytes)', /src\/server\/answer-bytes\.ts/],
  ['HTTP: compression (code)', /src\/server\/answer-compression\.ts|hono\/dist\/middleware\/compress/],
  ['HTTP: security headers', /src\/server\/security-headers\.ts/],
  ['HTTP: request limits', /src\/server\/request-limits\.ts/],
  ['HTTP: session, guards', /src\/server\/app\.ts|src\/server\/modules\/auth\//],
  ['HTTP: site listeners', /src\/server\/(search-page-answer|static-encoding|site)\.ts/],
  ['HTTP: @hono/node-server', /@hono\/node-server\//],
  ['HTTP: Hono routing, compose', /node_modules\/hono\//],
  ['background (outbox, jobs, captures)', /src\/server\/(platform\/(outbox|jobs)|modules\/captures)\//],
];

/** The part a sample's stack (innermost frame first) belongs to. */
function partOf(thread: string, frames: string[]): string | null {
  if (!thread.startsWith('MainThread')) return `other threads: ${thread.replace(/\s*\d+$/, '')}`;
  const all = frames.join('\n');
  if (/do_epoll_wait|epoll_pwait/.test(all)) return null; // waiting for work
  if (/sqlite3/.test(all)) return 'query: SQLite';
  if (/deflate|ZlibContext/.test(all)) return 'HTTP: compression (zlib)';
  if (/v8::internal::(Heap|Scavenger|MarkCompact|MinorMark|ConcurrentMarking)/.test(all)) return 'V8: GC on the main thread';
  if (/v8::internal::(Compiler|Parser|maglev|compiler::)/.test(all)) return 'V8: compiling on the main thread';
  if (/tcp_sendmsg|do_writev|sock_write_iter/.test(all)) return 'HTTP: socket write (kernel)';
  for (const frame of frames) {
    const url = /file:\/\/(\S+)/.exec(frame)?.[1];
    if (url) return OWNERS.find(([, re]) => re.test(url))?.[0] ?? 'other project code';
  }
  return frames.some((f) => / node:/.test(f)) ? 'HTTP: Node (parser, streams, events, microtasks)' : 'native (malloc, free, …)';
}

/** CPU per request by part (ms), from a recording of `requests` requests; the heaviest first. */
export function perfParts(file: string, requests: number): [string, number][] {
  const out = spawnSync('perf', ['script', '-i', file, '-F', 'comm,tid,ip,sym'], { encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
  const parts = new Map<string, number>();
  for (const block of out.split('\n\n')) {
    const lines = block.split('\n').filter((l) => l.trim());
    if (!lines[0]) continue;
    const frames = lines.slice(1).map((l) => l.trim().replace(/^\S+\s+/, ''));
    const part = partOf(lines[0].trim(), frames);
    if (part) parts.set(part, (parts.get(part) ?? 0) + 1000 / FREQUENCY / requests);
  }
  return [...parts].sort((a, b) => b[1] - a[1]);
}

/** The breakdown as text lines. */
export function formatPerfParts(parts: [string, number][]): string[] {
  const total = parts.reduce((n, [, ms]) => n + ms, 0);
  return [
    `Server CPU per request by part (perf, on-CPU samples at ${FREQUENCY} Hz): ${total.toFixed(2)} ms`,
    ...parts.filter(([, ms]) => ms >= 0.005).map(([part, ms]) => `${ms.toFixed(3).padStart(8)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${part}`),
  ];
}
