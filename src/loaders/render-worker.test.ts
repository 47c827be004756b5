import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SIBLINGS_PENDING_FILE } from '../domain/precompressed.ts';
import { hasStaleSiblings, packPending, precompressSite } from '../site/precompress.ts';
import type { RouteData } from 'astro';
import type { PagePath } from './renderer.ts';
import { dependencyPath, planPages, settle } from './render-worker.ts';

describe('dependencyPath', () => {
  it('names a page as the dependency map does, without its locale prefix', () => {
    expect(dependencyPath('/de/tag/museum')).toBe('/tag/museum');
    expect(dependencyPath('/space/abc/')).toBe('/space/abc');
    expect(dependencyPath('/de')).toBe('/');
  });

  it("counts the home page's tab panels, in every locale, as the home page", () => {
    expect(dependencyPath('/home-panel/ft1')).toBe('/');
    expect(dependencyPath('/de/home-panel/ft1/')).toBe('/');
  });
});

describe('planPages: the pages a publish looks at', () => {
  /** A fake route: its pattern and the pages its getStaticPaths() gives now. */
  const route = (name: string, pattern: RegExp) => ({ route: name, pattern, type: 'page' }) as unknown as RouteData;
  const space = route('/space/[modelId]', /^\/space\/([^/]+?)\/?$/);
  const localizedSpace = route('/[locale]/space/[modelId]', /^\/([^/]+?)\/space\/([^/]+?)\/?$/);
  const tag = route('/tag/[tag]', /^\/tag\/([^/]+?)\/?$/);
  const home = route('/', /^\/$/);
  const panel = route('/home-panel/[id]', /^\/home-panel\/([^/]+?)\/?$/);
  const fakeRenderer = (pages: Map<RouteData, string[]>) => {
    const asked: string[] = [];
    const of = (r: RouteData): PagePath[] => (pages.get(r) ?? []).map((pathname) => ({ pathname, route: r }));
    return {
      asked,
      paths: () => Promise.resolve([...pages.keys()].flatMap(of)),
      pathsOf: (keep: (r: RouteData) => boolean) => {
        const routes = [...pages.keys()].filter(keep);
        asked.push(...routes.map((r) => r.route));
        return Promise.resolve(routes.flatMap(of));
      },
    };
  };
  const old = new Map([
    ['/space/a', 'space/a/index.html'],
    ['/space/b', 'space/b/index.html'],
    ['/tag/museum', 'tag/museum/index.html'],
    ['/', 'index.html'],
    ['/home-panel/t1', 'home-panel/t1/index.html'],
  ]);

  it("asks only the routes of the affected pages for their pages, and finds a removed space's page", async () => {
    const r = fakeRenderer(
      new Map([
        [space, ['/space/a/']],
        [localizedSpace, []],
        [tag, ['/tag/museum/']],
        [home, ['/']],
        [panel, ['/home-panel/t1/']],
      ]),
    );
    const plan = await planPages(r, old, [{ collection: 'spaces', id: 'b' }], new Set(['/space/b']));
    expect(r.asked.sort()).toEqual(['/[locale]/space/[modelId]', '/space/[modelId]']);
    expect(plan.removed).toEqual([['/space/b', 'space/b/index.html']]);
    expect([...plan.newPages.keys()].sort()).toEqual(['/', '/home-panel/t1', '/space/a', '/tag/museum']);
  });

  it('a new home tab panel is found when the home page is affected, and a new tag page when its tag is', async () => {
    const r = fakeRenderer(
      new Map([
        [space, ['/space/a/', '/space/b/']],
        [tag, ['/tag/museum/', '/tag/castle/']],
        [home, ['/']],
        [panel, ['/home-panel/t1/', '/home-panel/t2/']],
      ]),
    );
    const plan = await planPages(r, old, [{ collection: 'featuredTags', id: 't2' }], new Set(['/', '/tag/castle']));
    expect(r.asked.sort()).toEqual(['/', '/home-panel/[id]', '/tag/[tag]']);
    expect(plan.removed).toEqual([]);
    expect(plan.newPages.get('/home-panel/t2')).toBe('home-panel/t2/index.html');
    expect(plan.newPages.get('/tag/castle')).toBe('tag/castle/index.html');
  });

  it('a change the dependency map does not know lists every page, as a full build would', async () => {
    const r = fakeRenderer(new Map([[space, ['/space/a/']]]));
    const plan = await planPages(r, old, [{ collection: 'somethingNew' as never, id: 'x' }], new Set());
    expect(r.asked).toEqual([]);
    expect([...plan.newPages.keys()]).toEqual(['/space/a']);
    expect(plan.removed.map(([p]) => p)).toEqual(['/space/b', '/tag/museum', '/', '/home-panel/t1']);
  });
});

describe('settle: footer lists written into the files', () => {
  const footer = (latest: string) => `<nav aria-labelledby="footer-explore"><h2 id="footer-explore">Explore</h2><ul><li>${latest}</li></ul></nav>`;
  const page = (title: string, latest: string) =>
    `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${'<p>A page.</p>'.repeat(80)}<footer>${footer(latest)}<nav aria-labelledby="footer-company"></nav></footer></body></html>`;

  it('every page gets the lists of its locale; its siblings are left to the publisher (marked pending), and the pending lists are gone', async () => {
    const out = mkdtempSync(join(tmpdir(), 'discover-settle-'));
    try {
      const files = { 'index.html': 'Home', 'space/a/index.html': 'Loft', 'de/index.html': 'Startseite' } as const;
      for (const [rel, title] of Object.entries(files)) {
        mkdirSync(dirname(join(out, rel)), { recursive: true });
        writeFileSync(join(out, rel), page(title, 'Old collection'));
      }
      await precompressSite(out);
      mkdirSync(join(out, '.publish'), { recursive: true });
      writeFileSync(join(out, '.publish', 'footer.json'), JSON.stringify({ regions: { '': footer('New collection'), de: footer('Neue Sammlung') } }));
      const report = await settle({ mode: 'settle', renderer: '', store: '', current: out, out, deferFooters: false, footers: true });
      expect(report.footerSpliced).toBe(3);
      expect(report.footerPending).toBe(false);
      expect(existsSync(join(out, '.publish', 'footer.json'))).toBe(false);
      expect(report.delta.files).toContain(`.publish/${SIBLINGS_PENDING_FILE}`);
      for (const [rel, title] of Object.entries(files)) {
        const want = page(title, rel.startsWith('de/') ? 'Neue Sammlung' : 'New collection');
        expect(readFileSync(join(out, rel), 'utf8')).toBe(want);
        // Older than the page, so the server sends the page itself until the publisher's child writes them.
        expect(hasStaleSiblings(join(out, rel))).toBe(true);
        expect(report.delta.files).toContain(rel);
      }
      await packPending(out);
      for (const [rel, title] of Object.entries(files)) {
        const want = page(title, rel.startsWith('de/') ? 'Neue Sammlung' : 'New collection');
        expect(brotliDecompressSync(readFileSync(join(out, `${rel}.br`))).toString('utf8')).toBe(want);
        expect(gunzipSync(readFileSync(join(out, `${rel}.gz`))).toString('utf8')).toBe(want);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('settle with nothing to change', () => {
  it('a page already showing the new lists is left as it is: not replaced, not in the delta, nothing marked pending', async () => {
    const out = mkdtempSync(join(tmpdir(), 'discover-settle-'));
    try {
      const region = '<nav aria-labelledby="footer-explore"><ul><li>New collection</li></ul></nav>';
      const html = `<!doctype html><html><body>${'<p>A page.</p>'.repeat(80)}<footer>${region}<nav aria-labelledby="footer-company"></nav></footer></body></html>`;
      writeFileSync(join(out, 'index.html'), html);
      const before = statSync(join(out, 'index.html')).ino;
      mkdirSync(join(out, '.publish'), { recursive: true });
      writeFileSync(join(out, '.publish', 'footer.json'), JSON.stringify({ regions: { '': region } }));
      const report = await settle({ mode: 'settle', renderer: '', store: '', current: out, out, deferFooters: false, footers: true });
      expect(report.footerSpliced).toBe(0);
      expect(statSync(join(out, 'index.html')).ino).toBe(before);
      expect(report.delta.files).toEqual(['.publish/footer.json']);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
