import { renderPlaceholder, renderAvatar, renderCover, PLACEHOLDER_KINDS } from './src/server/media/placeholder.ts';
const N = Number(process.argv[2] ?? 10);
// warm-up
for (const kind of PLACEHOLDER_KINDS) await renderPlaceholder({ seed: 'w', kind, title: '', width: 1200, height: 800 });
const per: Record<string, number[]> = {};
const all: number[] = [];
for (let i = 0; i < N; i++) for (const kind of PLACEHOLDER_KINDS) {
  const t = performance.now();
  await renderPlaceholder({ seed: `bench-${i}`, kind, title: '', width: 1200, height: 800 });
  const d = performance.now() - t;
  (per[kind] ??= []).push(d); all.push(d);
}
const q = (a: number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))]!; };
for (const [k, v] of Object.entries(per)) console.log(k.padEnd(11), 'mean', (v.reduce((a, b) => a + b) / v.length).toFixed(1), 'max', Math.max(...v).toFixed(1));
console.log('ALL mean', (all.reduce((a, b) => a + b) / all.length).toFixed(1), 'p50', q(all, 0.5).toFixed(1), 'p95', q(all, 0.95).toFixed(1), 'max', Math.max(...all).toFixed(1));
let t = performance.now(); for (let i = 0; i < 50; i++) await renderAvatar({ seed: `a${i}`, initials: 'JD', size: 256 }); console.log('avatar 256 mean', ((performance.now() - t) / 50).toFixed(1));
t = performance.now(); for (let i = 0; i < 20; i++) await renderCover({ seed: `c${i}`, width: 1600, height: 400 }); console.log('cover 1600x400 mean', ((performance.now() - t) / 20).toFixed(1));
// parallel throughput (2 in flight)
t = performance.now(); const jobs = []; for (let i = 0; i < 60; i++) jobs.push(renderPlaceholder({ seed: `p${i}`, kind: PLACEHOLDER_KINDS[i % 15]!, title: '', width: 1200, height: 800 }));
await Promise.all(jobs); console.log('60 concurrent: wall per image', ((performance.now() - t) / 60).toFixed(1));
