import type { Banner } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { orderedResource } from '../../../lib/ordered-resource.ts';
import { bannerKeys } from './keys.ts';

/**
 * The banners (/admin/api/banner/): every one, expired and inactive included, in display order (the
 * first live one is what the site shows; a new banner goes first, and banners are not reordered).
 */
export const banners = orderedResource<Banner>({
  keys: bannerKeys,
  calls: {
    list: () => adminHttp()('GET', '/admin/api/banner/', { query: { includeExpired: true, includeInactive: true } }),
    activate: (input) => adminHttp()('PUT', '/admin/api/banner/activate/', { body: input }),
    remove: (ids) => adminHttp()('DELETE', '/admin/api/banner/', { body: ids }),
  },
});
