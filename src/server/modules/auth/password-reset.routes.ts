import { createRoute, z } from '@hono/zod-openapi';
import { MAX_EMAIL, MAX_PASSWORD } from '../../../domain/auth-inputs.ts';

const tags = ['Sign-in'];
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const Target = z.string().max(2000).optional().meta({ description: 'Where to return after signing in: a path on this site (anything else is ignored)' });
const form = <T extends z.ZodRawShape>(shape: T) => ({
  body: { content: { 'application/x-www-form-urlencoded': { schema: z.object(shape) } }, required: false },
});

/** GET /auth/forgot-password: the "Reset your password" page. */
export const forgotPasswordPage = createRoute({
  method: 'get',
  path: '/auth/forgot-password',
  tags,
  summary: 'Reset your password (page)',
  description: 'Server-rendered form (Email) that asks for a password-reset link. Linked as "Forgot password?" from the sign-in page.',
  request: { query: z.object({ target: Target }) },
  responses: { 200: html('The "Reset your password" page') },
});

/** POST /auth/forgot-password: asks for a reset link. */
export const forgotPasswordPost = createRoute({
  method: 'post',
  path: '/auth/forgot-password',
  tags,
  summary: 'Ask for a password-reset link (form post)',
  description:
    'Emails a single-use link, good for 30 minutes (carrying `target`), to the address when it has an account. Answers the same "Check your email" page and status whether or not it has one, never sooner than 300 ms after the request. Rate-limited like sign-in. JSON clients use `POST /auth/api/request-password-reset`.',
  request: {
    query: z.object({ target: Target }),
    ...form({
      email: z
        .string()
        .max(MAX_EMAIL + 100)
        .optional(),
      target: Target,
    }),
  },
  responses: {
    200: html('Check your email (whether or not the address has an account)'),
    400: html('A missing or malformed email'),
    429: html('Too many attempts from this address'),
  },
});

/** GET /auth/reset-password: the page a reset link opens. */
export const resetPasswordPage = createRoute({
  method: 'get',
  path: '/auth/reset-password',
  tags,
  summary: 'Choose a new password (page)',
  description:
    'The page the emailed link opens: New password, under the sign-up password policy. A used, unknown or expired token shows the "Reset your password" page instead (400).',
  request: { query: z.object({ token: z.string().max(200).optional(), target: Target }) },
  responses: { 200: html('The "Choose a new password" page'), 400: html('The link has expired or has already been used') },
});

/** POST /auth/reset-password: sets the new password. */
export const resetPasswordPost = createRoute({
  method: 'post',
  path: '/auth/reset-password',
  tags,
  summary: 'Set a new password (form post)',
  description:
    'Sets the new password once per link (the password policy of sign-up applies), signs the account out everywhere, and redirects (303) to the sign-in page, which then leads to `target`. Rate-limited like sign-in. JSON clients use `POST /auth/api/reset-password`.',
  request: {
    ...form({
      token: z.string().max(200).optional(),
      newPassword: z
        .string()
        .max(MAX_PASSWORD * 8)
        .optional(),
      target: Target,
    }),
  },
  responses: {
    303: { description: 'Password changed: sign in', headers: z.object({ Location: z.string() }) },
    400: html('A password the policy refuses, or a link that has expired or has already been used'),
    429: html('Too many attempts from this address'),
  },
});
