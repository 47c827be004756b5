/**
 * Content webhooks from the product as it runs: the real server process (`src/server/main.ts`, API
 * only) started with CONTENT_WEBHOOK_URL pointing at a receiver in this test. An administrator
 * signs in through the sign-in form and renames a space; what arrives is verified with
 * `standardwebhooks` and names the change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { ContentChangedPayload } from '../../src/domain/webhooks.ts';
import { newWebhookSecret } from '../../src/server/modules/webhooks/content-webhooks.ts';
import { W } from './fixtures.ts';
import { seedFixtureDataDir, signInThroughForm, startServerProcess, type ServerProcess } from './server-process.ts';

const SECRET = newWebhookSecret();
const PASSWORD = 'quiet-harbour-lantern-42';

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
let receiver: Server;
let server: ServerProcess | undefined;
let origin = '';
const dataDir = mkdtempSync(join(tmpdir(), 'discover-webhooks-server-'));

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

  await seedFixtureDataDir(join(dataDir, 'discover.sqlite'), PASSWORD);
  server = await startServerProcess({
    env: { DATA_DIR: dataDir, SKIP_BUILD: 'true', CONTENT_WEBHOOK_URL: hook, CONTENT_WEBHOOK_SECRET: SECRET },
  });
  origin = server.origin;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((ok) => receiver.close(() => ok()));
  rmSync(dataDir, { recursive: true, force: true });
});

test('the running product signs and sends a content event when an administrator renames a space', async () => {
  const { cookie, status } = await signInThroughForm(origin, 'ada@example.com', PASSWORD);
  expect(cookie, `sign-in answered ${status}`).not.toBe('');

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
