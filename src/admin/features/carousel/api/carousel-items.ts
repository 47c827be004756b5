import type { AdminCarouselItem } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { orderedResource } from '../../../lib/ordered-resource.ts';
import { carouselKeys } from './keys.ts';

/**
 * The carousel slides (/admin/api/fci/): every slide in display order, inactive ones included, with
 * what the public carousel shows (`preview`, null when it drops the slide); a new slide goes last.
 */
export const carouselItems = orderedResource<AdminCarouselItem>({
  keys: carouselKeys,
  calls: {
    list: () => adminHttp()('GET', '/admin/api/fci/', { query: { includeInactive: true } }),
    activate: (input) => adminHttp()('PUT', '/admin/api/fci/activate/', { body: input }),
    remove: (ids) => adminHttp()('DELETE', '/admin/api/fci/', { body: ids }),
    reorder: ({ id, position }) => adminHttp()('PATCH', '/admin/api/fci/{id}/reorder/', { params: { id }, body: { position } }),
  },
});
