import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { orderedResource } from '../../../lib/ordered-resource.ts';
import { featuredTagKeys } from './keys.ts';

/**
 * The featured tags (/admin/api/featuredTag/): every one in priority order (the order reorder works
 * on), without space previews; a new featured tag goes last.
 */
export const featuredTags = orderedResource<FeaturedTag>({ path: '/admin/api/featuredTag/', keys: featuredTagKeys, listQuery: { spacesLimit: 0 } });
