import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HONEYPOT_FIELD, type SubmissionReceipt } from '../../../domain/forms.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import { withAudit } from '../../platform/audit.ts';
import { requireAdmin } from '../auth/guards.ts';
import { clockOf } from '../../platform/clock.ts';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../platform/errors.ts';
import { confirmationText, findSubmission, listSubmissions, setSubmissionHandled, storeSubmission, toSubmission, type NewSubmission } from './submissions.ts';
import { clientIp } from '../../platform/client-ip.ts';
import { timeOrderedId } from '../../platform/ids.ts';
import type * as r from './forms.routes.ts';

/**
 * Stores one submission and answers the receipt. A filled honeypot gets the same answer with a
 * made-up id, and nothing is stored or sent (a bot learns nothing from the answer).
 */
async function submit(c: Context<AppEnv>, input: NewSubmission, honeypot: string | undefined): Promise<SubmissionReceipt> {
  c.header('Cache-Control', 'no-store');
  const receipt = (id: string): SubmissionReceipt => ({ id, kind: input.kind, message: confirmationText(input.kind), email: input.email });
  // The made-up id has the shape of a real one.
  if (honeypot?.trim()) return receipt(`sub_${timeOrderedId(clockOf(c.get('deps')).now().getTime())}`);
  const id = await storeSubmission(c.get('deps'), input, { ip: clientIp(c) ?? 'unknown', user: c.get('user') });
  return receipt(id);
}

const trimmed = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** POST /api/forms/contact/ */
export const postContact: RouteHandler<typeof r.postContact, AppEnv> = async (c) => {
  const b = c.req.valid('json');
  const input: NewSubmission = { kind: 'CONTACT', name: b.name, email: b.email.toLowerCase(), subject: b.topic, message: b.message, url: null };
  return c.json(await submit(c, input, b[HONEYPOT_FIELD]), 200);
};

/** POST /api/forms/feedback/ */
export const postFeedback: RouteHandler<typeof r.postFeedback, AppEnv> = async (c) => {
  const b = c.req.valid('json');
  const user = c.get('user');
  const email = (b.email ?? user?.email ?? null)?.toLowerCase() ?? null;
  const name = trimmed(b.name) ?? (user ? `${user.firstName} ${user.lastName}`.trim() || null : null);
  const input: NewSubmission = { kind: 'FEEDBACK', name, email, subject: b.topic, message: b.message, url: trimmed(b.page) };
  return c.json(await submit(c, input, b[HONEYPOT_FIELD]), 200);
};

/** POST /api/forms/nominate/ */
export const postNomination: RouteHandler<typeof r.postNomination, AppEnv> = async (c) => {
  const b = c.req.valid('json');
  const input: NewSubmission = {
    kind: 'NOMINATION',
    name: b.name,
    email: b.email.toLowerCase(),
    subject: trimmed(b.spaceName),
    message: b.reason,
    url: b.spaceUrl,
  };
  return c.json(await submit(c, input, b[HONEYPOT_FIELD]), 200);
};

/** GET /admin/api/submission/ */
export const getSubmissions: RouteHandler<typeof r.getSubmissions, AppEnv> = async (c) => {
  requireAdmin(c);
  const q = c.req.valid('query');
  const w = resolveWindow(q, 25);
  const { rows, total } = await listSubmissions(c.get('deps').db.kysely, { kind: q.kind, status: q.status, ...w });
  c.header('Cache-Control', 'no-store');
  return c.json(makePage(rows.map(toSubmission), total, w), 200);
};

/** POST /admin/api/submission/{submissionId}/handled/ */
export const postSubmissionHandled: RouteHandler<typeof r.postSubmissionHandled, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { submissionId } = c.req.valid('param');
  const { handled } = c.req.valid('json');
  const deps = c.get('deps');
  const now = clockOf(deps).now().toISOString();
  const result = await withAudit(deps, admin, { type: 'SUBMISSION', action: handled ? 'HANDLE' : 'REOPEN' }, async (tx) => {
    const db = tx;
    const before = await findSubmission(db, submissionId);
    if (!before) throw notFound('Submission');
    const was = before.handledAt !== null;
    if (was === handled) return { from: null, to: null, result: toSubmission(before), noop: true };
    const after = { ...before, handledAt: handled ? now : null, handledBy: handled ? admin.id : null };
    await setSubmissionHandled(db, submissionId, after.handledAt, after.handledBy);
    return {
      from: { id: submissionId, kind: before.kind, handledAt: before.handledAt },
      to: { id: submissionId, kind: before.kind, handledAt: after.handledAt },
      result: toSubmission(after),
    };
  });
  return c.json(result, 200);
};
