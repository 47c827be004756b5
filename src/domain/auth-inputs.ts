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
/** The length the sign-up form recommends (ASVS 5.0 6.2.1: at least 8, 15 or more recommended). */
export const RECOMMENDED_PASSWORD = 15;
/** The product's name: a context word no password may be built from. */
export const PRODUCT_NAME = 'Discover';

/** The password rule as the sign-up form states it under the field. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD} characters; ${RECOMMENDED_PASSWORD} or more is better, and a few unrelated words are easy to remember. Common passwords, your name, your email and '${PRODUCT_NAME}' are not accepted.`;
/** A password from the list of most common ones. */
export const PASSWORD_COMMON_MESSAGE = 'This is one of the most common passwords. Choose one that is harder to guess.';
/** A password built from the person's name, email or the product name. */
export const PASSWORD_CONTEXT_MESSAGE = `Don't build your password from your name, your email or '${PRODUCT_NAME}'.`;
/** A password of one repeated character or a plain run (aaaaaaaa, abcdefgh, 98765432). */
export const PASSWORD_TRIVIAL_MESSAGE = 'This password is too easy to guess. Try a few unrelated words.';

/** What a password is checked against besides itself: who chooses it. */
export interface PasswordContext {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/** Whether a password is one character repeated, two alternating, or a run of consecutive characters. */
function isTrivialPassword(password: string): boolean {
  const chars = [...password.toLowerCase()];
  if (new Set(chars).size <= 2) return true;
  const steps = new Set(chars.slice(1).map((ch, i) => (ch.codePointAt(0) ?? 0) - (chars[i]?.codePointAt(0) ?? 0)));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

/** The words of a context a password may not be made of: the email, its parts, the names and the product name. */
function contextWords(context: PasswordContext): string[] {
  const words = new Set<string>([PRODUCT_NAME.toLowerCase()]);
  const email = (context.email ?? '').trim().toLowerCase();
  if (email) {
    words.add(email);
    const [local = '', domain = ''] = email.split('@');
    words.add(local);
    for (const part of local.split(/[._+-]+/)) words.add(part);
    for (const label of domain.split('.').slice(0, -1)) words.add(label);
  }
  for (const name of [context.firstName, context.lastName])
    for (const part of (name ?? '')
      .trim()
      .toLowerCase()
      .split(/[\s'-]+/))
      words.add(part);
  return [...words].filter((w) => w.length >= 3).sort((a, b) => b.length - a.length);
}

/**
 * The problem of a password with its chooser's context (ASVS 5.0 6.2.11), or undefined: it may not
 * be a trivial pattern, and once the context words (email and its parts, first and last name,
 * 'Discover') are taken out, what is left must still be at least `MIN_PASSWORD` characters, so
 * 'Discover2024!' and 'ada.lovelace' are refused while a passphrase that mentions one of them is not.
 * The most-common-passwords check needs a word list and runs on the server.
 */
export function passwordContextProblem(password: string, context: PasswordContext = {}): string | undefined {
  if (isTrivialPassword(password)) return PASSWORD_TRIVIAL_MESSAGE;
  let rest = password.toLowerCase();
  for (const word of contextWords(context)) rest = rest.split(word).join('');
  return [...rest].length < MIN_PASSWORD ? PASSWORD_CONTEXT_MESSAGE : undefined;
}

/** What an email must look like: something@something.something without spaces; the sign-in service decides the rest. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message of an email that does not look like one. */
export const EMAIL_MESSAGE = 'Enter an email address like name@example.com.';
/** The message of a password the sign-in service refuses as too short or too long. */
export const PASSWORD_LENGTH_MESSAGE = `Use ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const personName = (missing: string) => required(missing).max(MAX_PERSON_NAME, `Use at most ${MAX_PERSON_NAME} characters.`);

/** A password being chosen (sign-up, a reset): its length; the server applies the rest of the policy. */
const newPassword = z
  .string({ error: `Use at least ${MIN_PASSWORD} characters.` })
  .min(MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters.`)
  .max(MAX_PASSWORD, `Use at most ${MAX_PASSWORD} characters.`);

/** The sign-in form: Email, Password. */
export const SignInInput = z.object({
  email: required('Enter your email.').regex(EMAIL_PATTERN, EMAIL_MESSAGE),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.'),
});
/** @see SignInInput */
export type SignInInput = z.infer<typeof SignInInput>;

/** The sign-up form: First name, Last name, Email, Password. */
export const SignUpInput = z
  .object({
    firstName: personName('Enter your first name.'),
    lastName: personName('Enter your last name.'),
    email: required('Enter your email.').max(MAX_EMAIL, EMAIL_MESSAGE).regex(EMAIL_PATTERN, EMAIL_MESSAGE),
    password: newPassword,
  })
  .superRefine((v, ctx) => {
    const problem = passwordContextProblem(v.password, v);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
/** @see SignUpInput */
export type SignUpInput = z.infer<typeof SignUpInput>;

/** The "Reset your password" form: Email. */
export const ForgotPasswordInput = z.object({
  email: required('Enter your email.').max(MAX_EMAIL, EMAIL_MESSAGE).regex(EMAIL_PATTERN, EMAIL_MESSAGE),
});
/** @see ForgotPasswordInput */
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

/** The "Choose a new password" form: the link's token and the new password (the server applies the whole policy). */
export const ResetPasswordInput = z.object({
  token: z.string().min(1).max(200),
  newPassword,
});
/** @see ResetPasswordInput */
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** The first message for each field of a failed parse, by field name (what the forms show). */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    out[field] ??= issue.message;
  }
  return out;
}
