import { createRouter } from '../../router.ts';
import * as h from './accounts.handlers.ts';
import * as r from './accounts.routes.ts';
import { accountsWriteRouter } from './accounts-write.index.ts';

/** Public account reads under /api/content/account. */
export const accountsRouter = () =>
  createRouter()
    .openapi(r.listAccounts, h.listAccounts)
    .openapi(r.postAccountSpaces, h.postAccountSpaces)
    .openapi(r.getAccountProfile, h.getAccountProfile)
    .openapi(r.getAccountSpaces, h.getAccountSpaces)
    .route('/', accountsWriteRouter());
