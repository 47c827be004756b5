import { EMAIL_MESSAGE, firstErrors, ForgotPasswordInput, PASSWORD_LENGTH_MESSAGE, ResetPasswordInput } from '../../../domain/auth-inputs.ts';
import { forgotPasswordPage, resetPasswordPage, resetRequestedPage, type AuthPageState, type ResetPageState } from './pages.ts';
import { DEFAULT_TARGET, safeTarget } from './target.ts';
import { callAuth, fields, page, PAGE_HEADERS, requireAuth, retryAfter, targetOf, tooMany, type C } from './sign-in.handlers.ts';

/** What the "Reset your password" page says when a reset link no longer works. */
const LINK_GONE = 'This password-reset link has expired or has already been used. Enter your email to get a new one.';

/** GET /auth/forgot-password: the "Reset your password" page. */
export const getForgotPassword = (c: C) => page(c, forgotPasswordPage, { target: safeTarget(c.req.query('target')) });

/**
 * POST /auth/forgot-password: asks better-auth for a reset link (rate-limited like sign-in) and
 * answers "Check your email" — the same page and status whether or not the address has an account;
 * better-auth does comparable work for both and the email leaves through the outbox afterwards.
 */
export const postForgotPassword = async (c: C) => {
  const auth = requireAuth(c);
  const f = await fields(c);
  const target = targetOf(c, f);
  const email = (f['email'] ?? '').trim();
  const state = (e: Record<string, string>): AuthPageState => ({ target, values: { email }, errors: e });
  const input = ForgotPasswordInput.safeParse({ email });
  if (!input.success) return page(c, forgotPasswordPage, state(firstErrors(input.error)), 400);

  const { res, code } = await callAuth(c, auth, '/request-password-reset', { email: input.data.email, redirectTo: target }, false);
  if (res.ok) return c.html(resetRequestedPage(input.data.email, target), 200, PAGE_HEADERS);
  if (res.status === 429) return page(c, forgotPasswordPage, state({ form: tooMany(res) }), 429, { 'Retry-After': retryAfter(res) });
  if (res.status === 400 && (code === 'VALIDATION_ERROR' || code === 'INVALID_EMAIL')) return page(c, forgotPasswordPage, state({ email: EMAIL_MESSAGE }), 400);
  if (res.status === 403) return page(c, forgotPasswordPage, state({ form: 'The request was refused for this page. Reload it and try again.' }), 403);
  return page(c, forgotPasswordPage, state({ form: 'The reset link could not be sent. Try again, or contact support if the problem persists.' }), 500);
};

/** The "Reset your password" page saying the link is gone, ready to ask for a new one. */
const linkGone = (c: C, target: string) => page(c, forgotPasswordPage, { target, errors: { form: LINK_GONE } }, 400);

/** GET /auth/reset-password?token=…: the "Choose a new password" page, or "ask for a new link" when the token no longer works. */
export const getResetPassword = async (c: C) => {
  const auth = requireAuth(c);
  const token = c.req.query('token') ?? '';
  const target = safeTarget(c.req.query('target'));
  const account = await auth.resetTokenAccount(token);
  if (!account) return linkGone(c, target);
  return page(c, resetPasswordPage, { token, email: account.email, target });
};

/**
 * POST /auth/reset-password: sets the new password through better-auth (the token works once,
 * the whole password policy applies, every session of the person ends) and sends them to sign in.
 */
export const postResetPassword = async (c: C) => {
  const auth = requireAuth(c);
  const f = await fields(c);
  const token = f['token'] ?? '';
  const target = targetOf(c, f);
  const account = await auth.resetTokenAccount(token);
  if (!account) return linkGone(c, target);
  const state = (e: Record<string, string>): ResetPageState => ({ token, email: account.email, target, errors: e });
  const input = ResetPasswordInput.safeParse({ token, newPassword: f['newPassword'] ?? '' });
  if (!input.success) return page(c, resetPasswordPage, state(firstErrors(input.error)), 400);

  const { res, code, message } = await callAuth(c, auth, '/reset-password', input.data, false);
  if (res.ok) {
    c.header('Cache-Control', 'no-store');
    return c.redirect(`/auth/sign-in?reset=done${target === DEFAULT_TARGET ? '' : `&target=${encodeURIComponent(target)}`}`, 303);
  }
  if (res.status === 429) return page(c, resetPasswordPage, state({ form: tooMany(res) }), 429, { 'Retry-After': retryAfter(res) });
  if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') return page(c, resetPasswordPage, state({ newPassword: PASSWORD_LENGTH_MESSAGE }), 400);
  if (code?.startsWith('PASSWORD_') && message) return page(c, resetPasswordPage, state({ newPassword: message }), 400);
  // Used a moment ago in another tab, or expired while the page was open.
  if (code === 'INVALID_TOKEN') return linkGone(c, target);
  if (res.status === 403) return page(c, resetPasswordPage, state({ form: 'The request was refused for this page. Reload it and try again.' }), 403);
  return page(c, resetPasswordPage, state({ form: 'Your password could not be changed. Try again, or contact support if the problem persists.' }), 500);
};
