import inner from '@astrojs/react/server.js';
import { createElement, type ComponentType } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';

/**
 * The server side of the site's React islands at build time: `@astrojs/react`'s renderer with two
 * costs taken out (issue 26; docs/build-performance.md, "Fourth pass").
 *
 * - `check()`: Astro asks the renderer whether a component is React before every render, and
 *   `@astrojs/react` answers by rendering the component once inside a tester. The answer never
 *   changes for a component, so it is kept per component.
 * - The render: the markup of an island without children or slots is kept per component, props
 *   and id prefix (rendered as `@astrojs/react` does, through React's stream, read to its end). The layout's
 *   islands (header search, user menu, modal host, toast region, cookie dialog, scroll-to-top)
 *   take only the locale, so each is rendered once per locale and position instead of once per
 *   page. Components with children or slots, or props too large to be worth a key, go to
 *   `@astrojs/react` as before.
 *
 * An island whose props are unique to the page but whose server markup reads few of them (a space
 * page's actions: the buttons in the page's language, the space's ids read only in the browser)
 * names those on the component, `Component.ssrProps = ['locale']`, and its markup is kept by them.
 *
 * The island's `prefix` attribute (React's `identifierPrefix`, which `useId` builds on) comes from
 * a per-page counter of its own, `i0`, `i1`, …: a letter `@astrojs/react`'s own counter (`r…`) never
 * uses, so the two never give one page the same prefix twice. The browser hydrates with the prefix
 * the page carries, so the ids match. The layout's islands ({@link LAYOUT_ISLANDS}: each on every
 * page, once) have a fixed prefix of their own, `l0`, `l1`, …, so their whole markup is the same on
 * every page of a locale and the layout renders it once (src/components/kept-html.ts).
 */

type Renderer = typeof inner;
type Ctx = { result?: object } | undefined;

/** Props longer than this (as JSON) are not worth keeping: a space page's map point, a card list. */
const MAX_KEY_CHARS = 1024;
/** Kept renders per component; the whole map is dropped beyond it (a long-lived render worker). */
const MAX_KEPT = 2000;

const isReact = new WeakMap<object, boolean>();
const kept = new WeakMap<object, Map<string, string>>();
const counters = new WeakMap<object, number>();

/**
 * The islands the layout draws once on every page (the component files' names). Their prefix is
 * fixed: `l` and the place in this list. An island here must never appear twice on one page.
 */
const LAYOUT_ISLANDS = ['CookieConsent', 'HeaderSearch', 'HeaderUser', 'ModalHost', 'NotificationToast', 'ScrollTop'];
const LAYOUT_ISLAND_URL = new RegExp(`/(${LAYOUT_ISLANDS.join('|')})\\.tsx$`);

/** The prefix of a layout island, from its component's URL; undefined for any other island. */
function layoutPrefix(componentUrl: unknown): string | undefined {
  if (typeof componentUrl !== 'string') return undefined;
  const name = LAYOUT_ISLAND_URL.exec(componentUrl)?.[1];
  return name ? `l${LAYOUT_ISLANDS.indexOf(name)}` : undefined;
}

function nextPrefix(result: object | undefined): string {
  if (!result) return 'i0';
  const n = counters.get(result) ?? 0;
  counters.set(result, n + 1);
  return `i${n}`;
}

/**
 * Props as JSON when JSON says all they hold (plain objects, arrays, strings, numbers, booleans;
 * dates and URLs by their `toJSON`), else undefined: a Map or Set would stringify as `{}` and a
 * BigInt would throw, so such props are rendered every time.
 */
function plainJson(props: Record<string, unknown>): string | undefined {
  let plain = true;
  try {
    const json = JSON.stringify(props, (_key, value: unknown) => {
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) plain = false;
      return value;
    });
    return plain ? json : undefined;
  } catch {
    return undefined;
  }
}

/** `@astrojs/react` strips resource hints React adds to a component's markup; so do we. */
const RESOURCE_HINTS = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

/** A Suspense boundary React left pending or to the client (`<!--$?-->`, `<!--$!-->`): only the stream waits for it. */
const UNFINISHED = /<!--\$[?!]-->/;

/**
 * An island's markup: React's synchronous `renderToString` when the tree renders without suspending
 * (the same markup as the stream, without web streams' per-chunk encoding and reads); React's stream,
 * read to its end as `@astrojs/react` does, when something suspends (a lazy component, data).
 */
async function render(element: ReturnType<typeof createElement>, prefix: string): Promise<string> {
  try {
    // renderToString reports no error itself: an error or a suspension sends the island to the stream below, which reports it as before.
    const html = renderToString(element, { identifierPrefix: prefix });
    if (!UNFINISHED.test(html)) return html;
  } catch {
    // Suspended outside a boundary: the stream waits for it.
  }
  const stream = await renderToReadableStream(element, { identifierPrefix: prefix });
  return new Response(stream).text();
}

const check: Renderer['check'] = async function (this: Ctx, Component, props, children, metadata) {
  if (!Component || (typeof Component !== 'function' && typeof Component !== 'object')) return inner.check.call(this, Component, props, children, metadata);
  let known = isReact.get(Component as object);
  if (known === undefined) {
    known = await inner.check.call(this, Component, props, children, metadata);
    isReact.set(Component as object, known);
  }
  return known;
};

const renderToStaticMarkup: Renderer['renderToStaticMarkup'] = async function (
  this: Ctx,
  Component: unknown,
  props: Record<string, unknown>,
  slotted,
  metadata,
) {
  const hasSlots = Object.values(slotted ?? {}).some((v) => v != null);
  if (hasSlots || props['children'] != null || typeof Component !== 'function')
    return inner.renderToStaticMarkup.call(this, Component, props, slotted, metadata);
  const { class: _class, ...rest } = props;
  const prefix = layoutPrefix((metadata as { componentUrl?: unknown } | undefined)?.componentUrl) ?? nextPrefix(this?.result);
  // An island whose server markup reads only some props names them (`ssrProps`): its markup is kept by those.
  const only = (Component as { ssrProps?: readonly string[] }).ssrProps;
  const json = plainJson(only ? Object.fromEntries(only.map((name) => [name, rest[name]])) : rest);
  const key = json !== undefined && json.length <= MAX_KEY_CHARS ? `${prefix}\u0000${json}` : undefined;
  let byProps: Map<string, string> | undefined = kept.get(Component);
  const hit = key ? byProps?.get(key) : undefined;
  if (hit !== undefined) return { html: hit, attrs: { prefix } };
  const html = (await render(createElement(Component as ComponentType<Record<string, unknown>>, rest), prefix)).replace(RESOURCE_HINTS, '');
  if (key) {
    if (!byProps || byProps.size >= MAX_KEPT) kept.set(Component, (byProps = new Map<string, string>()));
    byProps.set(key, html);
  }
  return { html, attrs: { prefix } };
};

/** The renderer Astro loads in place of `@astrojs/react/server.js` (astro.config.mjs). */
const renderer: Renderer = { ...inner, check, renderToStaticMarkup };
export default renderer;
