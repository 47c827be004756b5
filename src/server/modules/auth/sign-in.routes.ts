import { createRoute, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import { SITE_HOME } from '../../../domain/urls.ts';

const tags = ['Sign-in'];
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const redirect = (description: string) => ({ description, headers: z.object({ Location: z.string(), 'Set-Cookie': z.string().optional() }) });
const Target = z.string().max(2000).optional().meta({ description: 'Where to return afterwards: a path on this site (anything else is ignored)' });
const form = <T extends z.ZodRawShape>(shape: T) => ({
  body: { content: { 'application/x-www-form-urlencoded': { schema: z.object(shape) } }, required: false },
});

/** GET /auth/sign-in: the sign-in page. */
export const signInPage = createRoute({
  method: 'get',
  path: '/auth/sign-in',
  tags,
  summary: 'Sign-in page',
  description: 'Server-rendered form (Email, Password). A signed-in visitor is sent straight to `target`.',
  request: { query: z.object({ target: Target }) },
  responses: { 200: html('The sign-in page'), 303: redirect('Already signed in: go to target') },
});

/** POST /auth/sign-in: the sign-in form post. */
export const signInPost = createRoute({
  method: 'post',
  path: '/auth/sign-in',
  tags,
  summary: 'Sign in (form post)',
  description:
    'On success sets the session cookie and redirects (303) to `target`. Errors re-render the page with the email kept. JSON clients use `POST /auth/api/sign-in/email`.',
  request: {
    query: z.object({ target: Target }),
    ...form({ email: z.string().max(320).optional(), password: z.string().max(1000).optional(), target: Target }),
  },
  responses: {
    303: redirect('Signed in: go to target'),
    400: html('Missing or malformed fields'),
    401: html('Wrong email or password'),
    403: html('Account disabled, email not confirmed yet (a new link is sent), or a cross-site post'),
    429: html('Too many attempts from this address'),
  },
});

/** GET /auth/sign-up: the registration page. */
export const signUpPage = createRoute({
  method: 'get',
  path: '/auth/sign-up',
  tags,
  summary: 'Sign-up page',
  description: 'Server-rendered form (First name, Last name, Email, Password). A signed-in visitor is sent straight to `target`.',
  request: { query: z.object({ target: Target }) },
  responses: { 200: html('The sign-up page'), 303: redirect('Already signed in: go to target') },
});

/** POST /auth/sign-up: the registration form post. */
export const signUpPost = createRoute({
  method: 'post',
  path: '/auth/sign-up',
  tags,
  summary: 'Sign up (form post)',
  description:
    'Checks the fields and the password policy, creates the user with their personal account and emails a confirmation link, which signs them in and leads to `target`. Answers the same "Check your email to continue" page whether the email is new or already has an account (its owner is told by email). JSON clients use `POST /auth/api/sign-up/email`.',
  request: {
    query: z.object({ target: Target }),
    ...form({
      firstName: z.string().max(200).optional(),
      lastName: z.string().max(200).optional(),
      email: z.string().max(320).optional(),
      password: z.string().max(1000).optional(),
      target: Target,
    }),
  },
  responses: {
    200: html('Check your email to continue (new and taken emails alike)'),
    400: html('Missing or malformed fields, or a password the policy refuses'),
    429: html('Too many attempts from this address'),
  },
});

/** POST /auth/sign-out: ends the session. */
export const signOut = createRoute({
  method: 'post',
  path: '/auth/sign-out',
  tags,
  summary: 'Sign out',
  description: `Ends the session and clears its cookie. Answers 204 to fetch callers and 303 to \`target\` (default ${SITE_HOME}) for form posts. Safe to repeat.`,
  request: { query: z.object({ target: Target }) },
  responses: {
    204: { description: 'Signed out' },
    303: redirect('Signed out: go to target'),
    403: { description: 'Cross-site request', content: { 'application/json': { schema: ApiErrorBody } } },
  },
});
