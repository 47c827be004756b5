import { z } from 'zod';
import { PageQuery, pageOf } from './page.ts';

/**
 * The company's three forms (issue 14): Contact Us, Send feedback and Nominate a space. What is
 * sent is stored, confirmed to the sender by email and listed for administrators.
 */

/** Which form a submission came from. */
export const SubmissionKind = z.enum(['CONTACT', 'FEEDBACK', 'NOMINATION']).meta({ id: 'SubmissionKind' });
/** @see SubmissionKind */
export type SubmissionKind = z.infer<typeof SubmissionKind>;

/** Limits the forms and the API share. */
export const FORM_LIMITS = { name: 100, email: 254, subject: 150, message: 5000, messageMin: 10, url: 500 } as const;

/** Topics of the contact form. */
export const CONTACT_TOPICS = ['General question', 'My account', 'Capture services', 'Press', 'Partnerships', 'Privacy'] as const;
/** What a piece of feedback is about. */
export const FEEDBACK_TOPICS = ['Idea', 'Problem', 'Praise', 'Other'] as const;

const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, { error: `Please enter ${label}.`, abort: true })
    .min(min, { error: `Please write at least ${min} characters.`, abort: true })
    .max(max, `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} must be at most ${max} characters.`);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();
const email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, { error: 'Please enter your email address.', abort: true })
  .max(FORM_LIMITS.email, 'Please enter a valid email address.')
  .pipe(z.email('Please enter a valid email address.'));
const message = (label: string) => text(label, FORM_LIMITS.message, FORM_LIMITS.messageMin);
/** A link; without an http(s) scheme it gets https:// (spec 5). */
const httpUrl = z
  .string({ error: 'Please enter the link to the space.' })
  .trim()
  .min(1, { error: 'Please enter the link to the space.', abort: true })
  .max(FORM_LIMITS.url, `The link must be at most ${FORM_LIMITS.url} characters.`)
  .transform((u) => (/^https?:\/\//i.test(u) ? u : `https://${u}`))
  .refine((u) => {
    try {
      return ['http:', 'https:'].includes(new URL(u).protocol);
    } catch {
      return false;
    }
  }, 'Please enter a valid link, such as https://example.com/space.');

/** The honeypot: a field people never see and never fill; bots that fill it are answered as if accepted, and nothing is kept. */
export const HONEYPOT_FIELD = 'website';
const honeypot = { [HONEYPOT_FIELD]: z.string().max(2000).optional() };

/** Body of POST /api/forms/contact/. */
export const ContactInput = z
  .object({
    name: text('your name', FORM_LIMITS.name),
    email,
    topic: z.enum(CONTACT_TOPICS, { error: 'Please choose a topic.' }),
    message: message('your message'),
    ...honeypot,
  })
  .meta({ id: 'ContactInput' });
/** @see ContactInput */
export type ContactInput = z.infer<typeof ContactInput>;

/** Body of POST /api/forms/feedback/. */
export const FeedbackInput = z
  .object({
    topic: z.enum(FEEDBACK_TOPICS, { error: 'Please choose what your feedback is about.' }),
    message: message('your feedback'),
    /** Where the reply goes; signed-in people's own address when left out. */
    email: email.optional(),
    name: optionalText(FORM_LIMITS.name),
    /** The page the feedback is about. */
    page: optionalText(FORM_LIMITS.url),
    ...honeypot,
  })
  .meta({ id: 'FeedbackInput' });
/** @see FeedbackInput */
export type FeedbackInput = z.infer<typeof FeedbackInput>;

/** Body of POST /api/forms/nominate/. */
export const NominationInput = z
  .object({
    spaceUrl: httpUrl,
    spaceName: optionalText(FORM_LIMITS.subject),
    reason: message('why this space should be featured'),
    name: text('your name', FORM_LIMITS.name),
    email,
    ...honeypot,
  })
  .meta({ id: 'NominationInput' });
/** @see NominationInput */
export type NominationInput = z.infer<typeof NominationInput>;

/** What the sender is told (and shown on the page). */
export const SubmissionReceipt = z
  .object({ id: z.string(), kind: SubmissionKind, message: z.string(), email: z.string().nullable() })
  .meta({ id: 'SubmissionReceipt' });
/** @see SubmissionReceipt */
export type SubmissionReceipt = z.infer<typeof SubmissionReceipt>;

/** The confirmation each form shows after sending. */
export const SUBMISSION_CONFIRMATION: Record<SubmissionKind, string> = {
  CONTACT: 'Thank you, your message has been sent. We answer within one working day.',
  FEEDBACK: 'Thank you for your feedback. Our team reads every message.',
  NOMINATION: 'Thank you for your nomination. Our editors look at every space nominated.',
};

/** One stored submission as administrators see it. */
export const Submission = z
  .object({
    id: z.string(),
    kind: SubmissionKind,
    name: z.string().nullable(),
    email: z.string().nullable(),
    /** The topic (contact, feedback) or the nominated space's name. */
    subject: z.string().nullable(),
    message: z.string(),
    /** The nominated space's link, or the page feedback is about. */
    url: z.string().nullable(),
    userId: z.string().nullable(),
    createdAt: z.string(),
    handledAt: z.string().nullable(),
    handledBy: z.string().nullable(),
  })
  .meta({ id: 'Submission' });
/** @see Submission */
export type Submission = z.infer<typeof Submission>;

/** A page of submissions, newest first. */
export const SubmissionPage = pageOf(Submission, 'SubmissionPage');
/** @see SubmissionPage */
export type SubmissionPage = z.infer<typeof SubmissionPage>;

/** Query of GET /admin/api/submission/. */
export const SubmissionQuery = PageQuery.pick({ offset: true, limit: true })
  .extend({
    kind: SubmissionKind.optional(),
    /** `open` (not handled yet), `handled`, or everything when left out. */
    status: z.enum(['open', 'handled']).optional(),
  })
  .meta({ id: 'SubmissionQuery' });
/** @see SubmissionQuery */
export type SubmissionQuery = z.infer<typeof SubmissionQuery>;

/** Body of POST /admin/api/submission/{id}/handled/. */
export const SubmissionHandledInput = z.object({ handled: z.boolean() }).meta({ id: 'SubmissionHandledInput' });
/** @see SubmissionHandledInput */
export type SubmissionHandledInput = z.infer<typeof SubmissionHandledInput>;
