import { createRouter } from '../../router.ts';
import * as h from './admin-fci.handlers.ts';
import * as r from './admin-fci.routes.ts';

/** Admin featured-carousel slides under /admin/api/fci. Static paths come before /{id}/. */
export const adminCarouselRouter = () =>
  createRouter()
    .openapi(r.createItem, h.createItem)
    .openapi(r.listItems, h.listItems)
    .openapi(r.deleteItems, h.deleteItems)
    .openapi(r.activateItems, h.activateItems)
    .openapi(r.getItem, h.getItem)
    .openapi(r.updateItem, h.updateItem)
    .openapi(r.deleteItem, h.deleteItem)
    .openapi(r.reorderItem, h.reorderItem);
