import { createRouter } from '../../router.ts';
import * as h from './admin-collections.handlers.ts';
import * as r from './admin-collections.routes.ts';

/** Admin collections under /admin/api/collection. Static paths come before /{id}/. */
export const adminCollectionsRouter = () =>
  createRouter()
    .openapi(r.createCollection, h.createCollection)
    .openapi(r.listCollections, h.listCollections)
    .openapi(r.deleteCollections, h.deleteCollectionsBulk)
    .openapi(r.searchCollections, h.searchCollections)
    .openapi(r.activateCollections, h.activateCollections)
    .openapi(r.markAdmin, h.markAdmin)
    .openapi(r.construct, h.construct)
    .openapi(r.getCollection, h.getCollection)
    .openapi(r.putCollection, h.putCollection)
    .openapi(r.patchCollection, h.patchCollection)
    .openapi(r.deleteCollection, h.deleteCollection)
    .openapi(r.reorderChildren, h.reorderChildren);
