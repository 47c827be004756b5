import { createRouter } from '../../router.ts';
import { getConsentCookie } from './consent.handlers.ts';
import * as r from './consent.routes.ts';

/** The cookie banner's ping. */
export const consentRouter = () => createRouter().openapi(r.consentCookie, getConsentCookie);
