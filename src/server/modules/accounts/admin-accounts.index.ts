import { createRouter } from '../../router.ts';
import * as h from './admin-accounts.handlers.ts';
import * as r from './admin-accounts.routes.ts';

/** Admin account calls under /admin/api/account. */
export const adminAccountsRouter = () =>
  createRouter()
    .openapi(r.importAll, h.importAll)
    .openapi(r.search, h.search)
    .openapi(r.updateStatusAll, h.updateStatusAll)
    .openapi(r.updateStatus, h.updateStatus);
