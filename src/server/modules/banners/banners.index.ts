import { createRouter } from '../../router.ts';
import { listBanners } from './banners.handlers.ts';
import * as r from './banners.routes.ts';

/** Public pencil banners under /api/content/banner. */
export const bannersRouter = () => createRouter().openapi(r.listBanners, listBanners);
