import { getMyLeads as getMine, listAuthorizedSpaces as listSpaces, requestAccess as postLead } from '../../client/marketplace.ts';
import type { AuthorizedSpacePage, LeadInput, LeadReceipt, MyLeads } from '../../domain/marketplace.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';

/** The signed-in user's authorized spaces (own, and organizations' they own), by name; `q` searches. */
export const listAuthorizedSpaces = (query: { q?: string | undefined; offset?: number; limit?: number }): Promise<AuthorizedSpacePage> =>
  listSpaces(browserHttp(), query);

/** Sends a request for access (a lead) to the app's partner; 201 means stored and handed over. */
export const requestAccess = (slug: string, input: LeadInput): Promise<LeadReceipt> => postLead(browserHttp(), slug, input);

/** Whether the signed-in user already requested access to the app. */
export const getMyLeads = (slug: string): Promise<MyLeads> => getMine(browserHttp(), slug);
