import type { AdminCarouselItem } from '../../../../domain/admin.ts';
import { orderedResource } from '../../../lib/ordered-resource.ts';
import { carouselKeys } from './keys.ts';

/**
 * The carousel slides (/admin/api/fci/): every slide in display order, inactive ones included, with
 * what the public carousel shows (`preview`, null when it drops the slide); a new slide goes last.
 */
export const carouselItems = orderedResource<AdminCarouselItem>({ path: '/admin/api/fci/', keys: carouselKeys, listQuery: { includeInactive: true } });
