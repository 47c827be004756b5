import { describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { Profile } from '../../src/domain/profile.ts';
import { json, W } from './fixtures.ts';
import { userApp } from './user-helpers.ts';

const fieldsOf = async (res: Response) => (ApiErrorBody.parse(await json(res, 400)).extra as { fields: { path: string }[] }).fields.map((f) => f.path);

describe('POST /api/content/user/me/profile/', () => {
  test("edits the signed-in user's profile, prepends https:// and shows it on their public and personal-account profiles", async () => {
    const t = await userApp('alice');
    const res = await t.call('POST', '/api/content/user/me/profile/', {
      description: 'Lofts and light.',
      location: { description: 'Lisbon' },
      url: 'alice.example/portfolio',
    });
    const p = Profile.parse(await json(res));
    expect(p).toMatchObject({
      sid: 'alicesid01',
      description: 'Lofts and light.',
      location: { description: 'Lisbon' },
      url: 'https://alice.example/portfolio',
    });
    const again = Profile.parse(await json(await t.get('/api/content/user/alicesid01/profile/')));
    expect(again.url).toBe('https://alice.example/portfolio');
    const account = Profile.parse(await json(await t.get(`/api/content/account/${W.acc.alice}/profile/`)));
    expect(account).toMatchObject({ description: 'Lofts and light.', url: 'https://alice.example/portfolio', location: { description: 'Lisbon' } });
    expect(await t.events()).toEqual([{ type: 'USER', ids: [W.user.alice] }]);
  });

  test('changes only the fields given; blank clears one; an empty body changes nothing and emits nothing', async () => {
    const t = await userApp('alice');
    Profile.parse(await json(await t.call('POST', '/api/content/user/me/profile/', { url: '   ' })));
    const p = Profile.parse(await json(await t.get('/api/content/user/me/profile/')));
    expect(p).toMatchObject({ url: null, description: 'I collect lofts.', location: { description: 'Lyon' } });
    await json(await t.call('POST', '/api/content/user/me/profile/', {}));
    expect((await t.events()).length).toBe(1);
  });

  test.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example.com', 'vbscript:msgbox', 'not a url', 'http://'])(
    'refuses the url %s with 400 naming the field, and changes nothing',
    async (url) => {
      const t = await userApp('alice');
      expect(await fieldsOf(await t.call('POST', '/api/content/user/me/profile/', { url, description: 'changed' }))).toEqual(['json.url']);
      expect(Profile.parse(await json(await t.get('/api/content/user/me/profile/'))).description).toBe('I collect lofts.');
      expect(await t.events()).toEqual([]);
    },
  );

  test('lists every bad field: too long text, wrong types', async () => {
    const t = await userApp('alice');
    const paths = await fieldsOf(
      await t.call('POST', '/api/content/user/me/profile/', { description: 'x'.repeat(2001), location: { description: 'y'.repeat(51) }, url: 42 }),
    );
    expect(paths.sort()).toEqual(['json.description', 'json.location.description', 'json.url']);
  });

  test('guests get 401 before the body is looked at; there is no way to name another user', async () => {
    const guest = await userApp();
    expect((await guest.call('POST', '/api/content/user/me/profile/', { url: 'javascript:x' })).status).toBe(401);
    const bob = await userApp('bob');
    expect((await bob.call('POST', `/api/content/user/${W.user.alice}/profile/`, { description: 'hacked' })).status).toBe(404);
    // Unknown keys (an id of someone else) are ignored: the write is always the signed-in user's.
    await json(await bob.call('POST', '/api/content/user/me/profile/', { description: 'mine', userId: W.user.alice, sid: 'alicesid01' }));
    expect(Profile.parse(await json(await bob.get('/api/content/user/alicesid01/profile/'))).description).toBe('I collect lofts.');
  });
});

describe('PUT /api/content/user/me/profile/socialmedia/', () => {
  test('sets every link, fixing the scheme and clearing the missing ones', async () => {
    const t = await userApp('alice');
    const p = Profile.parse(
      await json(
        await t.call('PUT', '/api/content/user/me/profile/socialmedia/', { twitter: 'x.com/alice', facebook: 'https://facebook.com/alice', linkedin: null }),
      ),
    );
    expect(p.socialMedia).toEqual({ twitter: 'https://x.com/alice', facebook: 'https://facebook.com/alice', linkedin: null, instagram: null });
    expect(await t.events()).toEqual([{ type: 'USER', ids: [W.user.alice] }]);
  });

  test('a handle (@name or name) becomes the network profile URL, an address without a scheme gets https:// (issue 27)', async () => {
    const t = await userApp('alice');
    const p = Profile.parse(
      await json(
        await t.call('PUT', '/api/content/user/me/profile/socialmedia/', {
          twitter: '@alice_lofts',
          instagram: 'alice.lofts',
          facebook: 'facebook.com/alice.lofts',
          linkedin: 'alice-lofts',
        }),
      ),
    );
    expect(p.socialMedia).toEqual({
      twitter: 'https://twitter.com/alice_lofts',
      instagram: 'https://www.instagram.com/alice.lofts',
      facebook: 'https://facebook.com/alice.lofts',
      linkedin: 'https://www.linkedin.com/in/alice-lofts',
    });
    const again = Profile.parse(await json(await t.call('PUT', '/api/content/user/me/profile/socialmedia/', { twitter: 'twitter.com/alice' })));
    expect(again.socialMedia.twitter).toBe('https://twitter.com/alice');
    const refused = await t.call('PUT', '/api/content/user/me/profile/socialmedia/', { twitter: '@two words' });
    expect(refused.status).toBe(400);
    expect(await fieldsOf(refused)).toEqual(['json.twitter']);
    const org = Profile.parse(await json(await t.call('PUT', `/api/content/account/${W.acc.orgA}/profile/socialmedia/`, { twitter: 'orga' })));
    expect(org.socialMedia.twitter).toBe('https://twitter.com/orga');
  });

  test('refuses non-http(s) links per field', async () => {
    const t = await userApp('alice');
    const paths = await fieldsOf(
      await t.call('PUT', '/api/content/user/me/profile/socialmedia/', { twitter: 'javascript:alert(1)', instagram: 'data:,x', facebook: 'ok.example' }),
    );
    expect(paths.sort()).toEqual(['json.instagram', 'json.twitter']);
    expect(Profile.parse(await json(await t.get('/api/content/user/me/profile/'))).socialMedia.instagram).toBe('https://instagram.com/alice');
  });
});

describe('/api/content/account/{accountId}/profile/', () => {
  test('an OWNER of the organization edits its profile and links, by id or sid', async () => {
    const t = await userApp('alice');
    const p = Profile.parse(
      await json(await t.call('POST', '/api/content/account/orgasid001/profile/', { description: 'We scan castles.', url: 'http://org-a.example' })),
    );
    expect(p).toMatchObject({ sid: 'orgasid001', description: 'We scan castles.', url: 'http://org-a.example' });
    const s = Profile.parse(
      await json(await t.call('PUT', `/api/content/account/${W.acc.orgA}/profile/socialmedia/`, { linkedin: 'linkedin.com/company/org-a' })),
    );
    expect(s.socialMedia).toEqual({ twitter: null, facebook: null, instagram: null, linkedin: 'https://linkedin.com/company/org-a' });
    expect(await t.events()).toEqual([
      { type: 'ACCOUNT', ids: [W.acc.orgA] },
      { type: 'ACCOUNT', ids: [W.acc.orgA] },
    ]);
  });

  test('others get 403, unknown accounts 404, guests 401, all before the body is read', async () => {
    const bob = await userApp('bob');
    expect((await bob.call('POST', `/api/content/account/${W.acc.orgA}/profile/`, { description: 'hacked' })).status).toBe(403);
    expect((await bob.call('POST', `/api/content/account/${W.acc.orgA}/profile/`, { url: 'javascript:x' })).status).toBe(403);
    expect((await bob.call('PUT', `/api/content/account/${W.acc.alice}/profile/socialmedia/`, {})).status).toBe(403);
    expect((await bob.call('DELETE', `/api/content/account/${W.acc.orgA}/profile/attachment/?type=COVER_IMAGE`)).status).toBe(403);
    expect((await bob.call('POST', '/api/content/account/nope/profile/', {})).status).toBe(404);
    const guest = await userApp();
    expect((await guest.call('POST', `/api/content/account/${W.acc.orgA}/profile/`, {})).status).toBe(401);
    const admin = await userApp('admin');
    expect((await admin.call('POST', `/api/content/account/${W.acc.orgB}/profile/`, { description: 'Curated.' })).status).toBe(200);
    expect(Profile.parse(await json(await bob.get(`/api/content/account/${W.acc.orgA}/profile/`))).description).toBe('We scan lofts.');
  });

  test("a person's own personal account is their profile: editing it edits both", async () => {
    const t = await userApp('alice');
    await json(await t.call('POST', `/api/content/account/${W.acc.alice}/profile/`, { description: 'Via my account.' }));
    expect(Profile.parse(await json(await t.get('/api/content/user/alicesid01/profile/'))).description).toBe('Via my account.');
  });

  test('bad input lists its fields', async () => {
    const t = await userApp('alice');
    expect(await fieldsOf(await t.call('POST', `/api/content/account/${W.acc.orgA}/profile/`, { url: 'javascript:alert(document.cookie)' }))).toEqual([
      'json.url',
    ]);
    expect(await fieldsOf(await t.call('DELETE', `/api/content/account/${W.acc.orgA}/profile/attachment/?type=BANNER`))).toEqual(['query.type']);
  });
});

describe('/api/content/user/follow/', () => {
  const follow = (t: Awaited<ReturnType<typeof userApp>>, accountId: string, on: boolean) =>
    t.call('PUT', '/api/content/user/follow/', { accountId, follow: on });

  test('follows and unfollows as the signed-in user, with the count and state the account page shows', async () => {
    const t = await userApp('bob');
    expect(await json(await follow(t, 'orgbsid001', true))).toEqual({ accountId: W.acc.orgB, following: true, followers: 2 });
    expect(await json(await follow(t, W.acc.orgB, true))).toEqual({ accountId: W.acc.orgB, following: true, followers: 2 });
    expect((await json<{ ids: string[] }>(await t.get('/api/content/user/follow/'))).ids).toContain(W.acc.orgB);
    expect(Profile.parse(await json(await t.get(`/api/content/account/${W.acc.orgB}/profile/`))).followers).toBe(2);
    expect(await json(await follow(t, W.acc.orgB, false))).toEqual({ accountId: W.acc.orgB, following: false, followers: 1 });
    expect(await json(await follow(t, W.acc.orgB, false))).toMatchObject({ following: false, followers: 1 });
    // One event per real change; repeats change nothing.
    expect(await t.events()).toEqual([
      { type: 'ACCOUNT', ids: [W.acc.orgB] },
      { type: 'ACCOUNT', ids: [W.acc.orgB] },
    ]);
  });

  test('hidden accounts cannot be followed but can be unfollowed; nobody follows themselves', async () => {
    const alice = await userApp('alice');
    for (const id of [W.acc.disabled, W.acc.moderated, W.acc.privateOrg, 'nope']) expect((await follow(alice, id, true)).status, id).toBe(404);
    expect(await json(await follow(alice, W.acc.disabled, false))).toMatchObject({ following: false });
    expect(await fieldsOf(await follow(alice, W.acc.alice, true))).toEqual(['json.accountId']);
  });

  test('bad input lists its fields; guests get 401', async () => {
    const t = await userApp('bob');
    expect((await fieldsOf(await t.call('PUT', '/api/content/user/follow/', { accountId: '', follow: 'yes' }))).sort()).toEqual([
      'json.accountId',
      'json.follow',
    ]);
    const guest = await userApp();
    expect((await guest.call('PUT', '/api/content/user/follow/', { accountId: W.acc.orgB, follow: true })).status).toBe(401);
  });

  test('acts only as the signed-in user: a userId in the body is ignored', async () => {
    const t = await userApp('bob');
    await json(await t.call('PUT', '/api/content/user/follow/', { accountId: W.acc.orgB, follow: true, userId: W.user.alice }));
    const rows = await t.db.kysely.selectFrom('follows').select('userId').where('accountId', '=', W.acc.orgB).execute();
    expect(rows.map((r) => r.userId).sort()).toEqual([W.user.alice, W.user.bob]);
  });
});
