import type { Db } from '../../db/db.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { enqueueEmail } from '../../platform/outbox/outbox.ts';

/** How long a confirmation link works, in seconds. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/** How long a password-reset link works, in seconds (and it works once). */
export const RESET_LINK_SECONDS = 30 * 60;

const SIGNATURE = '\n\n— Discover';

/** The email with the link that confirms a new account's address (and signs its owner in once). */
export function verificationEmail(to: { email: string; name: string }, url: string): MailMessage {
  const hello = to.name.trim() ? `Hello ${to.name.trim()},` : 'Hello,';
  return {
    to: to.email,
    subject: 'Confirm your email address for Discover',
    text: `${hello}

Confirm your email address to finish creating your Discover account:

${url}

The link works for ${VERIFICATION_LINK_SECONDS / 3600} hours and signs you in. If you did not sign up for Discover, ignore this message: no account is opened without this confirmation.${SIGNATURE}`,
  };
}

/** The email telling an account's owner that someone tried to sign up again with their address. */
export function existingAccountEmail(to: { email: string; name: string }, origin: string): MailMessage {
  const hello = to.name.trim() ? `Hello ${to.name.trim()},` : 'Hello,';
  return {
    to: to.email,
    subject: 'Someone tried to sign up with your email address',
    text: `${hello}

Someone, perhaps you, just tried to create a new Discover account with ${to.email}. This address already has an account, so nothing was created and nothing was changed.

To use your account, sign in at ${origin}/auth/sign-in (forgot your password? Choose 'Forgot password?' there).

If this wasn't you, you can ignore this message: your account and password are as they were.${SIGNATURE}`,
  };
}

/** The email with the link to choose a new password; only an address with an account gets one. */
export function resetPasswordEmail(to: { email: string; name: string }, url: string): MailMessage {
  const hello = to.name.trim() ? `Hello ${to.name.trim()},` : 'Hello,';
  return {
    to: to.email,
    subject: 'Reset your Discover password',
    text: `${hello}

Someone, perhaps you, asked to reset the password of the Discover account for ${to.email}. Choose a new password here:

${url}

The link works once, for ${RESET_LINK_SECONDS / 60} minutes. Choosing a new password signs you out everywhere; then sign in with the new one.

If you did not ask for this, ignore this message: your password stays as it is.${SIGNATURE}`,
  };
}

/** The email telling an account's owner that its password was just changed through a reset link. */
export function passwordChangedEmail(to: { email: string; name: string }, origin: string): MailMessage {
  const hello = to.name.trim() ? `Hello ${to.name.trim()},` : 'Hello,';
  return {
    to: to.email,
    subject: 'Your Discover password was changed',
    text: `${hello}

The password of your Discover account (${to.email}) was just changed with a reset link, and every session of the account was signed out.

If this was you, sign in with your new password at ${origin}/auth/sign-in

If it wasn't, someone can read your email: secure your email account first, then choose 'Forgot password?' at ${origin}/auth/sign-in to set a new password.${SIGNATURE}`,
  };
}

/** Queues an email in the outbox (its own transaction: nothing else commits with it); the dispatcher sends it. */
export async function queueAuthEmail(db: Db, topic: string, message: MailMessage, clock?: Clock): Promise<void> {
  await db.kysely.transaction().execute((tx) => enqueueEmail(tx, topic, message, clock));
}
