import { describe, expect, test } from 'vitest';
import { BulkResult, ConstructResult } from '../../src/domain/admin.ts';
import { Collection } from '../../src/domain/collection.ts';
import { pageOf } from '../../src/domain/page.ts';
import { adminApp, body, counts, expectError, expectInvalid, expectNothingWritten, lastAudit, type AdminApp } from './admin-helpers.ts';
import { W } from './fixtures.ts';

const Page = pageOf(Collection);
const ids = (p: { results: { id: string }[] }) => p.results.map((c) => c.id);
const childIds = (c: Collection) => c.children.results.map((x) => x.space?.id ?? x.collection?.id);
const featured = async (t: AdminApp) => {
  t.as(null);
  const page = Page.parse(await body(await t.get('/api/content/collection/featured')));
  t.as('admin');
  return ids(page);
};

describe('admin collections: create', () => {
  test('POST makes an active featured collection with ordered children; public at once; audited, one event', async () => {
    const t = await adminApp();
    const c = Collection.parse(
      await body(
        await t.post('/admin/api/collection/', {
          name: 'Summer Picks',
          description: 'Warm places',
          metaTitle: 'Summer',
          children: [{ id: 'LOFTPARIS01', order: 1 }, { id: W.space.museum, order: 0 }, { id: 'corner-caf' }],
        }),
      ),
    );
    expect(c).toMatchObject({
      name: 'Summer Picks',
      description: 'Warm places',
      metaTitle: 'Summer',
      type: 'SPACE',
      isActive: true,
      isAdmin: true,
      isUgc: false,
      childrenCount: 3,
      userInfo: null,
    });
    expect(childIds(c)).toEqual([W.space.museum, W.space.loft, W.space.cafe]);
    expect(await featured(t)).toContain(c.id);
    t.as(null);
    expect(Collection.parse(await body(await t.get(`/api/content/collection/${c.sid}/`))).id).toBe(c.id);
    t.as('admin');
    const audit = await lastAudit(t, 'COLLECTION', 'CREATE');
    expect(audit.from).toBeNull();
    expect(audit.to).toMatchObject({ id: c.id, name: 'Summer Picks', isAdmin: true, children: [W.space.museum, W.space.loft, W.space.cafe] });
    expect(await t.events()).toEqual([{ type: 'COLLECTION', ids: [c.id] }]);
  });

  test('a collection of collections nests collections of spaces only', async () => {
    const t = await adminApp();
    const c = Collection.parse(
      await body(await t.post('/admin/api/collection/', { name: 'Best of', type: 'COLLECTION', children: [{ id: 'featsid002' }, { id: W.coll.featured }] })),
    );
    expect(c.children.results.map((x) => x.collection?.id)).toEqual([W.coll.featured2, W.coll.featured]);
    await expectInvalid(
      await t.post('/admin/api/collection/', { name: 'Loop', type: 'COLLECTION', children: [{ id: W.coll.ofCollections }] }),
      'json.children.0.id',
    );
  });

  test('POST answers 400 with the field list and creates nothing', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/collection/', { description: 'No name' }), 'json.name');
    await expectInvalid(await t.post('/admin/api/collection/', { name: 'x'.repeat(71) }), 'json.name');
    await expectInvalid(
      await t.post('/admin/api/collection/', { name: 'Bad child', children: [{ id: W.space.loft }, { id: 'no-such-space' }] }),
      'json.children.1.id',
    );
    await expectInvalid(await t.post('/admin/api/collection/', { name: 'Bad type', type: 'ALBUM' }), 'json.type');
    expect(await t.db.kysely.selectFrom('collections').select('id').where('name', '=', 'Bad child').execute()).toEqual([]);
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });
});

describe('admin collections: list and search', () => {
  test("GET lists featured collections first, then users' public ones; never users' private ones", async () => {
    const t = await adminApp();
    const page = Page.parse(await body(await t.get('/admin/api/collection/?limit=50')));
    expect(ids(page).slice(0, 3)).toEqual([W.coll.ofCollections, W.coll.featured, W.coll.featured2]);
    expect(ids(page)).toEqual(expect.arrayContaining([W.coll.alicePublic, W.coll.moderated, W.coll.carols]));
    for (const hidden of [W.coll.inactive, W.coll.empty, W.coll.aliceFav, W.coll.alicePrivate]) expect(ids(page)).not.toContain(hidden);
    const everything = Page.parse(await body(await t.get('/admin/api/collection/?includeInactive=true&includeEmpty=true&limit=50')));
    expect(ids(everything)).toEqual(expect.arrayContaining([W.coll.inactive, W.coll.empty]));
    expect(ids(everything)).not.toContain(W.coll.aliceFav);
  });

  test('GET filters by isAdmin, isUgc, type, text and space, pages, and embeds children on request', async () => {
    const t = await adminApp();
    const list = async (q: string) => ids(Page.parse(await body(await t.get(`/admin/api/collection/?${q}`))));
    expect(await list('isAdmin=true')).toEqual([W.coll.ofCollections, W.coll.featured, W.coll.featured2]);
    expect(await list('isAdmin=true&includeInactive=true')).toEqual([W.coll.inactive, W.coll.ofCollections, W.coll.featured, W.coll.featured2]);
    expect(await list('isUgc=false&type=COLLECTION')).toEqual([W.coll.ofCollections]);
    expect(await list('searchText=LOFTS')).toEqual([W.coll.alicePublic]);
    expect(await list('spaceId=CAFENYC0001')).toEqual([W.coll.featured2]);
    expect(await list('isAdmin=true&limit=1&offset=1')).toEqual([W.coll.featured]);
    const withChildren = Page.parse(await body(await t.get('/admin/api/collection/?isAdmin=true&type=SPACE&childrenCount=2')));
    expect(withChildren.results[0]?.children.results).toHaveLength(2);
    await expectInvalid(await t.get('/admin/api/collection/?isAdmin=perhaps'), 'query.isAdmin');
  });

  test('POST search filters by the body, excluding ids already chosen', async () => {
    const t = await adminApp();
    const found = Page.parse(await body(await t.post('/admin/api/collection/search/', { searchText: 'featured', idsToExclude: [W.coll.featured] })));
    expect(ids(found)).toEqual([W.coll.featured2]);
    expect(found.results[0]?.children.results).toEqual([]);
    expect(ids(Page.parse(await body(await t.post('/admin/api/collection/search/', { type: 'COLLECTION' }))))).toEqual([W.coll.ofCollections]);
    expect(ids(Page.parse(await body(await t.post('/admin/api/collection/search/', { includeEmpty: true, searchText: 'empty' }))))).toEqual([W.coll.empty]);
    expect(ids(Page.parse(await body(await t.post('/admin/api/collection/search/', { spaceId: 'no-such-space' }))))).toEqual([]);
    await expectInvalid(await t.post('/admin/api/collection/search/', { idsToExclude: 'x' }), 'json.idsToExclude');
  });
});

describe('admin collections: one collection', () => {
  test('GET any collection by id or sid, private ones too; 404 for an unknown one', async () => {
    const t = await adminApp();
    expect(Collection.parse(await body(await t.get('/admin/api/collection/alicepriv1/'))).id).toBe(W.coll.alicePrivate);
    expect(childIds(Collection.parse(await body(await t.get(`/admin/api/collection/${W.coll.featured}/?childrenCount=2&childrenPage=2`))))).toEqual([
      W.space.museum,
      W.space.office,
    ]);
    await expectError(await t.get('/admin/api/collection/nope/'), 404, 'NOT_FOUND');
  });

  test('PATCH changes only the fields given; the event names the collections holding it', async () => {
    const t = await adminApp();
    const c = Collection.parse(await body(await t.patch(`/admin/api/collection/${W.coll.featured}/`, { name: 'Renamed', priority: 99 })));
    expect(c).toMatchObject({ name: 'Renamed', priority: 99, description: 'Featured One description', childrenCount: 6 });
    const audit = await lastAudit(t, 'COLLECTION', 'UPDATE');
    expect(audit.from).toMatchObject({ name: 'Featured One', priority: 10 });
    expect(audit.to).toMatchObject({ name: 'Renamed', priority: 99 });
    expect(await t.events()).toEqual([{ type: 'COLLECTION', ids: [W.coll.featured, W.coll.ofCollections] }]);
    await expectInvalid(await t.patch(`/admin/api/collection/${W.coll.featured}/`, { name: '' }), 'json.name');
    await expectError(await t.patch('/admin/api/collection/nope/', { name: 'X' }), 404, 'NOT_FOUND');
  });

  test('PUT resets what it leaves out (but keeps children and type unless given); type changes need matching children', async () => {
    const t = await adminApp();
    const c = Collection.parse(await body(await t.put(`/admin/api/collection/${W.coll.featured}/`, { name: 'Only a name' })));
    expect(c).toMatchObject({ name: 'Only a name', description: null, priority: 0, isActive: true, type: 'SPACE', childrenCount: 6 });
    await lastAudit(t, 'COLLECTION', 'REPLACE');
    await expectInvalid(await t.put(`/admin/api/collection/${W.coll.featured}/`, { name: 'X', type: 'COLLECTION' }), 'json.type');
    const turned = Collection.parse(
      await body(await t.put(`/admin/api/collection/${W.coll.featured}/`, { name: 'Now nested', type: 'COLLECTION', children: [{ id: W.coll.featured2 }] })),
    );
    expect(turned).toMatchObject({ type: 'COLLECTION', childrenCount: 1 });
    await expectError(await t.put('/admin/api/collection/nope/', { name: 'X' }), 404, 'NOT_FOUND');
  });

  test('DELETE removes it everywhere (also from collections holding it); 404 for an unknown one', async () => {
    const t = await adminApp();
    expect((await t.del(`/admin/api/collection/${W.coll.featured2}/`)).status).toBe(204);
    const audit = await lastAudit(t, 'COLLECTION', 'DELETE');
    expect(audit.from).toMatchObject({ id: W.coll.featured2, name: 'Featured Two' });
    expect(audit.to).toBeNull();
    expect(await t.events()).toEqual([{ type: 'COLLECTION', ids: [W.coll.featured2, W.coll.ofCollections] }]);
    const parent = Collection.parse(await body(await t.get(`/admin/api/collection/${W.coll.ofCollections}/`)));
    expect(parent.children.results.map((x) => x.collection?.id)).not.toContain(W.coll.featured2);
    t.as(null);
    expect((await t.get(`/api/content/collection/${W.coll.featured2}/`)).status).toBe(404);
    t.as('admin');
    const before = await counts(t);
    await expectError(await t.del('/admin/api/collection/nope/'), 404, 'NOT_FOUND');
    await expectNothingWritten(t, before);
  });

  test('PATCH reorder puts the listed children first, by any of their keys; 404 for a non-child', async () => {
    const t = await adminApp();
    const c = Collection.parse(await body(await t.patch(`/admin/api/collection/${W.coll.featured}/reorder/`, { children: ['MOMANYC0001', W.space.museum] })));
    expect(childIds(c)).toEqual([W.space.moma, W.space.museum, W.space.loft, W.space.castle, W.space.office, W.space.villa]);
    const audit = await lastAudit(t, 'COLLECTION', 'REORDER');
    expect(audit.from).toEqual({ id: W.coll.featured, children: [W.space.loft, W.space.castle, W.space.museum, W.space.office, W.space.villa, W.space.moma] });
    t.as(null);
    const pub = Collection.parse(await body(await t.get(`/api/content/collection/${W.coll.featured}/`)));
    expect(pub.children.results[0]?.space?.id).toBe(W.space.moma);
    t.as('admin');
    const before = await counts(t);
    const err = await expectError(await t.patch(`/admin/api/collection/${W.coll.featured}/reorder/`, { children: [W.space.cafe] }), 404, 'NOT_FOUND');
    expect(err.extra).toEqual({ missing: [W.space.cafe] });
    await expectError(await t.patch('/admin/api/collection/nope/reorder/', { children: [W.space.cafe] }), 404, 'NOT_FOUND');
    await expectInvalid(await t.patch(`/admin/api/collection/${W.coll.featured}/reorder/`, { children: [] }), 'json.children');
    await expectNothingWritten(t, before);
  });
});

describe('admin collections: bulk calls', () => {
  test('bulk DELETE is all or nothing', async () => {
    const t = await adminApp();
    await expectError(await t.del('/admin/api/collection/', [W.coll.featured, 'nope']), 404, 'NOT_FOUND');
    await expectNothingWritten(t, { audit: 0, events: 0 });
    expect(await t.db.kysely.selectFrom('collections').select('id').where('id', '=', W.coll.featured).execute()).toHaveLength(1);
    expect((await t.del('/admin/api/collection/', ['featsid001', W.coll.empty])).status).toBe(204);
    expect(await t.db.kysely.selectFrom('collections').select('id').where('id', 'in', [W.coll.featured, W.coll.empty]).execute()).toEqual([]);
    const audit = await lastAudit(t, 'COLLECTION', 'DELETE_BULK');
    expect((audit.from as { id: string }[]).map((c) => c.id).sort()).toEqual([W.coll.empty, W.coll.featured].sort());
  });

  test('PUT activate hides and shows collections publicly, all or nothing', async () => {
    const t = await adminApp();
    expect(BulkResult.parse(await body(await t.put('/admin/api/collection/activate/', { active: false, list: [W.coll.featured, W.coll.inactive] })))).toEqual({
      count: 1,
      ids: [W.coll.featured],
    });
    expect(await featured(t)).not.toContain(W.coll.featured);
    expect((await lastAudit(t, 'COLLECTION', 'DEACTIVATE')).to).toEqual([{ id: W.coll.featured, isActive: false }]);
    const before = await counts(t);
    await expectError(await t.put('/admin/api/collection/activate/', { active: true, list: [W.coll.featured, 'nope'] }), 404, 'NOT_FOUND');
    await expectNothingWritten(t, before);
    expect(await featured(t)).not.toContain(W.coll.featured);
  });

  test("PUT markAdmin features a user's public collection", async () => {
    const t = await adminApp();
    expect(await featured(t)).not.toContain(W.coll.alicePublic);
    expect(BulkResult.parse(await body(await t.put('/admin/api/collection/markAdmin/', { collections: ['alicepub01'], isAdmin: true })))).toEqual({
      count: 1,
      ids: [W.coll.alicePublic],
    });
    expect(await featured(t)).toContain(W.coll.alicePublic);
    await lastAudit(t, 'COLLECTION', 'MARK_ADMIN');
    await expectInvalid(await t.put('/admin/api/collection/markAdmin/', { collections: [W.coll.alicePublic] }), 'json.isAdmin');
    await expectError(await t.put('/admin/api/collection/markAdmin/', { collections: ['nope'], isAdmin: false }), 404, 'NOT_FOUND');
  });

  test('PATCH construct drops dangling children and renumbers positions; a second run changes nothing', async () => {
    const t = await adminApp();
    await t.db.kysely
      .insertInto('collection_children')
      .values([
        { collectionId: W.coll.featured, childType: 'SPACE', childId: 'deleted-space', position: 9, addedAt: '2026-01-01T00:00:00.000Z' },
        { collectionId: W.coll.ofCollections, childType: 'COLLECTION', childId: 'deleted-collection', position: 7, addedAt: '2026-01-01T00:00:00.000Z' },
      ])
      .execute();
    await t.db.kysely
      .updateTable('collection_children')
      .set({ position: 40 })
      .where('collectionId', '=', W.coll.alicePublic)
      .where('childId', '=', W.space.loft)
      .execute();
    const res = ConstructResult.parse(await body(await t.patch('/admin/api/collection/construct/')));
    expect(res).toEqual({ collections: 10, removedChildren: 2, renumbered: 1 });
    const audit = await lastAudit(t, 'COLLECTION', 'CONSTRUCT');
    expect((audit.from as { removed: { childId: string }[] }).removed.map((r) => r.childId).sort()).toEqual(['deleted-collection', 'deleted-space']);
    expect((await t.events())[0]?.ids.sort()).toEqual([W.coll.alicePublic, W.coll.featured, W.coll.ofCollections].sort());
    const alice = Collection.parse(await body(await t.get(`/admin/api/collection/${W.coll.alicePublic}/`)));
    expect(alice.children.results.map((x) => [x.space?.id, x.order])).toEqual([
      [W.space.moma, 0],
      [W.space.loft, 1],
    ]);
    const before = await counts(t);
    expect(ConstructResult.parse(await body(await t.patch('/admin/api/collection/construct/')))).toEqual({
      collections: 10,
      removedChildren: 0,
      renumbered: 0,
    });
    await expectNothingWritten(t, before);
  });
});
