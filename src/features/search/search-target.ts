import { cameraRedirectFor } from '../../domain/camera-redirect.ts';
import { localizePath } from '../../i18n/locales.ts';
import { href } from '../../site/paths.ts';

/** Where a submitted search goes, and the camera page it was redirected to (if any). */
export interface SearchTarget {
  url: string;
  /** The camera page id when the text was a camera shortcut ('pro 2' / 'pro 3'), else null. */
  override: string | null;
}

/**
 * Where submitting the header search goes (spec 2): the search page with `?q=`, except the camera
 * shortcuts 'pro 2' / 'pro 3' (optionally prefixed with the brand, any case), which open the camera
 * page; 'pro 3' only when the user has the `discover/pro3` flag. Links stay in the page's locale.
 */
export function searchTarget(text: string, options: { pro3Enabled: boolean; locale: string }): SearchTarget | null {
  const q = text.trim();
  if (!q) return null;
  const camera = cameraRedirectFor(q, options.pro3Enabled);
  if (camera) return { url: localizePath(href.camera(camera), options.locale), override: camera };
  return { url: localizePath(href.search(q), options.locale), override: null };
}
