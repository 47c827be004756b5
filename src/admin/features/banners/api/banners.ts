import type { Banner } from '../../../../domain/homepage.ts';
import { orderedResource } from '../../../lib/ordered-resource.ts';
import { bannerKeys } from './keys.ts';

/**
 * The banners (/admin/api/banner/): every one, expired and inactive included, in display order (the
 * first live one is what the site shows; a new banner goes first, and banners are not reordered).
 */
export const banners = orderedResource<Banner>({ path: '/admin/api/banner/', keys: bannerKeys, listQuery: { includeExpired: true, includeInactive: true } });
