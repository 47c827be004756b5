/**
 * Concurrent writers (issue 16): requests racing for the same unique value or row answer 200 or 409
 * with the spec's error body, never 500, and leave consistent data. Runs in both passes; on
 * PostgreSQL (`npm run test:pg`) the requests really run in parallel on separate connections.
 * Capture bookings racing for one technician's time: tests/api/capture-schedule.test.ts.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { fromDbError } from '../../src/server/platform/errors.ts';
import { adminApp } from './admin-helpers.ts';
import { W } from './fixtures.ts';
import { userApp } from './user-helpers.ts';

const N = 8;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The statuses of the answers, and every error body checked against the spec's shape. */
async function outcome(responses: Response[]): Promise<{ statuses: number[]; errors: ApiErrorBody[] }> {
  const statuses = responses.map((r) => r.status);
  const errors = await Promise.all(responses.filter((r) => r.status >= 400).map(async (r) => ApiErrorBody.parse(await r.json())));
  return { statuses, errors };
}

describe('concurrent writers', () => {
  test('spaces racing for one slug: exactly one gets it, the others answer 409 CONFLICT', async () => {
    const t = await adminApp();
    closers.push(t.close);
    const ids = Object.values(W.space).slice(0, N);
    const { statuses, errors } = await outcome(await Promise.all(ids.map(async (id) => t.post('/admin/api/space/updateSlug/', { id, slug: 'the-one-slug' }))));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(N - 1);
    for (const e of errors) expect(e).toMatchObject({ code: 'CONFLICT' });
    const owners = await t.db.kysely.selectFrom('spaces').select('id').where('slug', '=', 'the-one-slug').execute();
    expect(owners).toHaveLength(1);
  });

  test('one space added to one collection by parallel requests is in it once; no answer is a 500', async () => {
    const t = await userApp('alice');
    closers.push(t.close);
    const add = async () => t.call('PUT', `/api/content/collection/${W.coll.alicePublic}/add/?itemId=${W.space.cafe}`);
    const { statuses, errors } = await outcome(await Promise.all(Array.from({ length: N }, add)));
    for (const s of statuses) expect([200, 409]).toContain(s);
    expect(statuses).toContain(200);
    for (const e of errors) expect(e.code).toBe('CONFLICT');
    const rows = await t.db.kysely
      .selectFrom('collection_children')
      .select('childId')
      .where('collectionId', '=', W.coll.alicePublic)
      .where('childId', '=', W.space.cafe)
      .execute();
    expect(rows).toHaveLength(1);
  });

  test('parallel follows of one account by one person count once; parallel unfollows leave none', async () => {
    const t = await userApp('alice');
    closers.push(t.close);
    const follow = (on: boolean) => async () => t.call('PUT', '/api/content/user/follow/', { accountId: W.acc.orgB, follow: on });
    const on = await outcome(await Promise.all(Array.from({ length: N }, follow(true))));
    for (const s of on.statuses) expect([200, 409]).toContain(s);
    const count = () => t.db.kysely.selectFrom('follows').select('userId').where('accountId', '=', W.acc.orgB).where('userId', '=', W.user.alice).execute();
    expect(await count()).toHaveLength(1);
    const off = await outcome(await Promise.all(Array.from({ length: N }, follow(false))));
    for (const s of off.statuses) expect([200, 409]).toContain(s);
    expect(await count()).toHaveLength(0);
  });
});

describe('database errors as API errors', () => {
  test('unique violations and serialization failures of both engines are 409 CONFLICT; text the database refuses is 400', () => {
    const pgUnique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const sqliteUnique = Object.assign(new Error('UNIQUE constraint failed: spaces.slug'), { code: 'ERR_SQLITE_ERROR', errcode: 2067 });
    const sqlitePk = Object.assign(new Error('UNIQUE constraint failed: follows.userId'), { code: 'ERR_SQLITE_ERROR', errcode: 1555 });
    for (const e of [pgUnique, sqliteUnique, sqlitePk, new Error('wrapped', { cause: pgUnique })]) {
      expect(fromDbError(e)?.toBody()).toMatchObject({ code: 'CONFLICT', retry: false });
      expect(fromDbError(e)?.status).toBe(409);
    }
    for (const code of ['40001', '40P01']) {
      expect(fromDbError(Object.assign(new Error('could not serialize access'), { code }))?.toBody()).toMatchObject({ code: 'CONFLICT', retry: true });
    }
    expect(fromDbError(Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 }))?.status).toBe(409);
    expect(fromDbError(Object.assign(new Error('invalid byte sequence'), { code: '22021' }))?.status).toBe(400);
    expect(fromDbError(Object.assign(new Error('other'), { code: '42P01' }))).toBeNull();
    expect(fromDbError(new Error('plain'))).toBeNull();
  });
});
