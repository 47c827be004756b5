import { createRouter } from '../../router.ts';
import * as h from './admin-moderation.handlers.ts';
import * as r from './admin-moderation.routes.ts';

/** Admin moderation under /admin/api/moderation. */
export const adminModerationRouter = () =>
  createRouter()
    .openapi(r.createRecord, h.createRecord)
    .openapi(r.listRecords, h.listRecords)
    .openapi(r.deleteByItem, h.deleteByItem)
    .openapi(r.deleteRecord, h.deleteRecord);
