import type { ContactInput, FeedbackInput, NominationInput, SubmissionReceipt } from '../domain/forms.ts';
import type { ApiInit } from './api-contract.ts';
import type { Http } from './http.ts';

/** The site's small write calls: the company forms, analytics batches and the consent ping. */

/** Sends the Contact Us form; the API checks the fields and stores the submission. */
export const submitContactForm = (http: Http, body: ContactInput): Promise<SubmissionReceipt> => http('POST', '/api/forms/contact/', { body });

/** Sends the feedback form. */
export const submitFeedbackForm = (http: Http, body: FeedbackInput): Promise<SubmissionReceipt> => http('POST', '/api/forms/feedback/', { body });

/** Sends a space nomination. */
export const submitNominationForm = (http: Http, body: NominationInput): Promise<SubmissionReceipt> => http('POST', '/api/forms/nominate/', { body });

/** A batch of analytics events as the collector takes it. */
export type AnalyticsBatch = NonNullable<ApiInit<'POST', '/api/analytics/events'>['options']['body']>;

/** Sends a batch of analytics events; `keepalive`, so a batch sent as the page goes away still leaves. */
export async function sendAnalytics(http: Http, batch: AnalyticsBatch): Promise<void> {
  await http('POST', '/api/analytics/events', { body: batch, keepalive: true });
}

/** Tells the server that the consent state is (re)known (spec 7): no payload, a 204. */
export async function pingConsent(http: Http): Promise<void> {
  await http('GET', '/api/mp/consent-cookie');
}
