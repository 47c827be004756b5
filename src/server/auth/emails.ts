import type { Db } from '../db/db.ts';
import type { Clock } from '../clock.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueEmail } from '../outbox/outbox.ts';

/** How long a confirmation link works, in seconds. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

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

To use your account, sign in at ${origin}/auth/sign-in

If this wasn't you, you can ignore this message: your account and password are as they were.${SIGNATURE}`,
  };
}

/** Queues an email in the outbox (its own transaction: nothing else commits with it); the dispatcher sends it. */
export async function queueAuthEmail(db: Db, topic: string, message: MailMessage, clock?: Clock): Promise<void> {
  await db.kysely.transaction().execute((tx) => enqueueEmail(tx, topic, message, clock));
}
