import { createRouter } from '../../router.ts';
import * as h from './session.handlers.ts';
import * as r from './session.routes.ts';

/** The session user and first-use preparation (a person’s flags are set under /admin/api/user). */
export const sessionRouter = () => createRouter().openapi(r.sessionUser, h.getSessionUser).openapi(r.construct, h.getConstruct);
