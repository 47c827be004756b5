import { createRouter } from '../../router.ts';
import * as h from './session.handlers.ts';
import * as r from './session.routes.ts';

/** The session user, first-use preparation, and the admin flags call. */
export const sessionRouter = () =>
  createRouter().openapi(r.sessionUser, h.getSessionUser).openapi(r.construct, h.getConstruct).openapi(r.setUserFlags, h.putUserFlags);
