import { createRouter } from '../../router.ts';
import * as h from './accounts-write.handlers.ts';
import * as r from './accounts-write.routes.ts';

/** Account profile writes under /api/content/account/{accountId}/profile, for those who may edit the account. */
export const accountsWriteRouter = () =>
  createRouter()
    .openapi(r.postAccountProfile, h.postAccountProfile)
    .openapi(r.putAccountSocialMedia, h.putAccountSocialMedia)
    .openapi(r.putAccountAttachment, h.putAccountAttachment)
    .openapi(r.deleteAccountAttachment, h.deleteAccountAttachment);
