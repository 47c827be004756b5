import { pathOf, type PageParams, type PageTypeId } from '../domain/page-types.ts';
import { SITE_BASE, slugify } from '../domain/urls.ts';

/** The site's base path with one trailing slash ('/discover/'), from Astro's BASE_URL (the shared constant outside Astro). */
export const BASE = `${(import.meta.env?.BASE_URL ?? SITE_BASE).replace(/\/+$/, '')}/`;

/** A page's URL under the base (the registry's path, src/domain/page-types.ts), ending with a slash. */
const page = <T extends PageTypeId>(type: T, params: PageParams<T>) => {
  const path = pathOf(type, params);
  return `${BASE}${path ? `${path}/` : ''}`;
};

/** Links to the site's pages; every page URL ends with a slash (build.format 'directory'). */
export const href = {
  home: (featuredTagId?: string) => (featuredTagId ? `${page('home', {})}?featuredTagId=${encodeURIComponent(featuredTagId)}` : page('home', {})),
  /** A featured tag's panel of the home page, as a small noindex page the home's tabs fetch when picked. */
  homePanel: (featuredTagId: string) => page('homePanel', { id: featuredTagId }),
  space: (modelId: string) => page('space', { modelId }),
  relatedCollections: (modelId: string) => page('relatedCollections', { modelId }),
  collection: (sid: string) => page('collection', { sid }),
  search: (q?: string) => (q ? `${page('search', {})}?q=${encodeURIComponent(q)}` : page('search', {})),
  tag: (name: string) => page('tag', { tag: slugify(name) }),
  camera: (id: string) => page('camera', { cameraModelId: id }),
  account: (id: string) => page('account', { accountId: id }),
  profile: (sid: string) => page('profile', { userSid: sid }),
  profileCollections: (sid: string) => page('profileCollections', { userSid: sid }),
  /** Upload a capture: an owner's model or 360° photo becomes a space. */
  captureUpload: () => page('captureUpload', {}),
  /** Edit a 360° tour's layout: its points on the plan, their links and the start view. */
  tourLayout: (spaceId: string) => `${page('tourLayout', {})}?space=${encodeURIComponent(spaceId)}`,
  showcase: (modelId: string) => `${page('showcase', {})}?m=${encodeURIComponent(modelId)}`,
  signIn: (target: string) => `/auth/sign-in?target=${encodeURIComponent(target)}`,
  signUp: (target: string) => `/auth/sign-up?target=${encodeURIComponent(target)}`,
  /** The app marketplace's landing, optionally with a filter query (`?industry=real-estate`). */
  marketplace: (query = '') => `${page('marketplace', {})}${query}`,
  marketplaceApp: (slug: string) => page('marketplaceApp', { slug }),
  marketplaceCollection: (slug: string) => page('marketplaceCollection', { slug }),
  /** Where the not-found page sends visitors: the home page with all featured tags. */
  allSpaces: () => `${page('home', {})}?featuredTagId=all`,
};

/** The default 3D tour URL template; `/env.js/` may override it at run time. */
export { DEFAULT_SHOWCASE_TEMPLATE } from '../domain/urls.ts';

/** The OpenStreetMap page centred on a point (a link only: no tiles or scripts are loaded). */
export const osmUrl = (lat: number, long: number, zoom = 16) =>
  `https://www.openstreetmap.org/?mlat=${lat.toFixed(6)}&mlon=${long.toFixed(6)}#map=${zoom}/${lat.toFixed(6)}/${long.toFixed(6)}`;
