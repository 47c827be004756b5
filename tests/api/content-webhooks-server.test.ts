/**
 * Content webhooks from the product as it runs: the real server process (`src/server/main.ts`, API
 * only) started with CONTENT_WEBHOOK_URL pointing at a receiver in this test. An administrator
 * signs in through the sign-in form and renames a space; what arrives is verified with
 * `standardwebhooks` and names the change.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { ContentChangedPayload } from '../../src/domain/webhooks.ts';
import { migrate, openDb } from '../../src/server/db/db.ts';
import { newWebhookSecret } from '../../src/server/outbox/content-webhooks.ts';
import { demoCredentialCreator } from '../../src/server/session-wiring.ts';
import { seedFixtures, W } from './fixtures.ts';

const root = resolve(import.meta.dirname, '../..');
const SECRET = newWebhookSecret();
const PASSWORD = 'quiet-harbour-lantern-42';

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
let receiver: Server;
let server: ChildProcess | undefined;
let origin = '';
const log: string[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'discover-webhooks-server-'));

/** A free loopback port. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((ok) => probe.close(() => ok()));
  return port;
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  // The fixture world, with a real password for its administrator.
  const db = openDb(join(dataDir, 'discover.sqlite'));
  await migrate(db);
  await seedFixtures(db.kysely);
  await demoCredentialCreator(db)({ id: W.user.admin, email: 'ada@example.com', password: PASSWORD });
  await db.close();

  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_BUILD: 'true',
      CONTENT_WEBHOOK_URL: hook,
      CONTENT_WEBHOOK_SECRET: SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) stream?.on('data', (d: Buffer) => log.push(d.toString()));
  await vi.waitFor(
    () => {
      if (server?.exitCode !== null) throw new Error(`The server stopped:\n${log.join('')}`);
      expect(log.join('')).toContain('is ready');
    },
    { timeout: 60_000, interval: 100 },
  );
}, 90_000);

afterAll(async () => {
  const child = server;
  if (child) {
    child.kill('SIGTERM');
    await new Promise<void>((ok) => (child.exitCode !== null ? ok() : child.once('exit', () => ok())));
  }
  await new Promise<void>((ok) => receiver.close(() => ok()));
  rmSync(dataDir, { recursive: true, force: true });
});

test('the running product signs and sends a content event when an administrator renames a space', async () => {
  const signIn = await fetch(`${origin}/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({ email: 'ada@example.com', password: PASSWORD, target: '/discover/' }),
    redirect: 'manual',
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  expect(cookie, `sign-in answered ${signIn.status}`).not.toBe('');

  const renamed = await fetch(`${origin}/admin/api/space/${W.space.loft}/`, {
    method: 'PATCH',
    headers: { cookie, Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'The Harbour Loft' }),
  });
  expect(renamed.status, await renamed.clone().text()).toBe(200);

  await vi.waitFor(() => expect(hits.length).toBeGreaterThan(0), { timeout: 20_000, interval: 100 });
  const [hit] = hits;
  if (!hit) throw new Error('no delivery');
  const headers = {
    'webhook-id': String(hit.headers['webhook-id']),
    'webhook-timestamp': String(hit.headers['webhook-timestamp']),
    'webhook-signature': String(hit.headers['webhook-signature']),
  };
  const payload = ContentChangedPayload.parse(new Webhook(SECRET).verify(hit.body, headers));
  expect(payload.data).toMatchObject({ entityType: 'SPACE', ids: [W.space.loft], action: 'UPDATE' });
  // Signed with this secret only.
  expect(() => new Webhook(newWebhookSecret()).verify(hit.body, headers)).toThrow();
}, 60_000);
