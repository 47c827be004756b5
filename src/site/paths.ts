import { SITE_BASE, slugify } from '../domain/urls.ts';

/** The site's base path with one trailing slash ('/discover/'), from Astro's BASE_URL (the shared constant outside Astro). */
export const BASE = `${(import.meta.env?.BASE_URL ?? SITE_BASE).replace(/\/+$/, '')}/`;

/** Links to the site's pages; every page URL ends with a slash (build.format 'directory'). */
export const href = {
  home: (featuredTagId?: string) => (featuredTagId ? `${BASE}?featuredTagId=${encodeURIComponent(featuredTagId)}` : BASE),
  /** A featured tag's panel of the home page, as a small noindex page the home's tabs fetch when picked. */
  homePanel: (featuredTagId: string) => `${BASE}home-panel/${encodeURIComponent(featuredTagId)}/`,
  space: (modelId: string) => `${BASE}space/${encodeURIComponent(modelId)}/`,
  relatedCollections: (modelId: string) => `${BASE}space/${encodeURIComponent(modelId)}/related-collections/`,
  collection: (sid: string) => `${BASE}collection/${encodeURIComponent(sid)}/`,
  search: (q?: string) => (q ? `${BASE}search/?q=${encodeURIComponent(q)}` : `${BASE}search/`),
  tag: (name: string) => `${BASE}tag/${encodeURIComponent(slugify(name))}/`,
  camera: (id: string) => `${BASE}camera/${encodeURIComponent(id)}/`,
  account: (id: string) => `${BASE}account/${encodeURIComponent(id)}/`,
  profile: (sid: string) => `${BASE}profile/${encodeURIComponent(sid)}/`,
  profileCollections: (sid: string) => `${BASE}profile/${encodeURIComponent(sid)}/collections/`,
  showcase: (modelId: string) => `${BASE}showcase/?m=${encodeURIComponent(modelId)}`,
  signIn: (target: string) => `/auth/sign-in?target=${encodeURIComponent(target)}`,
  signUp: (target: string) => `/auth/sign-up?target=${encodeURIComponent(target)}`,
  /** The app marketplace's landing, optionally with a filter query (`?industry=real-estate`). */
  marketplace: (query = '') => `${BASE}marketplace/${query}`,
  marketplaceApp: (slug: string) => `${BASE}marketplace/app/${encodeURIComponent(slug)}/`,
  marketplaceCollection: (slug: string) => `${BASE}marketplace/collection/${encodeURIComponent(slug)}/`,
  /** Where the not-found page sends visitors: the home page with all featured tags. */
  allSpaces: () => `${BASE}?featuredTagId=all`,
};

/** The default 3D tour URL template; `/env.js/` may override it at run time. */
export { DEFAULT_SHOWCASE_TEMPLATE } from '../domain/urls.ts';

/** The OpenStreetMap page centred on a point (a link only: no tiles or scripts are loaded). */
export const osmUrl = (lat: number, long: number, zoom = 16) =>
  `https://www.openstreetmap.org/?mlat=${lat.toFixed(6)}&mlon=${long.toFixed(6)}#map=${zoom}/${lat.toFixed(6)}/${long.toFixed(6)}`;
