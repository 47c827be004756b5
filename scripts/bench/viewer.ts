/**
 * `npm run bench:viewer -- [--origin http://127.0.0.1:4321] [--model <modelId>]`
 *
 * The 3D tour player's cost, one run in headless Chromium (Debian's /usr/bin/chromium) with
 * software WebGL (SwiftShader): a space page of a running product (`npm start`) is opened, its
 * facade clicked, and the player in its iframe followed to its first frame and to interactive.
 * Prints the gzip bytes of the space page's own JavaScript (before the click) and of the viewer
 * JavaScript loaded on the click (budget 300 kB), the model's download bytes, and the times from
 * the click to the first rendered frame and to interactive. Without --model, the first space of the
 * API that has a tour with a model.
 */
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium, type Response } from '@playwright/test';

const { values } = parseArgs({
  options: {
    origin: { type: 'string', default: process.env['ORIGIN'] ?? 'http://127.0.0.1:4321' },
    model: { type: 'string', default: '' },
    chrome: { type: 'string', default: process.env['CHROME_PATH'] ?? '/usr/bin/chromium' },
  },
});
const origin = values.origin.replace(/\/+$/, '');
const BUDGET = 300 * 1024;

async function findModel(): Promise<string> {
  if (values.model) return values.model;
  const spaces = (await (await fetch(`${origin}/api/content/space/?limit=60`)).json()) as { results: { id: string; modelId?: string }[] };
  for (const s of spaces.results) {
    const res = await fetch(`${origin}/api/content/space/${s.id}/tour/`);
    if (res.ok && ((await res.json()) as { model: unknown }).model) return s.modelId ?? s.id;
  }
  throw new Error(`No space of ${origin} has a tour with a model.`);
}

const modelId = await findModel();
const browser = await chromium.launch({
  executablePath: values.chrome,
  args: ['--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  let phase: 'page' | 'viewer' = 'page';
  const js = { page: [] as Promise<number>[], viewer: [] as Promise<number>[] };
  let modelBytes = 0;
  const gz = async (r: Response) => gzipSync(await r.body()).byteLength;
  page.on('response', (r) => {
    const type = r.request().resourceType();
    const url = r.url();
    if (type === 'script' || /\.m?js(\?|$)/.test(url)) js[phase].push(gz(r).catch(() => 0));
    if (/\.glb(\?|$)/.test(url)) void r.body().then((b) => (modelBytes = b.byteLength));
  });
  await page.goto(`${origin}/discover/space/${encodeURIComponent(modelId)}/`, { waitUntil: 'networkidle' });
  phase = 'viewer';
  const clickedAt = await page.evaluate(() => {
    const at = performance.timeOrigin + performance.now();
    document.querySelector<HTMLButtonElement>('[data-tour-play]')?.click();
    return at;
  });
  const frame = await (await page.waitForSelector('[data-tour] iframe')).contentFrame();
  if (!frame) throw new Error('The facade made no iframe.');
  await frame.waitForFunction(() => (window as unknown as { __tour?: { state: () => { ready: boolean } } }).__tour?.state().ready, undefined, {
    timeout: 120_000,
  });
  const marks = await frame.evaluate(() => {
    const at = (name: string) => performance.timeOrigin + (performance.getEntriesByName(name)[0]?.startTime ?? NaN);
    return { firstFrame: at('tour:first-frame'), interactive: at('tour:interactive') };
  });
  await page.waitForLoadState('networkidle');
  const sum = async (list: Promise<number>[]) => (await Promise.all(list)).reduce((a, b) => a + b, 0);
  const pageJs = await sum(js.page);
  const viewerJs = await sum(js.viewer);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`Tour player bench (${origin}, space ${modelId}, SwiftShader WebGL, one run)`);
  console.log(`  space page JS before the click  ${kb(pageJs)} gzip (${js.page.length} files)`);
  console.log(`  viewer JS loaded on the click   ${kb(viewerJs)} gzip (${js.viewer.length} files; budget ${kb(BUDGET)}${viewerJs > BUDGET ? ', OVER' : ''})`);
  console.log(`  model download                  ${kb(modelBytes)}`);
  console.log(`  click → first frame             ${Math.round(marks.firstFrame - clickedAt)} ms`);
  console.log(`  click → interactive             ${Math.round(marks.interactive - clickedAt)} ms`);
  if (viewerJs > BUDGET) process.exitCode = 1;
} finally {
  await browser.close();
}
