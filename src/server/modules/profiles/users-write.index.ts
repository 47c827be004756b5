import { createRouter } from '../../router.ts';
import * as h from './users-write.handlers.ts';
import * as r from './users-write.routes.ts';

/** The signed-in user's writes under /api/content/user: their own profile ("me") and follows. */
export const usersWriteRouter = () =>
  createRouter()
    .openapi(r.postMyProfile, h.postMyProfile)
    .openapi(r.putMySocialMedia, h.putMySocialMedia)
    .openapi(r.putMyAttachment, h.putMyAttachment)
    .openapi(r.deleteMyAttachment, h.deleteMyAttachment)
    .openapi(r.putFollow, h.putFollow);
