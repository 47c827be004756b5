import { SITE_BASE } from './urls.ts';

/**
 * The page registry: every page type of the public site, in one place. Each entry says where the
 * page lives (its path under the base and the locale prefix, `:name` for a parameter named as the
 * route file names it: `account/:accountId` is `src/pages/account/[accountId].astro`), which
 * content collections it shows (so the publishing dependency map must re-render it when they
 * change, see page-dependencies.ts), whether it belongs in the sitemap, and what the server answers
 * while the served build does not have one of its pages yet (its fallback).
 *
 * Used by `href` (src/site/paths.ts), the dependency map's page names (`pagePath`), the server's
 * routing of pages not built yet (src/server/site.ts) and the sitemap filter
 * (src/site/build-integration.ts). Pure: no framework code, so every layer may read it.
 * docs/adding-a-page-type.md says how to add one.
 */

/** The content collections of the site (src/loaders/content-collections.ts), by the names the store uses. */
export type ContentName =
  'spaces' | 'collections' | 'users' | 'accounts' | 'featuredTags' | 'carousel' | 'banners' | 'tags' | 'marketplaceApps' | 'marketplaceCollections' | 'pros';

/**
 * What the server answers for a page of this type that the served build does not have:
 * - `render`: content the API already has but the next publish has not built yet (a collection
 *   created seconds ago): the page rendered at request time by the prerender bundle the last full
 *   build kept, its own content fetched from the API as the visitor sees it
 *   (src/loaders/fallback-worker.ts says which API calls make the page's props).
 * - `shell`: one client-rendered page serves every id (`file`, relative to the build).
 */
export type Fallback = { kind: 'render' } | { kind: 'shell'; file: string };

/** One page type. */
export interface PageTypeSpec {
  /** Path under the base and the locale prefix, no slashes at either end; `:name` segments are parameters ('' is the home page). */
  pattern: string;
  /** Content collections the page shows: a change of one of them must re-render it (a test checks the dependency map does). */
  data: readonly ContentName[];
  /** Whether its pages belong in the sitemap (those that are `noindex` leave it anyway). */
  sitemap: boolean;
  /** The page type (id) whose publishing renders this one too: a home tab panel is part of the home page. */
  renderedWith?: string;
  fallback?: Fallback;
  /**
   * Pre-rendered in English only (thousands of pages: 13 locales would multiply the build): a page in
   * another locale is rendered on its first request by the kept prerender bundle (its `render`
   * fallback, fetched as an anonymous visitor sees it) and kept in the served build as a static
   * file; an incremental publish that re-renders the English page removes its kept copies
   * (src/domain/kept-pages.ts).
   */
  localesOnRequest?: true;
}

const e = encodeURIComponent;

/** Every page type of the site (routes in src/pages; `[locale]/` copies in the locales that have them). */
export const PAGE_TYPES = {
  home: { pattern: '', data: ['featuredTags', 'carousel', 'collections', 'spaces'], sitemap: true },
  /** A featured tag's panel of the home page: a small noindex page the home's tabs fetch when picked. */
  homePanel: { pattern: 'home-panel/:id', data: ['featuredTags', 'spaces'], sitemap: false, renderedWith: 'home' },
  space: { pattern: 'space/:modelId', data: ['spaces', 'collections'], sitemap: true, fallback: { kind: 'render' }, localesOnRequest: true },
  relatedCollections: {
    pattern: 'space/:modelId/related-collections',
    data: ['spaces', 'collections'],
    sitemap: true,
    fallback: { kind: 'render' },
    localesOnRequest: true,
  },
  collection: {
    pattern: 'collection/:sid',
    data: ['collections', 'spaces'],
    sitemap: true,
    fallback: { kind: 'render' },
    localesOnRequest: true,
  },
  tag: { pattern: 'tag/:tag', data: ['tags', 'spaces'], sitemap: true, fallback: { kind: 'render' }, localesOnRequest: true },
  camera: { pattern: 'camera/:cameraModelId', data: ['spaces'], sitemap: true, fallback: { kind: 'render' }, localesOnRequest: true },
  account: {
    pattern: 'account/:accountId',
    data: ['accounts', 'spaces'],
    sitemap: true,
    fallback: { kind: 'render' },
    localesOnRequest: true,
  },
  profile: {
    pattern: 'profile/:userSid',
    data: ['users', 'collections'],
    sitemap: true,
    fallback: { kind: 'render' },
    localesOnRequest: true,
  },
  profileCollections: {
    pattern: 'profile/:userSid/collections',
    data: ['users', 'collections'],
    sitemap: true,
    fallback: { kind: 'render' },
    localesOnRequest: true,
  },
  /** A private profile's stand-in (a literal segment: it wins over `profile/:sid`). */
  profilePrivate: { pattern: 'profile/private', data: [], sitemap: false },
  /** Results depend on the query: the page itself is `noindex`. */
  search: { pattern: 'search', data: [], sitemap: false },
  accounts: { pattern: 'accounts', data: [], sitemap: false },
  following: { pattern: 'following', data: [], sitemap: false },
  manage: { pattern: 'manage', data: [], sitemap: false },
  /** Upload a capture (issue 24): an owner's 3D model or 360° photo becomes a space. */
  captureUpload: { pattern: 'manage/upload', data: [], sitemap: false },
  /** The owner's panorama tour editor (issue 24): one shell for every space, `?space=<id>` names it. */
  tourLayout: { pattern: 'manage/tour-layout', data: [], sitemap: false },
  marketplace: { pattern: 'marketplace', data: ['marketplaceApps', 'marketplaceCollections'], sitemap: true },
  marketplaceApp: { pattern: 'marketplace/app/:slug', data: ['marketplaceApps', 'marketplaceCollections'], sitemap: true },
  marketplaceCollection: { pattern: 'marketplace/collection/:slug', data: ['marketplaceApps', 'marketplaceCollections'], sitemap: true },
  pros: { pattern: 'pros', data: ['pros'], sitemap: true },
  showcase: { pattern: 'showcase', data: [], sitemap: false },
  capture: { pattern: 'capture', data: [], sitemap: true },
  captureOrder: { pattern: 'capture/order', data: [], sitemap: false },
  captureOrders: { pattern: 'capture/orders', data: [], sitemap: false },
  /** A capture order's details: one client-rendered shell for every order id (src/pages/capture/order-details.astro). */
  captureOrderDetails: {
    pattern: 'capture/orders/:id',
    data: [],
    sitemap: false,
    fallback: { kind: 'shell', file: 'capture/order-details/index.html' },
  },
  about: { pattern: 'about', data: [], sitemap: true },
  blog: { pattern: 'blog', data: [], sitemap: true },
  blogPost: { pattern: 'blog/:slug', data: [], sitemap: true },
  press: { pattern: 'press', data: [], sitemap: true },
  faq: { pattern: 'faq', data: [], sitemap: true },
  help: { pattern: 'help', data: [], sitemap: true },
  helpArticle: { pattern: 'help/:slug', data: [], sitemap: true },
  legal: { pattern: 'legal/:page', data: [], sitemap: true },
  contact: { pattern: 'contact', data: [], sitemap: true },
  feedback: { pattern: 'feedback', data: [], sitemap: true },
  nominate: { pattern: 'nominate', data: [], sitemap: true },
  /** The not-found page (`404.html`, and `<locale>/404/` per locale). */
  notFound: { pattern: '404', data: [], sitemap: false },
  /** The admin console's shell, served only as /admin (src/server/site.ts). */
  adminConsole: { pattern: 'admin-console', data: [], sitemap: false },
} as const satisfies Record<string, PageTypeSpec>;

/** A page type's id. */
export type PageTypeId = keyof typeof PAGE_TYPES;

/** The parameter names of a path pattern (`'profile/:userSid/collections'` → `'userSid'`). */
type ParamNames<P extends string> = P extends `${infer Head}/${infer Tail}` ? ParamNames<Head> | ParamNames<Tail> : P extends `:${infer Name}` ? Name : never;

/** The parameters of a page type (`{ sid: string }` for a collection). */
export type PageParams<T extends PageTypeId> = { [K in ParamNames<(typeof PAGE_TYPES)[T]['pattern']>]: string };

/** A page type's entry, widened to the common shape. */
export const pageType = (id: PageTypeId): PageTypeSpec => PAGE_TYPES[id];

/** Every page type id, in registry order. */
export const PAGE_TYPE_IDS = Object.keys(PAGE_TYPES) as PageTypeId[];

/** The page types whose pages other than English are rendered on their first request and kept ({@link PageTypeSpec.localesOnRequest}). */
export const LOCALES_ON_REQUEST_TYPES: readonly PageTypeId[] = PAGE_TYPE_IDS.filter((t) => pageType(t).localesOnRequest === true);

/** The page types whose pages not built yet are rendered from the API (`fallback.kind` 'render'). */
export type RenderFallbackType = { [K in PageTypeId]: (typeof PAGE_TYPES)[K] extends { fallback: { kind: 'render' } } ? K : never }[PageTypeId];

/** @see RenderFallbackType */
export const RENDER_FALLBACK_TYPES = PAGE_TYPE_IDS.filter((t) => pageType(t).fallback?.kind === 'render') as RenderFallbackType[];

/**
 * The path of a page under the base and the locale prefix, without slashes at either end
 * (`collection/abc`; '' for home). Parameters are percent-encoded unless `encode` is false (the
 * dependency map names pages by their decoded path, as the build lists them).
 */
export function pathOf<T extends PageTypeId>(type: T, params: PageParams<T>, encode = true): string {
  const values = params as Readonly<Record<string, string>>;
  return PAGE_TYPES[type].pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (encode ? e(values[segment.slice(1)] ?? '') : (values[segment.slice(1)] ?? '')) : segment))
    .join('/');
}

/** The URL shape of a locale prefix (`de`, `zh-cn`); which locales a build has is src/i18n/locales.ts's business. */
const LOCALE_PREFIX = /^[a-z]{2}(?:-[a-z]{2})?$/;

/** A site path matched to its page type. */
export interface PageMatch {
  type: PageTypeId;
  /** Parameters, decoded. */
  params: Record<string, string>;
  /** The locale prefix of the path ('' for English at the root). */
  locale: string;
}

/** Segments of each pattern, literal segments first among patterns of one length so `profile/private` wins over `profile/:sid`. */
const COMPILED = PAGE_TYPE_IDS.map((type) => ({ type, segments: PAGE_TYPES[type].pattern ? PAGE_TYPES[type].pattern.split('/') : [] })).sort(
  (a, b) => b.segments.filter((s) => !s.startsWith(':')).length - a.segments.filter((s) => !s.startsWith(':')).length,
);

/** A control character, which no id, slug or name holds (and no header may carry; PostgreSQL refuses a NUL). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A path segment decoded; null when it is not valid percent-encoded UTF-8 (`%`, `%ff`) or holds a control character (no page's path does). */
function decodeSegment(segment: string): string | null {
  try {
    const decoded = decodeURIComponent(segment);
    return CONTROL.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

function matchSegments(parts: readonly string[]): Omit<PageMatch, 'locale'> | null {
  for (const { type, segments } of COMPILED) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (const [i, segment] of segments.entries()) {
      const part = parts[i] ?? '';
      if (segment.startsWith(':')) {
        const value = decodeSegment(part);
        if (!value) ok = false;
        else params[segment.slice(1)] = value;
      } else if (segment !== part) ok = false;
      if (!ok) break;
    }
    if (ok) return { type, params };
  }
  return null;
}

/**
 * The page type of a site path (`/discover/de/collection/abc/`, trailing slash optional), or null
 * when no page type has that shape. A first segment shaped like a locale prefix is tried as one
 * when the path does not match without it.
 */
export function matchPage(pathname: string): PageMatch | null {
  if (pathname !== SITE_BASE && !pathname.startsWith(`${SITE_BASE}/`)) return null;
  const rest = pathname.slice(SITE_BASE.length).replace(/^\/+|\/+$/g, '');
  const parts = rest ? rest.split('/') : [];
  const plain = matchSegments(parts);
  if (plain) return { ...plain, locale: '' };
  const [first = '', ...more] = parts;
  if (!LOCALE_PREFIX.test(first)) return null;
  const localized = matchSegments(more);
  return localized ? { ...localized, locale: first } : null;
}

/** The site path of a page in a locale (`/discover/de/collection/abc/`); every page URL ends with a slash. */
export function sitePath<T extends PageTypeId>(type: T, params: PageParams<T>, locale = ''): string {
  const path = pathOf(type, params);
  return `${SITE_BASE}/${locale ? `${locale}/` : ''}${path ? `${path}/` : ''}`;
}
