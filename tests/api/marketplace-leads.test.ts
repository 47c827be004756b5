/**
 * Requesting access (issue 13): the space selector lists only authorized spaces, the request form's
 * field errors, the 403 for other people's spaces, the rate limits, and the hand-over: the lead is
 * stored and queued in one transaction, posted signed to the partner's endpoint (a local receiver,
 * verified with `standardwebhooks`) and emailed to the partner (a local SMTP peer); a failing
 * endpoint is retried and shows as FAILED to administrators, the user's request is never lost.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  LeadWebhookPayload,
  type AdminApp,
  type AdminLead,
  type AdminLeadPage,
  type AuthorizedSpacePage,
  type LeadReceipt,
  type MyLeads,
  type PartnerWithSecret,
} from '../../src/domain/marketplace.ts';
import { MARKETPLACE_TEXT } from '../../src/domain/marketplace-rules.ts';
import { leadBody, marketplaceApp } from './marketplace-helpers.ts';

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
let failNext = 0;
let receiver: Server;
let receiverUrl = '';
const mails: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failNext > 0) {
        failNext--;
        res.writeHead(503).end('busy');
        return;
      }
      hits.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((ok) => receiver.close(() => ok()));
  await new Promise<void>((ok) => smtp.close(() => ok()));
});

const apps: { close(): Promise<void> }[] = [];
afterEach(async () => {
  hits.length = 0;
  mails.length = 0;
  failNext = 0;
  for (const a of apps.splice(0)) await a.close();
});

/** A world whose partner mail goes to the local SMTP peer; `now` for tests that verify signatures (receivers check the timestamp against their clock). */
const world = async (start?: Date) => {
  const t = await marketplaceApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }, ...(start ? { start } : {}) });
  apps.push(t);
  return t;
};

describe('the space selector', () => {
  test('lists own spaces and those of organizations the user owns, any visibility, never moderated ones or others', async () => {
    const t = await world();
    const res = await t.call<AuthorizedSpacePage>('owner', 'GET', '/api/marketplace/spaces/');
    expect(res.status).toBe(200);
    expect(res.body.results.map((s) => s.id)).toEqual(['acmeShop', 'acmeOffice', 'ownLoft', 'ownPrivate']);
    expect(res.body.totalResults).toBe(4);
    const office = res.body.results[1];
    expect(office).toMatchObject({ modelId: 'm-acmeOffice', visibility: 'UNLISTED', account: { id: 'acc-acme', name: 'Acme Realty' } });
    expect(office?.thumbnail).toMatch(/^\/media\/spaces\/key-acmeOffice\//);
  });

  test('a plain member sees only their own spaces; search narrows by name or model id, any case', async () => {
    const t = await world();
    expect((await t.call<AuthorizedSpacePage>('member', 'GET', '/api/marketplace/spaces/')).body.results.map((s) => s.id)).toEqual(['acmeShop']);
    expect((await t.call<AuthorizedSpacePage>('owner', 'GET', '/api/marketplace/spaces/?q=ACME')).body.results.map((s) => s.id)).toEqual([
      'acmeShop',
      'acmeOffice',
    ]);
    expect((await t.call<AuthorizedSpacePage>('owner', 'GET', '/api/marketplace/spaces/?q=m-ownloft')).body.totalResults).toBe(1);
    expect((await t.call<AuthorizedSpacePage>('owner', 'GET', '/api/marketplace/spaces/?q=50%25_off')).body.totalResults).toBe(0);
  });

  test("a user with no space gets an empty list (the modal says 'You are not authorized to access any Spaces.'); a guest 401", async () => {
    const t = await world();
    const res = await t.call<AuthorizedSpacePage>('visitor', 'GET', '/api/marketplace/spaces/');
    expect(res.body).toEqual({ results: [], hasNext: false, nextOffset: null, totalResults: 0 });
    expect(MARKETPLACE_TEXT.noSpaces).toBe('You are not authorized to access any Spaces.');
    expect((await t.call(null, 'GET', '/api/marketplace/spaces/')).status).toBe(401);
  });
});

describe('the request form', () => {
  test('every bad field answers 400 with its own message', async () => {
    const t = await world();
    const { appSlug } = await t.catalog();
    const res = await t.call('owner', 'POST', `/api/marketplace/apps/${appSlug}/leads/`, {
      spaceIds: [],
      name: ' ',
      email: 'not-an-email',
      phone: '12',
      consent: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const fields = Object.fromEntries((res.body.extra?.fields ?? []).map((f) => [f.path, f.message]));
    expect(fields).toMatchObject({
      'json.spaceIds': 'Choose at least one space.',
      'json.name': 'Please enter your name.',
      'json.email': 'Enter an email address like name@example.com.',
      'json.consent': 'Please agree to share your details with the partner.',
    });
    const phone = async (value: string, country?: string) =>
      (
        await t.call(
          'owner',
          'POST',
          `/api/marketplace/apps/${appSlug}/leads/`,
          leadBody(['ownLoft'], { phone: value, ...(country ? { phoneCountry: country } : {}) }),
        )
      ).body.extra?.fields?.find((f) => f.path === 'json.phone')?.message;
    expect(await phone('')).toBe('Please enter Phone');
    expect(await phone('call me')).toBe('Not a valid phone number');
    expect(await phone('+49 30 1')).toBe('Enter a valid Phone');
    expect(await t.call('owner', 'GET', `/api/marketplace/apps/${appSlug}/leads/`)).toMatchObject({ body: { requested: false, leads: [] } });
  });

  test('spaces the user may not offer answer 403 naming them, and nothing is stored; a guest 401; an unknown app 404', async () => {
    const t = await world();
    const { appSlug } = await t.catalog();
    const res = await t.call('owner', 'POST', `/api/marketplace/apps/${appSlug}/leads/`, leadBody(['ownLoft', 'ottoBarn', 'ownModerated', 'nope']));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only request access for your own spaces.',
      extra: { spaceIds: ['ottoBarn', 'ownModerated', 'nope'] },
    });
    expect((await t.call('member', 'POST', `/api/marketplace/apps/${appSlug}/leads/`, leadBody(['acmeOffice']))).status).toBe(403);
    expect((await t.call(null, 'POST', `/api/marketplace/apps/${appSlug}/leads/`, leadBody(['ownLoft']))).status).toBe(401);
    expect((await t.call('owner', 'POST', '/api/marketplace/apps/nope/leads/', leadBody(['ownLoft']))).status).toBe(404);
    expect((await t.call<AdminLeadPage>('admin', 'GET', '/admin/api/marketplace/leads/')).body.totalResults).toBe(0);
  });

  test('3 requests per user and app per hour, 20 per user per day: 429 with when to come back', async () => {
    const t = await world();
    const { appSlug, partnerId } = await t.catalog();
    const post = (slug: string, who: 'owner' | 'member' = 'owner') =>
      t.call(who, 'POST', `/api/marketplace/apps/${slug}/leads/`, leadBody([who === 'owner' ? 'ownLoft' : 'acmeShop']));
    for (let i = 0; i < 3; i++) {
      expect((await post(appSlug)).status).toBe(201);
      t.clock.advance(60_000);
    }
    const limited = await post(appSlug);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', retry: true, extra: { scope: 'app', window: 'hour', limit: 3, retryAfterSeconds: 3600 - 180 } });
    expect(limited.headers.get('retry-after')).toBe(String(3600 - 180));
    // Another user is not limited by it; the first user is again an hour after their first request.
    expect((await post(appSlug, 'member')).status).toBe(201);
    t.clock.advance((3600 - 180) * 1000);
    expect((await post(appSlug)).status).toBe(201);

    // The daily cap counts every app.
    const slugs: string[] = [];
    for (let i = 0; i < 7; i++) {
      const a = await t.call<AdminApp>('admin', 'POST', '/admin/api/marketplace/apps/', {
        name: `App ${i}`,
        slug: `app-${i}`,
        partnerId,
        summary: 'Another app.',
      });
      slugs.push(a.body.slug);
    }
    let sent = 4;
    for (const slug of slugs) {
      for (let i = 0; i < 3 && sent < 20; i++, sent++) expect((await post(slug)).status).toBe(201);
    }
    const daily = await post(slugs[6] as string);
    expect(daily.status).toBe(429);
    expect(daily.body.extra).toMatchObject({ scope: 'user', window: 'day', limit: 20 });
  });
});

describe('the hand-over to the partner', () => {
  test('a lead is stored, signed to the partner endpoint and emailed to the partner; the app page remembers it', async () => {
    const t = await world(new Date());
    const now = t.clock.now().toISOString();
    const { appSlug, secret, appId, partnerId } = await t.catalog({ leadEndpointUrl: `${receiverUrl}/leads/planwise` });
    const res = await t.call<LeadReceipt>(
      'owner',
      'POST',
      `/api/marketplace/apps/${appSlug}/leads/`,
      leadBody(['ownLoft', 'acmeOffice'], { phone: '(415) 555-0132', phoneCountry: 'us' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ appSlug, spaceIds: ['ownLoft', 'acmeOffice'], status: 'SENT', createdAt: now });
    expect(res.body.id).toMatch(/^lead_/);

    expect(await t.outbox.runOnce()).toEqual({ delivered: 2, retrying: 0, failed: 0 });
    const hit = hits[0] as Hit;
    expect(hit.path).toBe('/leads/planwise');
    const payload = LeadWebhookPayload.parse(
      new Webhook(secret).verify(hit.body, {
        'webhook-id': String(hit.headers['webhook-id']),
        'webhook-timestamp': String(hit.headers['webhook-timestamp']),
        'webhook-signature': String(hit.headers['webhook-signature']),
      }),
    );
    expect(payload).toMatchObject({
      type: 'lead.created',
      id: res.body.id,
      data: {
        leadId: res.body.id,
        app: { id: appId, slug: appSlug, name: 'Planwise Floor Plans' },
        partner: { id: partnerId, slug: 'planwise', name: 'Planwise' },
        contact: { name: 'Olivia Owner', email: 'olivia@example.com', company: 'Acme Realty', phone: '+14155550132' },
        consent: true,
        createdAt: now,
      },
    });
    expect(payload.data.spaces.map((s) => [s.id, s.modelId, s.url])).toEqual([
      ['ownLoft', 'm-ownLoft', 'http://127.0.0.1:4321/discover/space/m-ownLoft'],
      ['acmeOffice', 'm-acmeOffice', 'http://127.0.0.1:4321/discover/space/m-acmeOffice'],
    ]);
    const mail = mails[0];
    expect(mail?.to).toEqual(['leads@planwise.example']);
    expect(mail?.raw).toContain('Subject: New access request for Planwise Floor Plans from Olivia Owner');
    expect(mail?.raw).toContain('Reply-To: olivia@example.com');
    expect(mail?.raw).toContain('+14155550132');

    const mine = await t.call<MyLeads>('owner', 'GET', `/api/marketplace/apps/${appSlug}/leads/`);
    expect(mine.body).toMatchObject({ requested: true, leads: [{ id: res.body.id, status: 'DELIVERED', spaceIds: ['ownLoft', 'acmeOffice'] }] });
    expect((await t.call<MyLeads>('member', 'GET', `/api/marketplace/apps/${appSlug}/leads/`)).body.requested).toBe(false);

    const admin = await t.call<AdminLead>('admin', 'GET', `/admin/api/marketplace/leads/${res.body.id}/`);
    expect(admin.body).toMatchObject({
      status: 'DELIVERED',
      user: { email: 'olivia@example.com' },
      spaces: [{ name: 'Harbor Loft' }, { name: 'Acme Office' }],
    });
    expect(admin.body.deliveries.map((d) => [d.channel, d.status, d.attempts])).toEqual([
      ['WEBHOOK', 'delivered', 1],
      ['EMAIL', 'delivered', 1],
    ]);
  });

  test('a failing endpoint is retried (the same message) until it answers; administrators see the attempt and its error', async () => {
    const t = await world();
    const { appSlug } = await t.catalog({ leadEndpointUrl: `${receiverUrl}/leads/flaky` }, {});
    const { body } = await t.call<LeadReceipt>('owner', 'POST', `/api/marketplace/apps/${appSlug}/leads/`, leadBody(['ownLoft']));
    failNext = 1;
    expect(await t.outbox.runOnce()).toEqual({ delivered: 1, retrying: 1, failed: 0 });
    const readLead = async () => (await t.call<AdminLead>('admin', 'GET', `/admin/api/marketplace/leads/${body.id}/`)).body;
    let lead = await readLead();
    expect(lead.status).toBe('DELIVERED'); // the email reached the partner
    const webhook = lead.deliveries.find((d) => d.channel === 'WEBHOOK');
    expect(webhook).toMatchObject({ status: 'pending', attempts: 1 });
    expect(webhook?.lastError).toMatch(/503/);
    expect((webhook?.nextAttemptAt ?? '') > '2030-01-07T12:00:00.000Z').toBe(true);
    // The retry goes through; the same webhook-id both times.
    t.clock.advance(60_000);
    expect(await t.outbox.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(hits).toHaveLength(1);
    lead = await readLead();
    expect(lead.deliveries[0]).toMatchObject({ channel: 'WEBHOOK', status: 'delivered', attempts: 2 });
  });

  test('an endpoint that never answers: every channel gives up after 24 hours, the lead is FAILED and filterable', async () => {
    const t = await marketplaceApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    apps.push(t);
    const { appSlug, partnerId } = await t.catalog({ leadEndpointUrl: 'http://127.0.0.1:1/leads' });
    const { body } = await t.call<LeadReceipt>('owner', 'POST', `/api/marketplace/apps/${appSlug}/leads/`, leadBody(['ownLoft']));
    expect(await t.outbox.runOnce()).toMatchObject({ delivered: 0, retrying: 2 });
    expect((await t.call<AdminLeadPage>('admin', 'GET', `/admin/api/marketplace/leads/?status=SENT&partnerId=${partnerId}`)).body.totalResults).toBe(1);
    for (let i = 0; i < 40; i++) {
      t.clock.advance(60 * 60 * 1000);
      await t.outbox.runOnce();
    }
    const failed = await t.call<AdminLeadPage>('admin', 'GET', '/admin/api/marketplace/leads/?status=FAILED');
    expect(failed.body.totalResults).toBe(1);
    expect(failed.body.results[0]).toMatchObject({ id: body.id, status: 'FAILED', name: 'Olivia Owner' });
    expect(failed.body.results[0]?.deliveries.every((d) => d.status === 'failed' && d.lastError)).toBe(true);
    expect((await t.call<AdminLeadPage>('admin', 'GET', '/admin/api/marketplace/leads/?status=DELIVERED')).body.totalResults).toBe(0);
    expect((await t.call<MyLeads>('owner', 'GET', `/api/marketplace/apps/${appSlug}/leads/`)).body).toMatchObject({
      requested: true,
      leads: [{ status: 'FAILED' }],
    });
  });

  test('a partner without an endpoint gets the lead by email only; rotating the secret re-signs pending webhooks', async () => {
    const t = await world(new Date());
    const emailOnly = await t.catalog(
      { name: 'Northwind', slug: 'northwind', contactEmail: 'sales@northwind.example' },
      { name: 'Northwind Claims', slug: 'northwind-claims' },
    );
    const first = await t.call<LeadReceipt>('owner', 'POST', `/api/marketplace/apps/${emailOnly.appSlug}/leads/`, leadBody(['ownLoft']));
    const lead = (await t.call<AdminLead>('admin', 'GET', `/admin/api/marketplace/leads/${first.body.id}/`)).body;
    expect(lead.deliveries.map((d) => [d.channel, d.target])).toEqual([['EMAIL', 'sales@northwind.example']]);

    const hooked = await t.catalog({ slug: 'hooked', leadEndpointUrl: `${receiverUrl}/old` }, { slug: 'hooked-app' });
    await t.call('owner', 'POST', `/api/marketplace/apps/${hooked.appSlug}/leads/`, leadBody(['ownLoft']));
    const rotated = await t.call<PartnerWithSecret>('admin', 'POST', `/admin/api/marketplace/partners/${hooked.partnerId}/rotate-secret/`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.leadSecret).toMatch(/^whsec_/);
    expect(rotated.body.leadSecret).not.toBe(hooked.secret);
    // A new endpoint moves pending deliveries too.
    const moved = await t.call('admin', 'PUT', `/admin/api/marketplace/partners/${hooked.partnerId}/`, {
      name: 'Planwise',
      slug: 'hooked',
      contactEmail: 'leads@planwise.example',
      leadEndpointUrl: `${receiverUrl}/new`,
    });
    expect(moved.status).toBe(200);
    await t.outbox.runOnce();
    const hit = hits.find((h) => h.path === '/new') as Hit;
    const headers = {
      'webhook-id': String(hit.headers['webhook-id']),
      'webhook-timestamp': String(hit.headers['webhook-timestamp']),
      'webhook-signature': String(hit.headers['webhook-signature']),
    };
    expect(() => new Webhook(rotated.body.leadSecret).verify(hit.body, headers)).not.toThrow();
    expect(() => new Webhook(hooked.secret).verify(hit.body, headers)).toThrow();
  });
});
