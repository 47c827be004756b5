import { describe, expect, test } from 'vitest';
import { createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { createTestApp, signInHeaders } from '../../src/server/testing.ts';
import { adminRouters } from '../../src/server/modules/admin.index.ts';
import { OpenAPIHono } from '@hono/zod-openapi';
import { adminApp, expectError } from './admin-helpers.ts';

/** Every admin operation of spec section 7 with a concrete path (ids of the fixture world). */
const OPERATIONS: [string, string][] = [
  ['POST', '/admin/api/account/importAll/'],
  ['POST', '/admin/api/account/search/'],
  ['POST', '/admin/api/account/updateStatusAll/'],
  ['POST', '/admin/api/account/updateStatus/'],
  ['POST', '/admin/api/user/updateStatusAll/'],
  ['POST', '/admin/api/user/updateStatus/'],
  ['POST', '/admin/api/audit/'],
  ['POST', '/admin/api/banner/'],
  ['GET', '/admin/api/banner/'],
  ['DELETE', '/admin/api/banner/'],
  ['GET', '/admin/api/banner/banner-first/'],
  ['PUT', '/admin/api/banner/banner-first/'],
  ['DELETE', '/admin/api/banner/banner-first/'],
  ['PUT', '/admin/api/banner/activate/'],
  ['POST', '/admin/api/collection/'],
  ['GET', '/admin/api/collection/'],
  ['DELETE', '/admin/api/collection/'],
  ['GET', '/admin/api/collection/coll-featured/'],
  ['PUT', '/admin/api/collection/coll-featured/'],
  ['PATCH', '/admin/api/collection/coll-featured/'],
  ['DELETE', '/admin/api/collection/coll-featured/'],
  ['PATCH', '/admin/api/collection/coll-featured/reorder/'],
  ['POST', '/admin/api/collection/search/'],
  ['PUT', '/admin/api/collection/activate/'],
  ['PUT', '/admin/api/collection/markAdmin/'],
  ['PATCH', '/admin/api/collection/construct/'],
  ['POST', '/admin/api/fci/'],
  ['GET', '/admin/api/fci/'],
  ['DELETE', '/admin/api/fci/'],
  ['GET', '/admin/api/fci/fci-space/'],
  ['PUT', '/admin/api/fci/fci-space/'],
  ['DELETE', '/admin/api/fci/fci-space/'],
  ['PATCH', '/admin/api/fci/fci-space/reorder/'],
  ['PUT', '/admin/api/fci/activate/'],
  ['POST', '/admin/api/featuredTag/'],
  ['GET', '/admin/api/featuredTag/'],
  ['DELETE', '/admin/api/featuredTag/'],
  ['GET', '/admin/api/featuredTag/ft-museums/'],
  ['PUT', '/admin/api/featuredTag/ft-museums/'],
  ['DELETE', '/admin/api/featuredTag/ft-museums/'],
  ['PATCH', '/admin/api/featuredTag/ft-museums/reorder/'],
  ['PUT', '/admin/api/featuredTag/activate/'],
  ['GET', '/admin/api/featuredTag/randomize/'],
  ['PUT', '/admin/api/featuredTag/randomize/?newValue=true'],
  ['POST', '/admin/api/moderation/'],
  ['GET', '/admin/api/moderation/'],
  ['DELETE', '/admin/api/moderation/mod-castle/'],
  ['DELETE', '/admin/api/moderation/?itemId=space-castle&itemType=SPACE'],
  ['GET', '/admin/api/space/space-loft/'],
  ['PATCH', '/admin/api/space/space-loft/'],
  ['GET', '/admin/api/space/showViewsConfig/'],
  ['POST', '/admin/api/space/showViewsConfig/?newValue=false'],
  ['POST', '/admin/api/space/importAll/'],
  ['POST', '/admin/api/space/import/'],
  ['PUT', '/admin/api/space/import/'],
  ['POST', '/admin/api/space/search/'],
  ['POST', '/admin/api/space/updateSlug/'],
  ['POST', '/admin/api/tag/'],
  ['GET', '/admin/api/tag/'],
];

describe('the admin API is for administrators only', () => {
  test('every call answers 401 to a guest and 403 to a signed-in non-admin, and changes nothing', async () => {
    const t = await adminApp(null);
    for (const who of [null, 'alice', 'bob'] as const) {
      t.as(who);
      for (const [method, path] of OPERATIONS) {
        const res = await t.app.request(path, {
          method,
          headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
        await expectError(res, who ? 403 : 401, who ? 'FORBIDDEN' : 'UNAUTHORIZED');
      }
    }
    expect(await t.audit()).toEqual([]);
    expect(await t.events()).toEqual([]);
  });

  test('with real sign-in: a user gets 403, an administrator gets through', async () => {
    const t = await createTestApp({ auth: true });
    if (!t.auth) throw new Error('auth not wired');
    await createCredentialUser(t.db, { email: 'pat@example.com', firstName: 'Pat', lastName: 'User', password: 'pat-password-1' });
    await createCredentialUser(t.db, { email: 'root@example.com', firstName: 'Root', lastName: 'Admin', password: 'root-password-1', isPrivileged: true });
    const user = await signInHeaders(t.auth, 'pat@example.com', 'pat-password-1');
    const admin = await signInHeaders(t.auth, 'root@example.com', 'root-password-1');
    const call = (h: { cookie: string; origin: string } | null, method: string, path: string, payload?: unknown) =>
      t.app.request(path, {
        method,
        headers: { 'Content-Type': 'application/json', ...(h ?? {}) },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
    await expectError(await call(null, 'GET', '/admin/api/banner/'), 401, 'UNAUTHORIZED');
    await expectError(await call(user, 'GET', '/admin/api/banner/'), 403, 'FORBIDDEN');
    await expectError(await call(user, 'POST', '/admin/api/banner/', { color: 'FFBB00', text: 'Hi' }), 403, 'FORBIDDEN');
    expect((await call(admin, 'GET', '/admin/api/banner/')).status).toBe(200);
    const created = await call(admin, 'POST', '/admin/api/banner/', { color: 'ffbb00', text: 'Hello' });
    expect(created.status).toBe(200);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().execute();
    expect(audit).toHaveLength(1);
    const adminRow = await t.db.kysely.selectFrom('users').select('id').where('email', '=', 'root@example.com').executeTakeFirstOrThrow();
    expect(audit[0]).toMatchObject({ type: 'BANNER', action: 'CREATE', userId: adminRow.id, isAdmin: 1 });
    // A cross-site write is refused even for an administrator.
    const cross = await t.app.request('/admin/api/banner/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie: admin.cookie, origin: 'https://evil.example' },
      body: '{"color":"FFBB00"}',
    });
    expect(cross.status).toBe(403);
  });
});

describe('OpenAPI', () => {
  interface Op {
    responses: Record<string, unknown>;
    requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  }
  const doc = () => {
    const app = new OpenAPIHono();
    for (const r of adminRouters()) app.route('/', r as unknown as OpenAPIHono);
    return app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'admin', version: '1' } }) as unknown as {
      paths: Record<string, Record<string, Op>>;
      components: { schemas: Record<string, unknown> };
    };
  };

  test('documents every admin call with its success and error answers', () => {
    const d = doc();
    const ops = Object.entries(d.paths).flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, path: p, op })));
    // The spec's calls, plus the product's own admin calls (webhooks, capture services …), which the permission grid covers.
    expect(ops.length).toBeGreaterThanOrEqual(OPERATIONS.length);
    for (const [method, path] of OPERATIONS) {
      const key = `${method} ${path.replace(/\?.*$/, '').replace(/\/(banner-first|coll-featured|fci-space|ft-museums|mod-castle|space-loft)\//, '/{id}/')}`;
      expect(
        ops.map((o) => o.key),
        key,
      ).toContain(key);
    }
    for (const { key, path, op } of ops) {
      const codes = Object.keys(op.responses);
      expect(
        codes.some((s) => s === '200' || s === '201' || s === '202' || s === '204'),
        key,
      ).toBe(true);
      for (const s of ['400', '401', '403']) expect(codes, key).toContain(s);
      if (path.includes('{id}')) expect(codes, key).toContain('404');
    }
  });

  test('names the input shapes the spec lists', () => {
    const names = Object.keys(doc().components.schemas);
    for (const n of [
      'SpaceInput',
      'SpaceSlugInput',
      'TagInput',
      'ImportAllFilter',
      'SpacesImportDto',
      'AdminSpaceSearchDto',
      'BannerInput',
      'CarouselItemInput',
      'FeaturedTagInput',
      'AdminCollectionInput',
      'ModerationInput',
      'AuditSearchInput',
      'AuditEntry',
      'StatusInput',
      'ApiError',
    ]) {
      expect(names, n).toContain(n);
    }
  });
});
