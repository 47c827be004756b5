/**
 * Renders posters and plans to PNGs to look at, with timings:
 * `node scripts/seed/tour-render/preview.ts [out-dir] [model.glb …]` (default out-dir
 * /tmp/tour-render). Without models it draws the sample house and times a 48k-triangle one. A
 * model's layout beside it (`model.json`, as scripts/seed/models/preview.ts writes it) gets each
 * floor's plans too: the outline drawing and the model seen from above.
 */
import { access, mkdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { TourLayout } from '../../../src/domain/tour.ts';
import { readModel, triangleCount, type Mesh } from './read-model.ts';
import { renderPlan } from './render-plan.ts';
import { renderPoster } from './render-poster.ts';
import { compressedSampleGlb, sampleGlb, sampleLayout } from './sample-model.ts';

/** Milliseconds of wall time and of this process's CPU time (sharp's threads included) of a call. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

/** Renders a poster three times (the first warms the JIT) and writes the last as PNG. */
async function poster(mesh: Mesh, name: string, out: string): Promise<void> {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await timed(() => renderPoster(mesh, { width: 1200, height: 800 })));
  const last = runs[runs.length - 1]!;
  await sharp(last.value.webp)
    .png()
    .toFile(join(out, `${name}-poster.png`));
  const figures = runs.map((r) => `${r.ms.toFixed(0)} ms (cpu ${r.cpuMs.toFixed(0)})`).join(', ');
  console.log(
    `${name}: ${triangleCount(mesh)} triangles, poster 1200×800 at 2×: ${figures}; webp ${last.value.webp.length} B; last run cpu ms by step ${JSON.stringify(last.value.timings)}`,
  );
}

const [outArg, ...models] = process.argv.slice(2);
const out = outArg ?? '/tmp/tour-render';
await mkdir(out, { recursive: true });
if (models.length === 0) {
  await poster(await readModel(await sampleGlb()), 'sample', out);
  const packed = await compressedSampleGlb(4000);
  const big = await timed(() => readModel(packed));
  console.log(`clutter: ${packed.byteLength} B GLB (meshopt), read ${big.ms.toFixed(0)} ms (cpu ${big.cpuMs.toFixed(0)})`);
  await poster(big.value, 'clutter', out);
  const plan = await timed(() => renderPlan(sampleLayout(), 0, { width: 1000 }));
  await sharp(plan.value).png().toFile(join(out, 'sample-plan.png'));
  console.log(`sample plan 1000 px: ${plan.ms.toFixed(0)} ms, webp ${plan.value.length} B`);
}
for (const file of models) {
  const read = await timed(async () => readModel(await readFile(file)));
  console.log(`${file}: read ${read.ms.toFixed(0)} ms`);
  const name = basename(file, '.glb');
  await poster(read.value, name, out);
  const layoutFile = file.replace(/\.glb$/, '.json');
  if (
    !(await access(layoutFile).then(
      () => true,
      () => false,
    ))
  )
    continue;
  const layout = TourLayout.parse(JSON.parse(await readFile(layoutFile, 'utf8')));
  for (const floor of layout.floors) {
    const outline = await timed(() => renderPlan(layout, floor.index, { width: 1000 }));
    const drawn = await timed(() => renderPlan(layout, floor.index, { width: 1000, mesh: read.value }));
    await sharp(outline.value)
      .png()
      .toFile(join(out, `${name}-plan-${floor.index}.png`));
    await sharp(drawn.value)
      .png()
      .toFile(join(out, `${name}-plan-${floor.index}-drawn.png`));
    console.log(
      `${name} floor ${floor.index} plans 1000 px: outline ${outline.ms.toFixed(0)} ms (cpu ${outline.cpuMs.toFixed(0)}), drawn ${drawn.ms.toFixed(0)} ms (cpu ${drawn.cpuMs.toFixed(0)})`,
    );
  }
}
