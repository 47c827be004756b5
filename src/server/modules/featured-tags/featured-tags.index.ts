import { createRouter } from '../../router.ts';
import * as h from './featured-tags.handlers.ts';
import * as r from './featured-tags.routes.ts';

/** Public featured-tag reads under /api/content/featuredTag. */
export const featuredTagsRouter = () =>
  createRouter()
    .openapi(r.listFeaturedTags, h.listFeaturedTags)
    .openapi(r.listFeaturedTagNames, h.listFeaturedTagNames)
    .openapi(r.getFeaturedTag, h.getFeaturedTag);
