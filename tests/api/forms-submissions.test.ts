/**
 * The company's forms (Contact Us, Send feedback, Nominate a space): stored, confirmed by email
 * through the outbox, spam-safe (honeypot, rate limit), per-field 400s, and listed for administrators.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMIT, RATE_WINDOW_MS } from '../../src/server/modules/forms/submissions.ts';
import { TEST_ORIGIN } from '../../src/server/testing.ts';
import { captureApp, type Who } from './capture-helpers.ts';

type App = Awaited<ReturnType<typeof captureApp>>;
let t: App;

beforeEach(async () => {
  t = await captureApp();
});
afterEach(async () => {
  await t.close();
});

/** Posts as someone from a given address. */
async function post(path: string, body: unknown, opts: { who?: Who; ip?: string } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': opts.ip ?? '203.0.113.7' };
  if (opts.who) headers['x-test-user'] = opts.who;
  const res = await t.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const CONTACT = { name: 'Ines Duarte', email: 'Ines@Example.com', topic: 'Press', message: 'Could we interview your founders for a piece on 3D museums?' };
const FEEDBACK = { topic: 'Idea', message: 'A dark mode for the 3D tour page would be lovely.' };
const NOMINATION = {
  spaceUrl: 'discover.example.com/space/abc',
  spaceName: 'Cape Point Lighthouse',
  reason: 'The stairs scan is stunning.',
  name: 'Ola',
  email: 'ola@example.com',
};

describe('forms', () => {
  it('stores a contact message, confirms it on the page and by email', async () => {
    const r = await post('/api/forms/contact/', CONTACT);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ kind: 'CONTACT', email: 'ines@example.com' });
    expect(r.json['message']).toContain('message has been sent');
    const emails = await t.emails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ topic: 'form.contact.received', to: 'ines@example.com', subject: 'We received your message | Discover' });
    expect(emails[0]?.text).toContain('> Could we interview your founders');
    expect(emails[0]?.text).toContain(String(r.json['id']));
  });

  it('fills feedback from the signed-in person and prepends https:// to a nominated link', async () => {
    const f = await post('/api/forms/feedback/', FEEDBACK, { who: 'member' });
    expect(f.status).toBe(200);
    expect(f.json['email']).toBe('mia@example.com');
    const n = await post('/api/forms/nominate/', NOMINATION);
    expect(n.status).toBe(200);
    const list = await t.call('admin', 'GET', '/admin/api/submission/?kind=NOMINATION');
    expect(list.json['results']).toEqual([
      expect.objectContaining({ url: 'https://discover.example.com/space/abc', subject: 'Cape Point Lighthouse', name: 'Ola' }),
    ]);
    expect((await t.emails()).map((e) => e.topic)).toEqual(['form.feedback.received', 'form.nomination.received']);
  });

  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const r = await post('/api/forms/contact/', { ...CONTACT, website: 'http://spam.example' });
    expect(r.status).toBe(200);
    expect(r.json['message']).toContain('message has been sent');
    const list = await t.call('admin', 'GET', '/admin/api/submission/');
    expect(list.json['totalResults']).toBe(0);
    expect(await t.emails()).toHaveLength(0);
  });

  it('answers 400 with one problem per field in the spec body', async () => {
    const r = await post('/api/forms/contact/', { name: ' ', email: 'nope', topic: 'Weather', message: 'short' });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'VALIDATION_ERROR', retry: false });
    const fields = (r.json['extra'] as { fields: { path: string; message: string }[] }).fields;
    expect(Object.fromEntries(fields.map((f) => [f.path, f.message]))).toEqual({
      'json.name': 'Please enter your name.',
      'json.email': 'Please enter a valid email address.',
      'json.topic': 'Please choose a topic.',
      'json.message': 'Please write at least 10 characters.',
    });
    const n = await post('/api/forms/nominate/', { ...NOMINATION, spaceUrl: 'https://not a link' });
    expect(n.status).toBe(400);
    expect((n.json['extra'] as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual(['json.spaceUrl']);
  });

  it('limits each address and each signed-in person to 5 submissions per 10 minutes', async () => {
    for (let i = 0; i < RATE_LIMIT; i++) expect((await post('/api/forms/feedback/', FEEDBACK, { ip: '198.51.100.1' })).status).toBe(200);
    const refused = await post('/api/forms/contact/', CONTACT, { ip: '198.51.100.1' });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'RATE_LIMITED', retry: true });
    // Another address is not affected; the same person from another address is.
    expect((await post('/api/forms/contact/', CONTACT, { ip: '198.51.100.2' })).status).toBe(200);
    for (let i = 0; i < RATE_LIMIT; i++) expect((await post('/api/forms/feedback/', FEEDBACK, { who: 'owner', ip: `192.0.2.${i}` })).status).toBe(200);
    expect((await post('/api/forms/feedback/', FEEDBACK, { who: 'owner', ip: '192.0.2.99' })).status).toBe(429);
    // After the window, the address may send again.
    t.clock.advance(RATE_WINDOW_MS + 1000);
    expect((await post('/api/forms/contact/', CONTACT, { ip: '198.51.100.1' })).status).toBe(200);
  });
});

describe('behind a load balancer', () => {
  it('counts per address from CLIENT_IP_HEADER', async () => {
    const lb = await captureApp({ env: { CLIENT_IP_HEADER: 'x-real-ip' } });
    try {
      const send = (ip: string) =>
        lb.app.request('/api/forms/feedback/', {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-real-ip': ip },
          body: JSON.stringify(FEEDBACK),
        });
      for (let i = 0; i < RATE_LIMIT; i++) expect((await send('198.51.100.5')).status).toBe(200);
      expect((await send('198.51.100.5')).status).toBe(429);
      expect((await send('198.51.100.6')).status).toBe(200);
    } finally {
      await lb.close();
    }
  });
});

describe('admin submissions', () => {
  it('lists newest first with paging and filters, marks handled (audited), and is for administrators only', async () => {
    await post('/api/forms/contact/', CONTACT, { ip: '10.0.0.1' });
    t.clock.advance(1000);
    await post('/api/forms/feedback/', FEEDBACK, { ip: '10.0.0.2' });
    t.clock.advance(1000);
    await post('/api/forms/nominate/', NOMINATION, { ip: '10.0.0.3' });

    const all = await t.call('admin', 'GET', '/admin/api/submission/?limit=2');
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ totalResults: 3, hasNext: true, nextOffset: 2 });
    expect((all.json['results'] as { kind: string }[]).map((s) => s.kind)).toEqual(['NOMINATION', 'FEEDBACK']);
    const next = await t.call('admin', 'GET', '/admin/api/submission/?limit=2&offset=2');
    expect((next.json['results'] as { kind: string }[]).map((s) => s.kind)).toEqual(['CONTACT']);

    const contact = (next.json['results'] as { id: string }[])[0]?.id ?? '';
    const done = await t.call('admin', 'POST', `/admin/api/submission/${contact}/handled/`, { handled: true });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ id: contact, handledBy: 'u-admin' });
    expect(typeof done.json['handledAt']).toBe('string');
    expect((await t.call('admin', 'GET', '/admin/api/submission/?status=open')).json['totalResults']).toBe(2);
    expect((await t.call('admin', 'GET', '/admin/api/submission/?status=handled&kind=CONTACT')).json['totalResults']).toBe(1);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('type', '=', 'SUBMISSION').execute();
    expect(audit.map((a) => [a.action, a.userId, a.isAdmin])).toEqual([['HANDLE', 'u-admin', 1]]);
    // Marking it again changes nothing and writes no second entry; reopening does.
    await t.call('admin', 'POST', `/admin/api/submission/${contact}/handled/`, { handled: true });
    const reopened = await t.call('admin', 'POST', `/admin/api/submission/${contact}/handled/`, { handled: false });
    expect(reopened.json).toMatchObject({ handledAt: null, handledBy: null });
    expect((await t.db.kysely.selectFrom('audit_log').select('action').where('type', '=', 'SUBMISSION').execute()).map((a) => a.action)).toEqual([
      'HANDLE',
      'REOPEN',
    ]);

    expect((await t.call('admin', 'POST', '/admin/api/submission/sub_missing/handled/', { handled: true })).status).toBe(404);
    expect((await t.call('owner', 'GET', '/admin/api/submission/')).status).toBe(403);
    expect((await t.call(null, 'GET', '/admin/api/submission/')).status).toBe(401);
    expect((await t.call('admin', 'GET', '/admin/api/submission/?kind=SPAM')).status).toBe(400);
  });
});
