import { createRoute } from '@hono/zod-openapi';

/** GET /api/mp/consent-cookie: the cookie banner's ping (spec 7). */
export const consentCookie = createRoute({
  method: 'get',
  path: '/api/mp/consent-cookie',
  tags: ['Consent'],
  summary: 'Cookie banner ping',
  description:
    'Called whenever the cookie banner mounts or its has-consent state changes. No payload; the answer is not read. ' +
    'It lets a server-side integration see the current `cookie_consent_v3` cookie on a request of its own.',
  responses: { 204: { description: 'Noted' } },
});
