import { describe, expect, test } from 'vitest';
import { SpacePrepareResult } from '../../src/domain/space-prepare.ts';
import { json, W } from './fixtures.ts';
import { userApp } from './user-helpers.ts';

/** POST /api/content/space/prepare/ (spec 7, issue 14): the '#add-space' check, which changes nothing. */
describe('POST /api/content/space/prepare/', () => {
  const prepare = async (as: 'alice' | 'bob', id: string) =>
    SpacePrepareResult.parse(await json(await (await userApp(as)).call('POST', '/api/content/space/prepare/', { id })));

  test("the owner's private space can be listed; preparing it changes nothing", async () => {
    const t = await userApp('alice');
    const r = SpacePrepareResult.parse(await json(await t.call('POST', '/api/content/space/prepare/', { id: 'OFFICEPRV01' })));
    expect(r).toMatchObject({ listed: false, owned: true, canList: true, space: { id: W.space.office, visibility: 'PRIVATE' } });
    const row = await t.db.kysely.selectFrom('spaces').select('visibility').where('id', '=', W.space.office).executeTakeFirstOrThrow();
    expect(row.visibility).toBe('PRIVATE');
    expect(await t.events()).toEqual([]);
  });

  test("a listed space says whether it is the caller's own or another account's", async () => {
    expect(await prepare('alice', 'LOFTPARIS01')).toMatchObject({ listed: true, owned: true, canList: false, space: { id: W.space.loft } });
    expect(await prepare('bob', 'LOFTPARIS01')).toMatchObject({ listed: true, owned: false, canList: false, space: { id: W.space.loft } });
    // By id as well as by modelId.
    expect(await prepare('bob', W.space.bobs)).toMatchObject({ listed: true, owned: true });
  });

  test('a space the caller may not see is 404, a guest 401, no id 400', async () => {
    const bob = await userApp('bob');
    expect((await bob.call('POST', '/api/content/space/prepare/', { id: 'OFFICEPRV01' })).status).toBe(404);
    expect((await bob.call('POST', '/api/content/space/prepare/', { id: 'NOSUCHSPACE' })).status).toBe(404);
    expect((await bob.call('POST', '/api/content/space/prepare/', {})).status).toBe(400);
    expect((await (await userApp()).call('POST', '/api/content/space/prepare/', { id: 'LOFTPARIS01' })).status).toBe(401);
  });

  test('is in the OpenAPI document with its meaning', async () => {
    const t = await userApp();
    const doc = await json<{ paths: Record<string, Record<string, { description?: string }>> }>(await t.call('GET', '/api/docs/openapi.json'));
    expect(doc.paths['/api/content/space/prepare/']?.['post']?.description).toMatch(/add-space/);
  });
});
