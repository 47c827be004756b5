import { createRouter } from '../../router.ts';
import { listCarousel } from './carousel.handlers.ts';
import * as r from './carousel.routes.ts';

/** The public featured carousel under /api/content/fci. */
export const carouselRouter = () => createRouter().openapi(r.listCarousel, listCarousel);
