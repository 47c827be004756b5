import { createRouter } from '../../router.ts';
import * as h from './admin-users.handlers.ts';
import * as r from './admin-users.routes.ts';

/** Admin user calls under /admin/api/user. */
export const adminUsersRouter = () =>
  createRouter()
    .openapi(r.updateStatusAll, h.updateStatusAll)
    .openapi(r.updateStatus, h.updateStatus)
    .openapi(r.getUserFlags, h.getUserFlags)
    .openapi(r.setUserFlags, h.setUserFlags);
