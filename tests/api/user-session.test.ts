import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { createTestApp, signInHeaders } from '../../src/server/testing.ts';

/** The user writes with real sessions: the cookie decides who acts, never an id in the request. */
describe('user writes over real sign-in', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ann: { cookie: string; origin: string };
  let annId: string;
  let benId: string;
  beforeAll(async () => {
    t = await createTestApp({ auth: true });
    annId = await createCredentialUser(t.db, { email: 'ann@example.com', firstName: 'Ann', lastName: 'A', password: 'long-enough-password' });
    benId = await createCredentialUser(t.db, { email: 'ben@example.com', firstName: 'Ben', lastName: 'B', password: 'long-enough-password' });
    ann = await signInHeaders(t.auth!, 'ann@example.com', 'long-enough-password');
  });
  afterAll(() => t.close());

  const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    t.app.request(path, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

  test("the session's user is the one edited, whatever ids the body carries", async () => {
    const res = await send('POST', '/api/content/user/me/profile/', { description: 'Ann here', userId: benId }, ann);
    expect(res.status).toBe(200);
    const rows = await t.db.kysely.selectFrom('users').select(['id', 'description']).where('id', 'in', [annId, benId]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.description]))).toEqual({ [annId]: 'Ann here', [benId]: null });
  });

  test('a cross-site write with the cookie is refused', async () => {
    const res = await send('PUT', '/api/content/user/follow/', { accountId: 'x', follow: true }, { cookie: ann.cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  test('a collection created over a real session belongs to that user', async () => {
    const res = await send('POST', '/api/content/collection/', { name: 'Ann list' }, ann);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const row = await t.db.kysely.selectFrom('collections').select('ownerUserId').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.ownerUserId).toBe(annId);
  });
});
