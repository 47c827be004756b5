import { createRouter } from '../../router.ts';
import * as h from './admin-tags.handlers.ts';
import * as r from './admin-tags.routes.ts';

/** Admin tags under /admin/api/tag. */
export const adminTagsRouter = () => createRouter().openapi(r.createTag, h.createTag).openapi(r.listTags, h.listTags);
