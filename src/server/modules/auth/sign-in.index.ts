import { createRouter } from '../../router.ts';
import { AUTH_API_BASE } from './auth.ts';
import * as h from './sign-in.handlers.ts';
import * as r from './sign-in.routes.ts';
import * as ph from './password-reset.handlers.ts';
import * as pr from './password-reset.routes.ts';

// The pages answer HTML (and redirects), which the JSON-typed OpenAPI handlers do not model.
const untyped = (handler: unknown) => handler as never;

/** The sign-in host: pages and form posts under /auth, better-auth's JSON endpoints under /auth/api. */
export const signInRouter = () => {
  const router = createRouter()
    .openapi(r.signInPage, untyped(h.getSignIn))
    .openapi(r.signInPost, untyped(h.postSignIn))
    .openapi(r.signUpPage, untyped(h.getSignUp))
    .openapi(r.signUpPost, untyped(h.postSignUp))
    .openapi(r.signOut, untyped(h.postSignOut))
    .openapi(pr.forgotPasswordPage, untyped(ph.getForgotPassword))
    .openapi(pr.forgotPasswordPost, untyped(ph.postForgotPassword))
    .openapi(pr.resetPasswordPage, untyped(ph.getResetPassword))
    .openapi(pr.resetPasswordPost, untyped(ph.postResetPassword));
  for (const path of ['/auth/sign-in/', '/auth/sign-up/', '/auth/forgot-password/', '/auth/reset-password/']) {
    router.get(path, (c) => c.redirect(`${path.slice(0, -1)}${new URL(c.req.url).search}`, 301));
  }
  router.on(['GET', 'POST'], `${AUTH_API_BASE}/*`, h.authApi);
  return router;
};
