import { createRouter } from '../../router.ts';
import * as h from './spaces-write.handlers.ts';
import * as r from './spaces-write.routes.ts';

/** Owners' space writes under /api/content/space. */
export const spacesWriteRouter = () => createRouter().openapi(r.patchSpace, h.patchSpace).openapi(r.prepareSpace, h.prepareSpace);
