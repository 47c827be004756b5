import { createRouter } from '../../router.ts';
import * as h from './admin-banners.handlers.ts';
import * as r from './admin-banners.routes.ts';

/** Admin pencil banners under /admin/api/banner. Static paths come before /{id}/. */
export const adminBannersRouter = () =>
  createRouter()
    .openapi(r.createBanner, h.createBanner)
    .openapi(r.listBanners, h.listBanners)
    .openapi(r.deleteBanners, h.deleteBanners)
    .openapi(r.activateBanners, h.activateBanners)
    .openapi(r.getBanner, h.getBanner)
    .openapi(r.updateBanner, h.updateBanner)
    .openapi(r.deleteBanner, h.deleteBanner);
