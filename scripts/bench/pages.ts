import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';

/**
 * `npm run bench:pages -- [--origin http://127.0.0.1:4321] [--preset mobile|desktop] [--only home,search,search-static] [--json out.json] [--lhr dir]`
 *
 * Lighthouse (mobile by default: Moto G Power, simulated slow 4G and 4× CPU) on home, a space,
 * search, a collection and an account page (and, asked by `--only`, `search-static`: the search page
 * without the first answer our server sends with it, as any static host serves it), served by a running product (`npm start`, a production
 * build of the site on loopback), in Debian's Chromium (/usr/bin/chromium, headless; no download).
 * Prints performance, accessibility, best practices and SEO per page with LCP, CLS and TBT, and
 * the failing audits of any category under 100, and each page's LCP element. `--lhr` keeps each full
 * Lighthouse report (`<dir>/<page>.json`) to read its network requests and timings. Budget: performance ≥ 98, the others 100, CLS ≤ 0.02.
 *
 * Lighthouse's default throttling is simulated (Lantern): the page loads unthrottled and each main-thread
 * task's observed wall time is multiplied by 4, so a machine busy with other work inflates TBT, FCP and
 * LCP. Each page's line ends with the load average (1, 5 and 15 minutes) before and after its run.
 */
const { values } = parseArgs({
  options: {
    origin: { type: 'string', default: process.env['ORIGIN'] ?? 'http://127.0.0.1:4321' },
    preset: { type: 'string', default: 'mobile' },
    json: { type: 'string', default: '' },
    chrome: { type: 'string', default: process.env['CHROME_PATH'] ?? '/usr/bin/chromium' },
    port: { type: 'string', default: '9333' },
    only: { type: 'string', default: '' },
    lhr: { type: 'string', default: '' },
  },
});
const origin = values.origin.replace(/\/+$/, '');
const debugPort = Number(values.port);

async function json<T>(path: string): Promise<T> {
  const res = await fetch(`${origin}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The search page as a static host serves it: our server splices a plain query's first answer into
 * the page (src/server/search-page-answer.ts) for guests only, so a session cookie (any value) gets
 * the built page, which asks the search from the browser. Measured only when `--only` names it.
 */
const STATIC_SEARCH = 'search-static';
const STATIC_SEARCH_HEADERS = { Cookie: 'discover.session_token=bench-static-page' };

/** One page of each type, found through the API. */
async function pages(): Promise<[string, string][]> {
  const spaces = await json<{ results: { modelId: string; organization?: { id: string } | null }[] }>('/api/content/space/?limit=5');
  const space = spaces.results[0];
  const collections = await json<{ results: { sid: string }[] } | { sid: string }[]>('/api/content/collection/?limit=5');
  const collection = Array.isArray(collections) ? collections[0] : collections.results[0];
  const account = spaces.results.find((s) => s.organization)?.organization;
  // A server that has just started reads its search vocabulary on its first search
  // (src/server/modules/spaces/vocabulary.ts): one unrelated search first, so the search page is
  // measured against a running engine, not that one-time read (its own answer is not cached by this:
  // the server runs the page's search when it sends the page).
  await fetch(`${origin}/api/content/space/search/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ searchText: 'warm up', pageSize: 1 }),
  });
  return [
    ['home', '/discover/'],
    ['space', space ? `/discover/space/${space.modelId}/` : ''],
    ['search', '/discover/search/?q=house'],
    [STATIC_SEARCH, '/discover/search/?q=house'],
    ['collection', collection ? `/discover/collection/${collection.sid}/` : ''],
    ['account', account ? `/discover/account/${account.id}/` : ''],
  ].filter((p): p is [string, string] => Boolean(p[1]));
}

const profile = mkdtempSync(join(tmpdir(), 'discover-lh-'));
const chrome = spawn(
  values.chrome,
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-dev-shm-usage',
    `--remote-debugging-port=${debugPort}`,
    `--user-data-dir=${profile}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
);

interface Row {
  type: string;
  path: string;
  scores: Record<string, number>;
  lcp: number;
  cls: number;
  tbt: number;
  failing: string[];
  /** What moved, for CLS: the shifted elements Lighthouse names. */
  shifts: string[];
  /** The LCP element, as Lighthouse names it. */
  lcpElement: string;
  /** The load average (1, 5, 15 min) before / after the page's run. */
  load: string;
}

const rows: Row[] = [];
try {
  for (let i = 0; ; i++) {
    try {
      await fetch(`http://127.0.0.1:${debugPort}/json/version`);
      break;
    } catch {
      if (i > 100) throw new Error('Chromium did not start.');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
  const only = values.only ? new Set(values.only.split(',')) : null;
  for (const [type, path] of (await pages()).filter(([type]) => (only ? only.has(type) : type !== STATIC_SEARCH))) {
    const loadBefore = loadavg();
    const result = await lighthouse(
      `${origin}${path}`,
      {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        ...(type === STATIC_SEARCH ? { extraHeaders: STATIC_SEARCH_HEADERS } : {}),
      },
      values.preset === 'desktop'
        ? {
            extends: 'lighthouse:default',
            settings: {
              formFactor: 'desktop',
              screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
              throttlingMethod: 'simulate',
            },
          }
        : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const lhr = result.lhr;
    if (values.lhr) {
      mkdirSync(values.lhr, { recursive: true });
      writeFileSync(join(values.lhr, `${type}.json`), JSON.stringify(lhr));
    }
    const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)
      ?.items;
    const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const failing: string[] = [];
    for (const c of categories) {
      const cat = lhr.categories[c];
      if (!cat || (cat.score ?? 0) >= 1) continue;
      for (const ref of cat.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (audit && ref.weight > 0 && audit.score !== null && audit.score < 0.9) failing.push(`${c}: ${audit.id} (${audit.displayValue ?? audit.score})`);
      }
    }
    rows.push({
      type,
      path,
      scores,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      failing,
      shifts: ((lhr.audits['layout-shifts']?.details as { items?: { node?: { snippet?: string }; score?: number }[] } | undefined)?.items ?? []).map(
        (i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.snippet?.slice(0, 120) ?? ''}`,
      ),
      lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet?.slice(0, 160) ?? '',
      load: `${loadBefore.map((l) => l.toFixed(1)).join(' ')} / ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    });
  }
} finally {
  chrome.kill('SIGTERM');
  rmSync(profile, { recursive: true, force: true });
}

console.log(`\nLighthouse ${values.preset}, ${origin} (budget: performance ≥ 98, accessibility, best practices and SEO 100, CLS ≤ 0.02)\n`);
console.log(
  `${'page'.padEnd(14)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'b.p.'.padStart(6)}${'seo'.padStart(6)}${'LCP s'.padStart(8)}${'CLS'.padStart(8)}${'TBT ms'.padStart(8)}  path  (load before / after)`,
);
for (const r of rows) {
  console.log(
    `${r.type.padEnd(14)}${String(r.scores['performance']).padStart(6)}${String(r.scores['accessibility']).padStart(6)}${String(r.scores['best-practices']).padStart(6)}${String(r.scores['seo']).padStart(6)}${(r.lcp / 1000).toFixed(2).padStart(8)}${r.cls.toFixed(3).padStart(8)}${Math.round(r.tbt).toString().padStart(8)}  ${r.path}  (${r.load})`,
  );
}
for (const r of rows) if (r.lcpElement) console.log(`LCP ${r.type}: ${r.lcpElement}`);
for (const r of rows) if (r.failing.length) console.log(`\n${r.type}:\n  ${[...r.failing, ...r.shifts.map((s) => `shift ${s}`)].join('\n  ')}`);
if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 2));
