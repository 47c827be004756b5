import { readFileSync } from 'node:fs';

/**
 * Reads a V8 `.cpuprofile` (from `node --cpu-prof`) and sums where the time went: self time by
 * package or project file, the heaviest functions, and the inclusive time under named functions.
 * `npm run bench:build -- --profile` prints it for the real site's build.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** What one profile says, in milliseconds. */
export interface ProfileSummary {
  totalMs: number;
  /** Self time by npm package, `node:` internals, `(native)` or project file; heaviest first. */
  byPackage: [string, number][];
  /** Self time by function (name, where), heaviest first. */
  byFunction: [string, number][];
  /** Time spent inside (at any depth) a frame whose function name or URL contains each needle. */
  inclusive: Record<string, number>;
}

/** The package, `node:` module or project file a frame belongs to. */
function bucketOf(url: string): string {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return 'node:';
  const local = /\/(src|dist|scripts|\.prerender|prerender)\/(.*)$/.exec(url);
  return local ? `${local[1]}/${local[2]}` : url;
}

function sorted(map: Map<string, number>, n: number): [string, number][] {
  return [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
}

/** Sums a profile file; `needles` name the frames to report inclusive time for. */
export function summariseProfile(file: string, needles: readonly string[] = [], top = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    self.set(id, (self.get(id) ?? 0) + dt);
  });
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive: Record<string, number> = Object.fromEntries(needles.map((n) => [n, 0]));
  for (const [id, us] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const bucket = bucketOf(frame.url);
    byPackage.set(bucket, (byPackage.get(bucket) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${bucket}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    for (const needle of needles) {
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const f = byId.get(cur)?.callFrame;
        if (f && (f.functionName.includes(needle) || f.url.includes(needle))) {
          inclusive[needle] = (inclusive[needle] ?? 0) + us;
          break;
        }
      }
    }
  }
  const ms = (m: Map<string, number>): [string, number][] => sorted(m, top).map(([k, us]) => [k, us / 1000]);
  return {
    totalMs: total / 1000,
    byPackage: ms(byPackage),
    byFunction: ms(byFunction),
    inclusive: Object.fromEntries(Object.entries(inclusive).map(([k, us]) => [k, us / 1000])),
  };
}

/** The summary as text lines. */
export function formatSummary(s: ProfileSummary): string[] {
  const pct = (ms: number) => `${((ms / s.totalMs) * 100).toFixed(1).padStart(5)} %`;
  const row = ([k, ms]: [string, number]) => `  ${ms.toFixed(0).padStart(7)} ms ${pct(ms)}  ${k}`;
  return [
    `CPU profile: ${(s.totalMs / 1000).toFixed(1)} s sampled`,
    'Self time by package or file:',
    ...s.byPackage.map(row),
    'Self time by function:',
    ...s.byFunction.map(row),
    'Inclusive time under:',
    ...Object.entries(s.inclusive).map(row),
  ];
}

if (import.meta.main) {
  const [file, ...needles] = process.argv.slice(2);
  if (!file) {
    console.error('Usage: node scripts/bench/cpu-profile.ts <file.cpuprofile> [function or URL part …]');
    process.exit(2);
  }
  console.log(formatSummary(summariseProfile(file, needles)).join('\n'));
}
