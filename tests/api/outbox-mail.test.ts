/**
 * Email through the outbox: a real SMTP peer (smtp-server on 127.0.0.1) receives what the
 * dispatcher sends with SMTP_URL set; without it the message lands as an .eml file in DATA_DIR/mail.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../src/server/platform/clock.ts';
import { enqueueEmail } from '../../src/server/platform/outbox/outbox.ts';
import { createTestApp } from '../../src/server/testing.ts';

interface Received {
  from: string | false;
  to: string[];
  user: string | undefined;
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port = 0;
const dirs: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'discover-mail-'));
  dirs.push(d);
  return d;
};

const WELCOME = {
  to: 'Ana Lima <ana@example.com>',
  subject: 'Your capture is booked',
  text: 'Hello Ana,\n\nYour capture is booked for 3 March at 10:00.\n',
};

describe('email through the outbox', () => {
  test('with SMTP_URL, the dispatcher sends the queued message to the SMTP server, signed in', async () => {
    const t = await createTestApp({ env: { SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`, MAIL_FROM: 'Discover <bookings@discover.example>' } });
    const id = await t.db.kysely.transaction().execute((tx) => enqueueEmail(tx, 'capture.booked', WELCOME));
    expect(await t.outbox.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });

    const got = received.find((r) => r.raw.includes(id));
    expect(got).toBeDefined();
    expect(got?.from).toBe('bookings@discover.example');
    expect(got?.to).toEqual(['ana@example.com']);
    expect(got?.user).toBe('mailer');
    const raw = got?.raw ?? '';
    expect(raw).toMatch(/^From: Discover <bookings@discover\.example>$/m);
    expect(raw).toMatch(/^To: Ana Lima <ana@example\.com>$/m);
    expect(raw).toMatch(/^Subject: Your capture is booked$/m);
    expect(raw).toMatch(new RegExp(`^Message-ID: <${id}@discover\\.example>$`, 'm'));
    expect(raw.replace(/\r\n/g, '\n')).toContain('Your capture is booked for 3 March at 10:00.');

    const row = await t.db.kysely.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'email', topic: 'capture.booked', target: WELCOME.to, status: 'delivered', attempts: 1, lastError: null });
    await t.close();
  });

  test('an SMTP server that refuses the sign-in leaves the message pending with the error, to be retried', async () => {
    const clock = new TestClock();
    const t = await createTestApp({ clock, env: { SMTP_URL: `smtp://mailer:wrong@127.0.0.1:${port}` } });
    const id = await t.db.kysely.transaction().execute((tx) => enqueueEmail(tx, 'capture.booked', WELCOME, clock));
    expect(await t.outbox.runOnce()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    const row = await t.db.kysely.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/Invalid login|Invalid username or password/);
    expect(received.some((r) => r.raw.includes(id))).toBe(false);
    await t.close();
  });

  test('without SMTP_URL, the message is written as an .eml file to DATA_DIR/mail', async () => {
    const dataDir = tempDir();
    const clock = new TestClock('2030-03-01T12:00:00.000Z');
    const t = await createTestApp({ clock, env: { DATA_DIR: dataDir } });
    const id = await t.db.kysely.transaction().execute((tx) => enqueueEmail(tx, 'capture.booked', WELCOME, clock));
    expect(await t.outbox.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toEqual([`2030-03-01T12-00-00-000Z-${id}.eml`]);
    const eml = readFileSync(join(dataDir, 'mail', files[0] as string), 'utf8');
    expect(eml).toMatch(/^From: Discover <no-reply@discover\.localhost>$/m);
    expect(eml).toMatch(/^To: Ana Lima <ana@example\.com>$/m);
    expect(eml).toMatch(/^Subject: Your capture is booked$/m);
    expect(eml).toMatch(/^Date: Fri, 01 Mar 2030 12:00:00 \+0000$/m);
    expect(eml).toContain('Your capture is booked for 3 March at 10:00.');
    await t.close();
  });
});
