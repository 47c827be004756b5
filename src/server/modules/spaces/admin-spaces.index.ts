import { createRouter } from '../../router.ts';
import * as h from './admin-spaces.handlers.ts';
import * as r from './admin-spaces.routes.ts';

/** Admin space calls under /admin/api/space. Static paths come before /{id}/. */
export const adminSpacesRouter = () =>
  createRouter()
    .openapi(r.getShowViews, h.getShowViews)
    .openapi(r.setShowViews, h.setShowViews)
    .openapi(r.importAll, h.importAll)
    .openapi(r.importSpaces, h.importSpaces)
    .openapi(r.fillCameras, h.fillCameras)
    .openapi(r.search, h.search)
    .openapi(r.updateSlug, h.updateSlug)
    .openapi(r.getSpace, h.getSpace)
    .openapi(r.patchSpace, h.patchSpace);
