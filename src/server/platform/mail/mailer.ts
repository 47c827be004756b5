import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { Env } from '../../env.ts';
import { systemClock, type Clock } from '../clock.ts';

/** An email as the product writes it; `from` defaults to MAIL_FROM. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string | undefined;
  from?: string | undefined;
  replyTo?: string | undefined;
}

/** Sends one email; `id` (the outbox message id) becomes its Message-ID, so a retried send is recognisably the same message. */
export interface Mailer {
  send(message: MailMessage, id: string): Promise<{ messageId: string }>;
  /** Closes pooled connections. */
  close(): void;
}

/** The Message-ID of an outbox message: stable across retries. */
const messageIdOf = (id: string, from: string) => `<${id}@${/@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'discover.invalid'}>`;

/** How a message is turned into nodemailer's options. */
const mailOptions = (m: MailMessage, id: string, defaultFrom: string, date: Date) => {
  const from = m.from ?? defaultFrom;
  return {
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    ...(m.html === undefined ? {} : { html: m.html }),
    ...(m.replyTo === undefined ? {} : { replyTo: m.replyTo }),
    messageId: messageIdOf(id, from),
    date,
  };
};

/**
 * The embedded default: each message becomes an RFC 822 file, `<time>-<id>.eml`, in the folder
 * (DATA_DIR/mail), which any mail client opens. Written under a temporary name and renamed, so a
 * reader never sees half a message.
 */
export function folderMailer(dir: string, defaultFrom: string, clock: Clock = systemClock): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, id) {
      const date = clock.now();
      const info = await transport.sendMail(mailOptions(message, id, defaultFrom, date));
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${date.toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** Sends over SMTP to the server of `url` (`smtp://user:pass@host:587`, `smtps://…:465`). */
export function smtpMailer(url: string, defaultFrom: string, clock: Clock = systemClock): Mailer {
  const transport = createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  return {
    async send(message, id) {
      const info = await transport.sendMail(mailOptions(message, id, defaultFrom, clock.now()));
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** The mailer the environment names: SMTP when SMTP_URL is set, else `.eml` files in DATA_DIR/mail. */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>, clock: Clock = systemClock): Mailer {
  return env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM, clock) : folderMailer(mailDir(env), env.MAIL_FROM, clock);
}

/** Where the embedded default writes emails. */
export const mailDir = (env: Pick<Env, 'dataDir'>): string => join(env.dataDir, 'mail');
