import { createRouter } from '../../router.ts';
import * as h from './admin-featured-tags.handlers.ts';
import * as r from './admin-featured-tags.routes.ts';

/** Admin featured tags under /admin/api/featuredTag. Static paths come before /{id}/. */
export const adminFeaturedTagsRouter = () =>
  createRouter()
    .openapi(r.createFeaturedTag, h.createFeaturedTag)
    .openapi(r.listFeaturedTags, h.listFeaturedTags)
    .openapi(r.deleteFeaturedTags, h.deleteFeaturedTags)
    .openapi(r.activateFeaturedTags, h.activateFeaturedTags)
    .openapi(r.getRandomize, h.getRandomize)
    .openapi(r.putRandomize, h.putRandomize)
    .openapi(r.getFeaturedTag, h.getFeaturedTag)
    .openapi(r.updateFeaturedTag, h.updateFeaturedTag)
    .openapi(r.deleteFeaturedTag, h.deleteFeaturedTag)
    .openapi(r.reorderFeaturedTag, h.reorderFeaturedTag);
