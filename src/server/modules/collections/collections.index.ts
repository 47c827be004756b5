import { createRouter } from '../../router.ts';
import * as h from './collections.handlers.ts';
import * as r from './collections.routes.ts';
import { collectionsWriteRouter } from './collections-write.index.ts';

/** Public collection reads under /api/content/collection. Static paths come before /{id}/. */
export const collectionsRouter = () =>
  createRouter()
    .openapi(r.listCollections, h.listCollections)
    .openapi(r.featuredCollections, h.featuredCollections)
    .openapi(r.favoriteCollection, h.favoriteCollection)
    .openapi(r.myCollections, h.myCollections)
    .openapi(r.getCollection, h.getCollection)
    .route('/', collectionsWriteRouter());
