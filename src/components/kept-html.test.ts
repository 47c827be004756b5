import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../domain/html.ts';
import { hole, keptHtml, type SlotLike } from './kept-html.ts';

/** A slot as Astro renders a function child: its text, and the render instructions met, in order. */
function slot(text: string, instructions: { type: string }[] = [], chunks: unknown[] = [text]): SlotLike {
  return { toString: () => text, instructions, chunks };
}

/** What a kept fragment writes on a page: text as is, each instruction as `[type]`. */
async function written(kept: ReturnType<typeof keptHtml>): Promise<string> {
  let out = '';
  (await kept).render({ write: (chunk) => (out += typeof chunk === 'string' ? chunk : `[${(chunk as { type: string }).type}]`) });
  return out;
}

const island = (n: number) => `<astro-island uid="u${n}" prefix="l${n}"></astro-island>`;

describe('kept markup', () => {
  it('is rendered once per content and key, and written again on every page', async () => {
    const content = {};
    let renders = 0;
    const render = () => {
      renders++;
      return Promise.resolve(slot('<p>Hello</p>'));
    };
    expect(await written(keptHtml(content, 'en', render))).toBe('<p>Hello</p>');
    expect(await written(keptHtml(content, 'en', render))).toBe('<p>Hello</p>');
    expect(renders).toBe(1);
    await written(keptHtml(content, 'de', render));
    await written(keptHtml({}, 'en', render));
    expect(renders).toBe(3);
  });

  it("puts each island's instructions back right before it, so Astro writes the island scripts where it would", async () => {
    const text = `<header>${island(0)} <nav>${island(1)}</nav></header>`;
    const instructions = [{ type: 'maybe-head' }, { type: 'directive' }, { type: 'directive' }, { type: 'renderer-hydration-script' }];
    const out = await written(keptHtml({}, 'en', () => Promise.resolve(slot(text, instructions))));
    expect(out).toBe(`[maybe-head]<header>[directive]${island(0)} <nav>[directive][renderer-hydration-script]${island(1)}</nav></header>`);
  });

  it("fills each page's holes, in text and in attributes", async () => {
    const content = {};
    const render = () => Promise.resolve(slot(`<a href="${hole('signIn')}">Sign in</a>${hole('lang')}`));
    const page = (path: string) => written(keptHtml(content, 'en', render, { signIn: escapeHtml(`/sign-in?target=${path}&x="1"`), lang: `<p>${path}</p>` }));
    expect(await page('/a')).toBe('<a href="/sign-in?target=/a&amp;x=&quot;1&quot;">Sign in</a><p>/a</p>');
    expect(await page('/b')).toBe('<a href="/sign-in?target=/b&amp;x=&quot;1&quot;">Sign in</a><p>/b</p>');
  });

  it('refuses markup it cannot write again: a processed script, or islands whose instructions do not match', async () => {
    const script = slot('<p></p>', [], ['<p></p>', { type: 'script' }]);
    await expect(keptHtml({}, 'en', () => Promise.resolve(script))).rejects.toThrow(/processed <script>/);
    const nested = slot(`${island(0)}${island(1)}`, [{ type: 'directive' }]);
    await expect(keptHtml({}, 'en', () => Promise.resolve(nested))).rejects.toThrow(/island inside another island/);
  });

  it('renders again after a failed render instead of keeping the failure', async () => {
    const content = {};
    await expect(keptHtml(content, 'en', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    expect(await written(keptHtml(content, 'en', () => Promise.resolve(slot('<p>ok</p>'))))).toBe('<p>ok</p>');
  });
});
