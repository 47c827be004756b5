/**
 * JS weight per page type: the gzip bytes of JavaScript a page loads before any interaction.
 *
 * For one built page of each type it counts: inline scripts; module scripts (`<script type=module
 * src>`); islands that hydrate without interaction (`client:load`, `client:idle`, `client:visible`:
 * their component and renderer modules); everything those modules import statically, followed
 * through the chunk graph; and, on a non-English page, the locale's strings chunk (the islands
 * load it before hydrating). `client:deferred` and `client:interaction` islands (the search box, the
 * cookie settings dialog, the signed-in menu) are listed separately, as are other dynamic chunks
 * (other locales): they load only when needed.
 *
 * With `--origin`, it also loads one page of each type from a running server in headless Chromium
 * (Debian's /usr/bin/chromium, no download) twice, as a first-visit guest and as a returning guest
 * who has accepted cookies (the consent cookie set), waits for load, network idle and 2 s more, and
 * sums the gzip size of every JavaScript response and inline script the page ran: what the
 * directives really hydrate (`client:visible` above the fold, `ifSignedIn`).
 *
 *   node scripts/bench/js-weight.ts [siteDir]      (default: $DATA_DIR/site/current or ./data/site/current)
 *   node scripts/bench/js-weight.ts --json [siteDir]
 *   npm run bench:js -- --origin http://127.0.0.1:4632 /tmp/e2e-h2/site/current   (the static table, then Chromium's;
 *                                                   the site folder names the pages, the server must serve that build)
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',')) : null;
const originAt = args.indexOf('--origin');
const origin = originAt >= 0 ? args[originAt + 1]?.replace(/\/+$/, '') : undefined;
const siteDir = resolve(
  args.find((a, i) => !a.startsWith('--') && (originAt < 0 || i !== originAt + 1) && (onlyAt < 0 || i !== onlyAt + 1)) ??
    join(process.env['DATA_DIR'] ?? './data', 'site', 'current'),
);
const BASE = '/discover/';

if (!existsSync(join(siteDir, 'index.html'))) {
  console.error(`No built site at ${siteDir} (expected index.html). Pass the site folder, e.g. /tmp/data/site/current.`);
  process.exit(1);
}

/** The first built page under a folder (depth-first, sorted), for page types with many pages. */
function firstPage(dir: string): string | undefined {
  const full = join(siteDir, dir);
  if (!existsSync(full)) return undefined;
  if (existsSync(join(full, 'index.html')) && dir.split('/').length > 1) return join(dir, 'index.html');
  for (const name of readdirSync(full).sort()) {
    const candidate = join(dir, name, 'index.html');
    if (existsSync(join(siteDir, candidate))) return candidate;
  }
  return undefined;
}

const PAGE_TYPES: Record<string, string | undefined> = {
  home: 'index.html',
  space: firstPage('space'),
  'related-collections': firstPage('space') ? firstPage('space')?.replace('index.html', 'related-collections/index.html') : undefined,
  search: 'search/index.html',
  tag: firstPage('tag'),
  camera: 'camera/matterport-pro2/index.html',
  collection: firstPage('collection'),
  account: firstPage('account'),
  accounts: 'accounts/index.html',
  following: 'following/index.html',
  profile: firstPage('profile'),
  'profile-private': 'profile/private/index.html',
  '404': '404.html',
  'home (de)': 'de/index.html',
  marketplace: 'marketplace/index.html',
  'marketplace-app': firstPage('marketplace/app'),
  'marketplace-collection': firstPage('marketplace/collection'),
};

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const fileCache = new Map<string, string>();
function readAsset(url: string): string | undefined {
  if (!url.startsWith(BASE)) return undefined;
  const path = join(siteDir, url.slice(BASE.length).split('?')[0] ?? '');
  if (!existsSync(path)) return undefined;
  let text = fileCache.get(path);
  if (text === undefined) {
    text = readFileSync(path, 'utf8');
    fileCache.set(path, text);
  }
  return text;
}

/** A module and everything it imports statically. */
function staticClosure(entry: string, into: Set<string>): void {
  if (into.has(entry)) return;
  const code = readAsset(entry);
  if (code === undefined) return;
  into.add(entry);
  // Minified static imports: import"./a.js"; import{x}from"./b.js"; export{y}from"./c.js"
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
    const spec = m[1] as string;
    staticClosure(new URL(spec, `http://x${entry}`).pathname, into);
  }
}
/** Dynamic imports of a set of modules (loaded later, on demand). */
function dynamicImports(modules: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const entry of modules) {
    const code = readAsset(entry) ?? '';
    for (const m of code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)) out.add(new URL(m[1] as string, `http://x${entry}`).pathname);
  }
  for (const m of modules) out.delete(m);
  return out;
}

interface Row {
  type: string;
  page: string;
  eagerGzip: number;
  inlineGzip: number;
  modules: number;
  onInteractionGzip: number;
  onDemandGzip: number;
}

const rows: Row[] = [];
for (const [type, page] of Object.entries(PAGE_TYPES)) {
  if (!page || !existsSync(join(siteDir, page)) || (only && !only.has(type))) continue;
  const html = readFileSync(join(siteDir, page), 'utf8');
  let inline = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = m[1] ?? '';
    if (body.trim() && !/type="application\/(ld\+)?json"/.test(m[0])) inline += gz(body);
  }
  const eager = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) staticClosure(m[1] as string, eager);
  const later = new Set<string>();
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const tag = m[0];
    const client = /client="([^"]+)"/.exec(tag)?.[1];
    const urls = [...tag.matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map((u) => u[1] as string);
    const target = client === 'load' || client === 'idle' || client === 'visible' || client === 'media' ? eager : later;
    for (const u of urls) staticClosure(u, target);
  }
  for (const m of eager) later.delete(m);
  // A non-English page's islands load that locale's strings before they hydrate.
  const lang = /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? 'en';
  const code = lang.replace('-', '_');
  for (const m of dynamicImports(eager)) if (lang !== 'en' && new RegExp(`/${code}\\.[\\w-]+\\.js$`).test(m)) staticClosure(m, eager);
  const onDemand = dynamicImports(new Set([...eager, ...later]));
  for (const m of [...eager, ...later]) onDemand.delete(m);
  const sum = (set: Set<string>) => [...set].reduce((n, u) => n + gz(readAsset(u) ?? ''), 0);
  const demandClosure = new Set<string>();
  for (const u of onDemand) staticClosure(u, demandClosure);
  for (const m of [...eager, ...later]) demandClosure.delete(m);
  rows.push({
    type,
    page,
    eagerGzip: sum(eager) + inline,
    inlineGzip: inline,
    modules: eager.size,
    onInteractionGzip: sum(later),
    onDemandGzip: sum(demandClosure),
  });
}

/** What Chromium loaded for one page: gzip bytes of script responses and of inline scripts. */
interface BrowserRow {
  type: string;
  url: string;
  visitor: 'first visit' | 'returning, consented';
  gzip: number;
  inlineGzip: number;
  scripts: number;
}

/** The URL a built page is served at. */
const urlOf = (page: string) => (page === '404.html' ? `${BASE}no-such-page/` : `${BASE}${page.replace(/index\.html$/, '')}`);

/** Loads every page type in headless Chromium as both kinds of guest (see the comment at the top). */
async function measureInBrowser(base: string): Promise<BrowserRow[]> {
  const browser = await chromium.launch({
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const out: BrowserRow[] = [];
  try {
    for (const visitor of ['first visit', 'returning, consented'] as const) {
      for (const [type, page] of Object.entries(PAGE_TYPES)) {
        if (!page || (only && !only.has(type))) continue;
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        if (visitor !== 'first visit') {
          const record = { version: 3, strictlyNecessary: true, custom: { performance: true, functionality: true, targeting: true } };
          await context.addCookies([{ name: 'cookie_consent_v3', value: encodeURIComponent(JSON.stringify(record)), url: base, sameSite: 'Lax' }]);
        }
        const tab = await context.newPage();
        const bodies: Promise<number>[] = [];
        tab.on('response', (res) => {
          const kind = res.request().resourceType();
          const isJs = kind === 'script' || /javascript|ecmascript/.test(res.headers()['content-type'] ?? '');
          if (isJs && res.status() < 300) bodies.push(res.body().then(gz, () => 0));
        });
        // Network idle: no GET in flight for 500 ms. Playwright's own never settles once analytics posts
        // its events with keepalive (no 'finished' event for those), so requests are counted here, GETs only.
        const inFlight = new Set<unknown>();
        let lastChange = Date.now();
        tab.on('request', (req) => {
          if (req.method() === 'GET') inFlight.add(req);
          lastChange = Date.now();
        });
        const done = (req: unknown) => {
          inFlight.delete(req);
          lastChange = Date.now();
        };
        tab.on('requestfinished', done);
        tab.on('requestfailed', done);
        const url = base + urlOf(page);
        await tab.goto(url, { waitUntil: 'load' });
        const deadline = Date.now() + 15_000;
        while ((inFlight.size > 0 || Date.now() - lastChange < 500) && Date.now() < deadline) await tab.waitForTimeout(100);
        if (inFlight.size > 0) console.error(`${type}: still open after 15 s: ${[...inFlight].map((r) => (r as { url: () => string }).url()).join(', ')}`);
        await tab.waitForTimeout(2000);
        const inline = await tab.evaluate(() =>
          [...document.scripts].filter((s) => !s.src && !/json/.test(s.type) && (s.textContent ?? '').trim()).map((s) => s.textContent ?? ''),
        );
        const sizes = await Promise.all(bodies);
        const inlineGzip = inline.reduce((n, text) => n + gz(text), 0);
        out.push({ type, url, visitor, gzip: sizes.reduce((n, b) => n + b, 0) + inlineGzip, inlineGzip, scripts: sizes.length });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

const browserRows = origin ? await measureInBrowser(origin) : [];

if (asJson) {
  console.log(JSON.stringify({ siteDir, rows, ...(origin ? { origin, browserRows } : {}) }, null, 2));
} else {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`JS loaded before interaction (gzip), ${siteDir}\n`);
  console.log(
    `${'page type'.padEnd(22)}${'before interaction'.padStart(20)}${'(inline)'.padStart(12)}${'modules'.padStart(9)}${'on interaction'.padStart(16)}${'on demand'.padStart(12)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.type.padEnd(22)}${kb(r.eagerGzip).padStart(20)}${kb(r.inlineGzip).padStart(12)}${String(r.modules).padStart(9)}${kb(r.onInteractionGzip).padStart(16)}${kb(r.onDemandGzip).padStart(12)}`,
    );
  }
}
if (!asJson && origin) {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`\nJS Chromium ran by load + network idle + 2 s (gzip, scripts and inline), ${origin}\n`);
  console.log(`${'page type'.padEnd(22)}${'first visit'.padStart(14)}${'scripts'.padStart(9)}${'returning, consented'.padStart(23)}${'scripts'.padStart(9)}`);
  for (const type of Object.keys(PAGE_TYPES)) {
    const first = browserRows.find((r) => r.type === type && r.visitor === 'first visit');
    const back = browserRows.find((r) => r.type === type && r.visitor !== 'first visit');
    if (!first || !back) continue;
    console.log(
      `${type.padEnd(22)}${kb(first.gzip).padStart(14)}${String(first.scripts).padStart(9)}${kb(back.gzip).padStart(23)}${String(back.scripts).padStart(9)}`,
    );
  }
}
