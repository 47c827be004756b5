import { createRoute, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import {
  ContactInput,
  FeedbackInput,
  NominationInput,
  Submission,
  SubmissionHandledInput,
  SubmissionPage,
  SubmissionQuery,
  SubmissionReceipt,
} from '../../../domain/forms.ts';
import { adminErrors, adminMiddleware } from '../../platform/admin/openapi.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';

const tags = ['Forms'];
const adminTags = ['Admin submissions'];
const tooMany = {
  429: {
    description: 'Too many submissions from this address or person (5 per 10 minutes); try again later',
    content: { 'application/json': { schema: ApiErrorBody } },
  },
};
const SPAM =
  ' Spam-safe: at most 5 submissions per 10 minutes per address and per signed-in person (all forms together), and a honeypot field ' +
  '`website` that people never see: a request that fills it is answered like any other but nothing is stored or sent.';

/** POST /api/forms/contact/ */
export const postContact = createRoute({
  method: 'post',
  path: '/api/forms/contact/',
  tags,
  summary: 'Contact Us',
  description: `Stores the message and emails the sender a confirmation (through the outbox).${SPAM}`,
  request: jsonBody(ContactInput),
  responses: { ...ok(SubmissionReceipt, 'Stored; `message` is the confirmation to show'), ...errorResponses(400), ...tooMany },
});

/** POST /api/forms/feedback/ */
export const postFeedback = createRoute({
  method: 'post',
  path: '/api/forms/feedback/',
  tags,
  summary: 'Send feedback',
  description: `Stores the feedback; the sender's email (given, or the signed-in person's) gets a confirmation.${SPAM}`,
  request: jsonBody(FeedbackInput),
  responses: { ...ok(SubmissionReceipt, 'Stored; `message` is the confirmation to show'), ...errorResponses(400), ...tooMany },
});

/** POST /api/forms/nominate/ */
export const postNomination = createRoute({
  method: 'post',
  path: '/api/forms/nominate/',
  tags,
  summary: 'Nominate a space',
  description: `Stores the nomination (a link without a scheme gets https://) and emails the sender a confirmation.${SPAM}`,
  request: jsonBody(NominationInput),
  responses: { ...ok(SubmissionReceipt, 'Stored; `message` is the confirmation to show'), ...errorResponses(400), ...tooMany },
});

/** GET /admin/api/submission/ */
export const getSubmissions = createRoute({
  method: 'get',
  path: '/admin/api/submission/',
  tags: adminTags,
  middleware: adminMiddleware,
  summary: 'Form submissions',
  description: 'What was sent through Contact Us, Send feedback and Nominate a space, newest first; filter by `kind` and `status` (open, handled).',
  request: { query: SubmissionQuery },
  responses: { ...ok(SubmissionPage, 'A page of submissions'), ...adminErrors() },
});

/** POST /admin/api/submission/{submissionId}/handled/ */
export const postSubmissionHandled = createRoute({
  method: 'post',
  path: '/admin/api/submission/{submissionId}/handled/',
  tags: adminTags,
  middleware: adminMiddleware,
  summary: 'Mark a submission handled (or open again)',
  description: 'Audited (type SUBMISSION, action HANDLE or REOPEN).',
  request: { params: z.object({ submissionId: z.string().min(1).max(64) }), ...jsonBody(SubmissionHandledInput) },
  responses: { ...ok(Submission, 'The submission'), ...adminErrors(404) },
});
