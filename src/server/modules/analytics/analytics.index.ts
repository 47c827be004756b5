import { createRouter } from '../../router.ts';
import { postEvents } from './analytics.handlers.ts';
import * as r from './analytics.routes.ts';

/** The first-party analytics collector. */
export const analyticsRouter = () => createRouter().openapi(r.collectEvents, postEvents);
