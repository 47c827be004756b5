import { z } from 'zod';

/**
 * The sign-in and sign-up forms (the product's own sign-in host, /auth/sign-in and /auth/sign-up):
 * their limits and the messages a visitor sees next to each field. Text fields are trimmed; the
 * password is taken as typed. A field may fail several checks; show its first message only
 * (`firstErrors`), which is why each field checks "missing" before "malformed".
 */

/** Longest first or last name. */
export const MAX_PERSON_NAME = 50;
/** Longest email address (RFC 5321's 64 + 1 + 255, rounded as commonly done). */
export const MAX_EMAIL = 320;
/** Shortest password a new account may have. */
export const MIN_PASSWORD = 8;
/** Longest password (argon2 hashes any length; this bounds the work per attempt). */
export const MAX_PASSWORD = 128;

/** What an email must look like: something@something.something without spaces; the sign-in service decides the rest. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message of an email that does not look like one. */
export const EMAIL_MESSAGE = 'Enter an email address like name@example.com.';
/** The message of a password the sign-in service refuses as too short or too long. */
export const PASSWORD_LENGTH_MESSAGE = `Use ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const personName = (missing: string) => required(missing).max(MAX_PERSON_NAME, `Use at most ${MAX_PERSON_NAME} characters.`);

/** The sign-in form: Email, Password. */
export const SignInInput = z.object({
  email: required('Enter your email.').regex(EMAIL_PATTERN, EMAIL_MESSAGE),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.'),
});
/** @see SignInInput */
export type SignInInput = z.infer<typeof SignInInput>;

/** The sign-up form: First name, Last name, Email, Password. */
export const SignUpInput = z.object({
  firstName: personName('Enter your first name.'),
  lastName: personName('Enter your last name.'),
  email: required('Enter your email.').max(MAX_EMAIL, EMAIL_MESSAGE).regex(EMAIL_PATTERN, EMAIL_MESSAGE),
  password: z
    .string({ error: `Use at least ${MIN_PASSWORD} characters.` })
    .min(MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters.`)
    .max(MAX_PASSWORD, `Use at most ${MAX_PASSWORD} characters.`),
});
/** @see SignUpInput */
export type SignUpInput = z.infer<typeof SignUpInput>;

/** The first message for each field of a failed parse, by field name (what the forms show). */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    out[field] ??= issue.message;
  }
  return out;
}
