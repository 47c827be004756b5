import type { Kysely } from 'kysely';
import { SITE_BASE } from '../../../domain/urls.ts';
import { SUBMISSION_CONFIRMATION, type Submission, type SubmissionKind } from '../../../domain/forms.ts';
import { clockOf } from '../../platform/clock.ts';
import type { Deps, SessionUser } from '../../context.ts';
import type { FormSubmissionsTable } from '../../db/schema/forms.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../platform/errors.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { enqueueEmail } from '../../platform/outbox/outbox.ts';
import { timeOrderedId } from '../../platform/ids.ts';
import { rateLimitsOf } from '../../platform/rate-limit.ts';

/** At most this many submissions per address, and per signed-in person, in `RATE_WINDOW_MS` (all three forms together). */
export const RATE_LIMIT = 5;
/** The rate limit's window: 10 minutes. */
export const RATE_WINDOW_MS = 10 * 60 * 1000;

/** The message of a refused submission (429). */
export const RATE_LIMIT_MESSAGE = 'You have sent several messages in a short time. Please wait a few minutes and try again.';

/** What a form hands over to be stored, already validated. */
export interface NewSubmission {
  kind: SubmissionKind;
  name: string | null;
  email: string | null;
  subject: string | null;
  message: string;
  url: string | null;
}

const FORM_NAMES: Record<SubmissionKind, string> = { CONTACT: 'Contact Us', FEEDBACK: 'Send feedback', NOMINATION: 'Nominate a space' };

/** The confirmation email to the sender: what they sent, and what happens next. */
export function confirmationEmail(s: NewSubmission & { id: string; email: string }, publicOrigin: string): MailMessage {
  const greeting = s.name ? `Hello ${s.name},` : 'Hello,';
  const what: Record<SubmissionKind, string> = {
    CONTACT: 'We received your message and will answer within one working day.',
    FEEDBACK: 'We received your feedback. Our team reads every message; we write back when we have a question.',
    NOMINATION: 'We received your nomination. Our editors look at every space nominated and write to you if it is featured.',
  };
  const subject: Record<SubmissionKind, string> = {
    CONTACT: 'We received your message',
    FEEDBACK: 'Thank you for your feedback',
    NOMINATION: 'Thank you for your nomination',
  };
  const lines = [
    greeting,
    '',
    what[s.kind],
    '',
    `What you sent through ${FORM_NAMES[s.kind]} (reference ${s.id}):`,
    ...(s.subject ? [`Subject: ${s.subject}`] : []),
    ...(s.url ? [`Link: ${s.url}`] : []),
    '',
    ...s.message.split('\n').map((l) => `> ${l}`),
    '',
    `Help & Support: ${publicOrigin}${SITE_BASE}/help/`,
  ];
  return { to: s.email, subject: `${subject[s.kind]} | Discover`, text: lines.join('\n') };
}

/**
 * Stores a submission and queues its confirmation email in one transaction, after checking the
 * rate limit (per address and per signed-in person, in the app's one rate-limit store, so it holds
 * across restarts and API replicas). Answers the stored row's id.
 */
export async function storeSubmission(deps: Deps, input: NewSubmission, sender: { ip: string; user: SessionUser | null }): Promise<string> {
  const clock = clockOf(deps);
  const now = clock.now();
  const rule = { window: RATE_WINDOW_MS / 1000, max: RATE_LIMIT };
  const keys = [`forms:ip:${sender.ip}`, ...(sender.user ? [`forms:user:${sender.user.id}`] : [])];
  let allowed = true;
  for (const key of keys) if (!(await rateLimitsOf(deps).consume(key, rule)).allowed) allowed = false;
  if (!allowed) throw new ApiError('RATE_LIMITED', RATE_LIMIT_MESSAGE, { limit: RATE_LIMIT, windowSeconds: rule.window }, { retry: true });
  const db = deps.db.kysely;
  return db.transaction().execute(async (tx) => {
    const id = `sub_${timeOrderedId(now.getTime())}`;
    const row: FormSubmissionsTable = {
      id,
      ...input,
      userId: sender.user?.id ?? null,
      ip: sender.ip,
      createdAt: now.toISOString(),
      handledAt: null,
      handledBy: null,
    };
    await tx.insertInto('form_submissions').values(row).execute();
    if (input.email)
      await enqueueEmail(
        tx,
        `form.${input.kind.toLowerCase()}.received`,
        confirmationEmail({ ...input, id, email: input.email }, deps.env.publicOrigin),
        clock,
      );
    return id;
  });
}

/** The confirmation shown on the page. */
export const confirmationText = (kind: SubmissionKind): string => SUBMISSION_CONFIRMATION[kind];

/** A stored row as administrators see it. */
export const toSubmission = (r: FormSubmissionsTable): Submission => ({
  id: r.id,
  kind: r.kind as SubmissionKind,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  url: r.url,
  userId: r.userId,
  createdAt: r.createdAt,
  handledAt: r.handledAt,
  handledBy: r.handledBy,
});

/** Submissions newest first, by kind and status, one page; with the total. */
export async function listSubmissions(
  db: Kysely<Database>,
  q: { kind?: SubmissionKind | undefined; status?: 'open' | 'handled' | undefined; offset: number; limit: number },
): Promise<{ rows: FormSubmissionsTable[]; total: number }> {
  const base = db
    .selectFrom('form_submissions')
    .$if(q.kind !== undefined, (b) => b.where('kind', '=', q.kind ?? ''))
    .$if(q.status === 'open', (b) => b.where('handledAt', 'is', null))
    .$if(q.status === 'handled', (b) => b.where('handledAt', 'is not', null));
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** One submission by id, or undefined. */
export async function findSubmission(db: Kysely<Database>, id: string): Promise<FormSubmissionsTable | undefined> {
  return db.selectFrom('form_submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a submission handled (at, by) or open again (null, null). */
export async function setSubmissionHandled(db: Kysely<Database>, id: string, handledAt: string | null, handledBy: string | null): Promise<void> {
  await db.updateTable('form_submissions').set({ handledAt, handledBy }).where('id', '=', id).execute();
}
