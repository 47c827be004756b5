import { createRouter } from '../../router.ts';
import * as h from './collections-write.handlers.ts';
import * as r from './collections-write.routes.ts';

/** The signed-in user's collection writes under /api/content/collection: only their own collections. */
export const collectionsWriteRouter = () =>
  createRouter()
    .openapi(r.createCollection, h.createCollection)
    .openapi(r.deleteCollections, h.deleteCollections)
    .openapi(r.putCollection, h.putCollection)
    .openapi(r.patchCollection, h.patchCollection)
    .openapi(r.deleteCollection, h.deleteCollection)
    .openapi(r.renameCollection, h.renameCollection)
    .openapi(r.addToCollection, h.addToCollection)
    .openapi(r.removeFromCollection, h.removeFromCollection);
