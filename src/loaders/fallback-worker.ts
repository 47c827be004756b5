import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { RouteData } from 'astro';
import { getAccountProfile, getAccountSpaces } from '../client/accounts.ts';
import { getCollection } from '../client/collections.ts';
import { createHttp, ResponseError, type Http } from '../client/http.ts';
import { CAMERA_TYPES, findCameraType, type CameraType } from '../domain/cameras.ts';
import { SYSTEM_PROFILE_SID } from '../domain/system-profile.ts';
import type { StaticPath } from '../i18n/routes.ts';
import { getSpace } from '../client/spaces.ts';
import { getUserCollections, getUserProfile } from '../client/users.ts';
import { FallbackHostMessage, FallbackWorkerData, type FallbackRenderRequest, type FallbackWorkerMessage } from '../domain/fallback-protocol.ts';
import { pageType, pathOf, RENDER_FALLBACK_TYPES, type PageParams, type RenderFallbackType } from '../domain/page-types.ts';
import { ACCOUNT_SPACES_PAGE, COLLECTION_CHILDREN_PAGE } from '../site/page-sizes.ts';
import { contentCollections } from './content-collections.ts';
import { readStore } from './content-sync.ts';
import { openRenderer } from './renderer.ts';
import type { RendererManifest } from '../site/build-integration.ts';

/**
 * The fallback renderer, a worker thread of the server (src/server/fallback-renderer.ts): renders a
 * page the served build does not have yet (a collection created seconds ago) with the prerender
 * bundle the last full build kept, so the visitor gets the real page, not a copy of it. The page's
 * own content is fetched from the API as the visitor sees it (through the server, with their
 * cookie) and handed to the page as the props its `getStaticPaths()` would give; everything else
 * the page shows comes from the served build's content store, as in the build.
 *
 * How: Astro's prerender app looks a page's props up in its route cache (`app.routeCache`, keyed by
 * the page's path, filled by `getStaticPaths()`). For the fallback routes the cache gets an empty
 * entry at start, so `getStaticPaths()` never runs here; each render adds its one page to it and
 * removes it after.
 */

/**
 * The props of each `render` fallback page, as the content loaders store its entry
 * (src/loaders/discover-loader.ts); null when there is no such page (a tag or camera type the
 * served build's content does not have).
 */
const PROPS: { [T in RenderFallbackType]: (http: Http, params: PageParams<T>) => Promise<Record<string, unknown> | null> } = {
  collection: async (http, { sid }) => ({
    collection: schemas.collections.parse({
      ...(await getCollection(http, { id: sid, childrenCount: COLLECTION_CHILDREN_PAGE, subchildrenCount: 3 })),
      position: 0,
    }),
  }),
  account: async (http, { accountId }) => {
    const [profile, spaces] = await Promise.all([
      getAccountProfile(http, { accountId }),
      getAccountSpaces(http, { accountId, offset: 0, limit: ACCOUNT_SPACES_PAGE }),
    ]);
    return { account: schemas.accounts.parse({ id: accountId, profile, spaces }) };
  },
  space: async (http, { modelId }) => ({ space: await spaceEntry(http, modelId) }),
  relatedCollections: async (http, { modelId }) => ({ space: await spaceEntry(http, modelId) }),
  profile: async (http, { userSid }) => ({ user: await userEntry(http, userSid) }),
  // The system profile (the editors' collections) is no user of the API: its props are the build's own.
  profileCollections: async (http, { userSid }) =>
    userSid === SYSTEM_PROFILE_SID ? builtProps('profileCollections', { userSid }) : { user: await userEntry(http, userSid) },
  // Small props from the served build's own content (its tag pages list that build's spaces).
  tag: async (_http, { tag }) => {
    const entry = (await storeOnce()).get('tags')?.get(tag)?.data as { name: string } | undefined;
    return entry ? { name: entry.name } : null;
  },
  camera: (_http, { cameraModelId }) => {
    const camera = findCameraType(cameraModelId);
    return Promise.resolve(camera ? { camera } : null);
  },
};

/**
 * A page's props as its `getStaticPaths()` gives them from the served build's content store (for a
 * page whose content is the build's own, not an API record); null when it has no such page.
 */
async function builtProps<T extends RenderFallbackType>(type: T, params: PageParams<T>): Promise<Record<string, unknown> | null> {
  const route = await routeOf(type, false);
  const mod = route ? ((await app.getComponentByRoute(route)) as { getStaticPaths?: () => Promise<StaticPath[]> | StaticPath[] }) : null;
  const wanted = JSON.stringify(params);
  const path = (await mod?.getStaticPaths?.())?.find((p) => JSON.stringify(p.params) === wanted);
  return path?.props ?? null;
}

/** The served build's content store, read once. */
let store: ReturnType<typeof readStore> | undefined;
const storeOnce = () => (store ??= readStore(data.store));

/** A space as the spaces loader stores it (the API's record, by its modelId). */
const spaceEntry = async (http: Http, modelId: string) => schemas.spaces.parse(await getSpace(http, { id: modelId }));

const userEntry = async (http: Http, userSid: string) => {
  const [profile, collections] = await Promise.all([
    getUserProfile(http, { userId: userSid }),
    getUserCollections(http, { userId: userSid, childrenCount: 4, limit: 100 }),
  ]);
  return schemas.users.parse({ id: userSid, profile, collections });
};

const schemas = Object.fromEntries(Object.entries(contentCollections()).map(([name, c]) => [name, c.schema])) as {
  [K in keyof ReturnType<typeof contentCollections>]: ReturnType<typeof contentCollections>[K]['schema'];
};

/** The prerender app's surface used here (Astro's `BuildApp`). */
interface App {
  manifest: { routes: { routeData: RouteData }[] };
  routeCache: { get(route: RouteData): { staticPaths?: { keyed: Map<string, unknown> } } | undefined; set(route: RouteData, entry: unknown): void };
  getComponentByRoute(route: RouteData): Promise<unknown>;
}

const port = parentPort;
if (!port) throw new Error('src/loaders/fallback-worker.ts runs as a worker thread of the server (src/server/fallback-renderer.ts).');
const started = performance.now();
const data = FallbackWorkerData.parse(workerData);
process.env['DISCOVER_DATA_STORE_FILE'] = data.store;
const renderer = await openRenderer(data.renderer, (line) => process.stderr.write(`fallback renderer: ${line}\n`));
const manifest = JSON.parse(readFileSync(join(data.renderer, 'renderer.json'), 'utf8')) as RendererManifest;
// The same module instance openRenderer loaded: its app and its route cache.
const { app } = (await import(pathToFileURL(join(data.renderer, manifest.entry)).href)) as { app: App };
// The content store is read now, while the served build that holds it is certain to exist.
await import(pathToFileURL(join(data.renderer, manifest.dataLayerChunk)).href);

/** The route of a page type (English, or the `[locale]/` copy), with an empty static-path cache made once; its page module loaded now. */
const routes = new Map<string, RouteData>();
async function routeOf(type: RenderFallbackType, localized: boolean): Promise<RouteData | null> {
  const name = `/${localized ? '[locale]/' : ''}${pageType(type).pattern.replace(/:([^/]+)/g, '[$1]')}`;
  const known = routes.get(name);
  if (known) return known;
  const route = app.manifest.routes.find((r) => r.routeData.route === name)?.routeData;
  if (!route) return null;
  if (!app.routeCache.get(route)?.staticPaths) {
    app.routeCache.set(route, { mod: await app.getComponentByRoute(route), staticPaths: Object.assign([], { keyed: new Map() }) });
  }
  routes.set(name, route);
  return route;
}
for (const type of RENDER_FALLBACK_TYPES) for (const localized of [false, true]) await routeOf(type, localized);

/**
 * Renders one page of each fallback type from a stored entry, so the page modules, renderers and
 * the store's indexes (about a second of work) are loaded before any visitor waits.
 */
async function warmUp(): Promise<void> {
  const content = await storeOnce();
  const first = (name: string) => content.get(name)?.values().next().value?.data;
  const samples: { [T in RenderFallbackType]: [PageParams<T>, Record<string, unknown>] | null } = {
    collection: sampleOf(first('collections'), (c: { sid: string }) => [{ sid: c.sid }, { collection: c }]),
    account: sampleOf(first('accounts'), (a: { id: string }) => [{ accountId: a.id }, { account: a }]),
    space: sampleOf(first('spaces'), (sp: { modelId: string }) => [{ modelId: sp.modelId }, { space: sp }]),
    relatedCollections: sampleOf(first('spaces'), (sp: { modelId: string }) => [{ modelId: sp.modelId }, { space: sp }]),
    profile: sampleOf(first('users'), (u: { id: string }) => [{ userSid: u.id }, { user: u }]),
    profileCollections: sampleOf(first('users'), (u: { id: string }) => [{ userSid: u.id }, { user: u }]),
    tag: sampleOf(first('tags'), (tg: { slug: string; name: string }) => [{ tag: tg.slug }, { name: tg.name }]),
    camera: sampleOf(CAMERA_TYPES[0], (camera: CameraType) => [{ cameraModelId: camera.id }, { camera }]),
  };
  for (const type of RENDER_FALLBACK_TYPES) {
    const sample = samples[type];
    if (sample) await renderWith(type, '', sample[0], sample[1]).catch(() => null);
  }
}

const sampleOf = <E, P>(entry: unknown, make: (e: E) => [P, Record<string, unknown>]) => (entry ? make(entry as E) : null);

/** The server's in-process API, one call at a time per message (the visitor's cookie stays with the server). */
let fetches = 0;
const pending = new Map<number, (r: Response) => void>();
const post = (m: FallbackWorkerMessage) => port.postMessage(m);
const httpFor = (renderId: number): Http =>
  createHttp({
    baseUrl: 'http://fallback.invalid',
    fetch: (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const fetchId = ++fetches;
      post({ kind: 'fetch', fetchId, renderId, path: `${url.pathname}${url.search}` });
      return new Promise<Response>((resolve) => pending.set(fetchId, resolve));
    },
  });

async function render(req: FallbackRenderRequest): Promise<string | null> {
  const type = req.type as RenderFallbackType;
  if (!RENDER_FALLBACK_TYPES.includes(type)) throw new Error(`${req.type} is not a page type with a render fallback.`);
  const route = await routeOf(type, req.locale !== '');
  if (!route) return null;
  let props: Record<string, unknown> | null;
  try {
    props = await PROPS[type](httpFor(req.id), req.params as never);
  } catch (error) {
    // The API does not show it (any more) to this visitor: no page.
    if (error instanceof ResponseError && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
  if (!props) return null;
  return renderWith(type, req.locale, req.params, props);
}

/** Renders a page of a fallback type with the props its `getStaticPaths()` would give it. */
async function renderWith(
  type: RenderFallbackType,
  locale: string,
  pageParams: Record<string, string>,
  props: Record<string, unknown>,
): Promise<string | null> {
  const route = await routeOf(type, locale !== '');
  if (!route) return null;
  const pathname = `/${[locale, pathOf(type, pageParams as never, false)].filter(Boolean).join('/')}`;
  const params = locale ? { ...pageParams, locale } : pageParams;
  const keyed = app.routeCache.get(route)?.staticPaths?.keyed;
  keyed?.set(pathname, { params, props });
  try {
    const page = await renderer.render({ pathname, route });
    return page ? page.body.toString('utf8') : null;
  } finally {
    keyed?.delete(pathname);
  }
}

port.on('message', (raw: unknown) => {
  const message = FallbackHostMessage.parse(raw);
  if (message.kind === 'fetched') {
    const resolve = pending.get(message.fetchId);
    pending.delete(message.fetchId);
    resolve?.(
      new Response(message.status === 304 || message.status === 204 ? null : message.body, {
        status: message.status,
        headers: { 'content-type': message.contentType },
      }),
    );
    return;
  }
  const t0 = performance.now();
  render(message).then(
    (html) => post({ kind: 'rendered', id: message.id, html, ms: performance.now() - t0 }),
    (error: unknown) =>
      post({
        kind: 'rendered',
        id: message.id,
        html: null,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        ms: performance.now() - t0,
      }),
  );
});
await warmUp();
post({ kind: 'ready', ms: performance.now() - started });
