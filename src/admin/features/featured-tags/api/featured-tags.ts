import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { orderedResource } from '../../../lib/ordered-resource.ts';
import { featuredTagKeys } from './keys.ts';

/**
 * The featured tags (/admin/api/featuredTag/): every one in priority order (the order reorder works
 * on), without space previews; a new featured tag goes last.
 */
export const featuredTags = orderedResource<FeaturedTag>({
  keys: featuredTagKeys,
  calls: {
    list: () => adminHttp()('GET', '/admin/api/featuredTag/', { query: { spacesLimit: 0 } }),
    activate: (input) => adminHttp()('PUT', '/admin/api/featuredTag/activate/', { body: input }),
    remove: (ids) => adminHttp()('DELETE', '/admin/api/featuredTag/', { body: ids }),
    reorder: ({ id, position }) => adminHttp()('PATCH', '/admin/api/featuredTag/{id}/reorder/', { params: { id }, body: { position } }),
  },
});
