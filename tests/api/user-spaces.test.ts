import { describe, expect, test } from 'vitest';
import { Space } from '../../src/domain/space.ts';
import { modelIdFrom } from '../../src/domain/user-rules.ts';
import { json, W } from './fixtures.ts';
import { userApp } from './user-helpers.ts';

describe('PATCH /api/content/space/{id}/ (add your space)', () => {
  test('the owner lists a private space on Discover by its modelId', async () => {
    const t = await userApp('alice');
    const s = Space.parse(await json(await t.call('PATCH', '/api/content/space/OFFICEPRV01/', { visibility: 'PUBLIC', summary: ' Our office ' })));
    expect(s).toMatchObject({ id: W.space.office, visibility: 'PUBLIC', summary: 'Our office' });
    const row = await t.db.kysely.selectFrom('spaces').select(['visibility', 'summary']).where('id', '=', W.space.office).executeTakeFirstOrThrow();
    expect(row).toEqual({ visibility: 'PUBLIC', summary: 'Our office' });
    expect(await t.events()).toEqual([{ type: 'SPACE', ids: [W.space.office] }]);
    // The same values again change nothing.
    await json(await t.call('PATCH', '/api/content/space/OFFICEPRV01/', { visibility: 'PUBLIC' }));
    expect((await t.events()).length).toBe(1);
  });

  test('an organization OWNER edits its spaces; others get 403 (visible) or 404 (private); guests 401', async () => {
    const alice = await userApp('alice');
    expect((await alice.call('PATCH', `/api/content/space/${W.space.loft}/`, { name: 'Loft in Paris' })).status).toBe(200);
    const bob = await userApp('bob');
    expect((await bob.call('PATCH', `/api/content/space/${W.space.loft}/`, { name: 'Mine' })).status).toBe(403);
    expect((await bob.call('PATCH', `/api/content/space/${W.space.office}/`, { visibility: 'PUBLIC' })).status).toBe(404);
    expect((await bob.call('PATCH', `/api/content/space/${W.space.castle}/`, {})).status).toBe(404);
    expect((await (await userApp()).call('PATCH', `/api/content/space/${W.space.bobs}/`, {})).status).toBe(401);
    expect(await bob.events()).toEqual([]);
  });

  test('bad input lists its fields', async () => {
    const t = await userApp('bob');
    const res = await t.call('PATCH', `/api/content/space/${W.space.bobs}/`, { visibility: 'EVERYONE', name: '' });
    const body = await json<{ extra: { fields: { path: string }[] } }>(res, 400);
    expect(body.extra.fields.map((f) => f.path).sort()).toEqual(['json.name', 'json.visibility']);
  });
});

describe('modelIdFrom', () => {
  test.each([
    ['LOFTPARIS01', 'LOFTPARIS01'],
    ['https://my.matterport.com/show/?m=LOFTPARIS01&play=1', 'LOFTPARIS01'],
    ['discover.example/discover/space/LOFTPARIS01/', 'LOFTPARIS01'],
    ['https://example.com/models/LOFTPARIS01', 'LOFTPARIS01'],
    ['  LOFTPARIS01  ', 'LOFTPARIS01'],
    ['nothing here', null],
    ['https://example.com/?m=short', null],
  ])('%s → %s', (input, expected) => {
    expect(modelIdFrom(input)).toBe(expected);
  });
});
