import { createRouter } from '../../router.ts';
import * as h from './spaces.handlers.ts';
import * as r from './spaces.routes.ts';
import { spacesWriteRouter } from './spaces-write.index.ts';

/** Public space reads and search under /api/content/space. Static paths come before /{id}/. */
export const spacesRouter = () =>
  createRouter()
    .openapi(r.listSpaces, h.listSpaces)
    .openapi(r.recommendedSpaces, h.recommendedSpaces)
    .openapi(r.searchSpaces, h.searchSpaces)
    .openapi(r.searchByCamera, h.searchByCamera)
    .openapi(r.relatedByCamera, h.relatedByCamera)
    .openapi(r.relatedSpaces, h.relatedSpaces)
    .openapi(r.getSpace, h.getSpace)
    .openapi(r.listTags, h.listTags)
    .route('/', spacesWriteRouter());
