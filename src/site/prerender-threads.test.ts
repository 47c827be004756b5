import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstroPrerenderer, RouteData } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import { threadedPrerenderer } from './prerender-threads.ts';

/**
 * A stand-in prerender bundle: an `app` with the surface the render thread uses. Its pages say
 * which thread rendered them, with what stylesheets it was given; `/fail/` throws and `/exit/`
 * ends the thread, as a crashing renderer would.
 */
const BUNDLE = `
import { threadId } from 'node:worker_threads';
let styles = null;
export const app = {
  manifest: { routes: [{ routeData: { route: '/[page]', component: 'src/pages/[page].astro' } }, { routeData: { route: '/moved', component: 'src/pages/moved.astro' } }] },
  setInternals(internals) { styles = internals.pagesByKeys.get('/[page]&src/pages/[page].astro')?.styles ?? null; },
  setOptions() {},
  async render(request, { routeData }) {
    const path = new URL(request.url).pathname;
    if (path === '/fail/') throw new Error('The page could not be rendered.');
    if (path === '/exit/') process.exit(3);
    if (routeData.route === '/moved') return new Response(null, { status: 301, headers: { location: '/elsewhere/' } });
    return new Response('<p>' + path + ' on ' + threadId + ' with ' + JSON.stringify(styles) + '</p>', { headers: { 'content-type': 'text/html' } });
  },
};
`;

const dir = mkdtempSync(join(tmpdir(), 'prerender-threads-'));
const entry = join(dir, 'prerender-entry.test.mjs');
writeFileSync(entry, BUNDLE);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const route = (r: string, component: string) => ({ route: r, component }) as RouteData;
const page = route('/[page]', 'src/pages/[page].astro');

/** Astro's default prerenderer as far as the wrapper uses it: counts the pages it renders itself. */
function fakeDefault() {
  const own: string[] = [];
  const def: AstroPrerenderer = {
    name: 'astro:default',
    setup: () => Promise.resolve(),
    getStaticPaths: () => Promise.resolve([]),
    render: (request) => {
      own.push(new URL(request.url).pathname);
      return Promise.resolve(new Response('main thread'));
    },
  };
  return { def, own };
}

async function started(count: number) {
  const { def, own } = fakeDefault();
  const p = threadedPrerenderer(def, count, () => ({
    entry,
    pages: [{ key: '/[page]&src/pages/[page].astro', styles: [{ type: 'inline', content: 'p{}' }] }],
    scripts: [],
  }));
  await p.setup?.();
  return { p, own };
}

describe('pages rendered on threads during the build', () => {
  it('renders each page on a thread with the bundle, its stylesheets and its status and headers, spread over the threads', async () => {
    const { p, own } = await started(2);
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => p.render(new Request(`http://x/page-${i}/`), { routeData: page }) as Promise<Response>),
      );
      const bodies = await Promise.all(answers.map((r) => r.text()));
      expect(bodies[3]).toMatch(/^<p>\/page-3\/ on \d+ with \[\{"type":"inline","content":"p\{\}"\}\]<\/p>$/);
      expect(answers[0]?.headers.get('content-type')).toBe('text/html');
      expect(new Set(bodies.map((b) => /on (\d+)/.exec(b)?.[1])).size).toBe(2);
      const moved = (await p.render(new Request('http://x/moved/'), { routeData: route('/moved', 'src/pages/moved.astro') })) as Response;
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe('/elsewhere/');
      expect(moved.body).toBeNull();
      expect(own).toEqual([]);
    } finally {
      await p.teardown?.();
    }
  });

  it('fails the page with the render error, and the next pages still render', async () => {
    const { p } = await started(1);
    try {
      await expect(p.render(new Request('http://x/fail/'), { routeData: page })).rejects.toThrow('The page could not be rendered.');
      const next = (await p.render(new Request('http://x/after/'), { routeData: page })) as Response;
      expect(await next.text()).toContain('/after/');
    } finally {
      await p.teardown?.();
    }
  });

  it('fails the pages in flight when a thread stops', async () => {
    const { p } = await started(1);
    try {
      await expect(p.render(new Request('http://x/exit/'), { routeData: page })).rejects.toThrow(/render thread stopped \(exit code 3\)/);
    } finally {
      await p.teardown?.();
    }
  });

  it('fails a route the bundle does not have', async () => {
    const { p } = await started(1);
    try {
      await expect(p.render(new Request('http://x/a/'), { routeData: route('/nowhere', 'src/pages/nowhere.astro') })).rejects.toThrow('No route /nowhere');
    } finally {
      await p.teardown?.();
    }
  });

  it('leaves a page whose metadata Astro collects to the default prerenderer', async () => {
    const { p, own } = await started(1);
    try {
      const r = (await p.render(new Request('http://x/cached/'), { routeData: page, collectMetadata: true })) as Response;
      expect(await r.text()).toBe('main thread');
      expect(own).toEqual(['/cached/']);
    } finally {
      await p.teardown?.();
    }
  });
});
