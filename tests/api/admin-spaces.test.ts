import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { AdminTag, ImportResult, SettingValue } from '../../src/domain/admin.ts';
import { pageOf } from '../../src/domain/page.ts';
import { Space, SpaceCard } from '../../src/domain/space.ts';
import { adminApp, body, counts, expectError, expectInvalid, expectNothingWritten, lastAudit, type AdminApp } from './admin-helpers.ts';
import { W } from './fixtures.ts';
import { ftsSpaceRowid } from '../../src/server/modules/spaces/fts.ts';

const SpacePage = pageOf(Space);
const CardPage = pageOf(SpaceCard);
const TagPage = pageOf(AdminTag);

/** What a guest's search finds (ids). */
async function guestSearch(t: AdminApp, input: object): Promise<string[]> {
  t.as(null);
  const page = CardPage.parse(await body(await t.post('/api/content/space/search/', { pageSize: 100, ...input })));
  t.as('admin');
  return page.results.map((s) => s.id);
}
/** The status a guest gets reading a space. */
async function guestRead(t: AdminApp, key: string): Promise<number> {
  t.as(null);
  const res = await t.get(`/api/content/space/${key}/`);
  t.as('admin');
  return res.status;
}
const spaceTagIds = async (t: AdminApp, id: string) =>
  (
    await t.db.kysely
      .selectFrom('space_tags as st')
      .innerJoin('tags as g', 'g.id', 'st.tagId')
      .select('g.name')
      .where('st.spaceId', '=', id)
      .orderBy('g.name')
      .execute()
  ).map((r) => r.name);

describe('GET and PATCH /admin/api/space/{id}/', () => {
  test('GET reads any space, private and moderated ones too; 404 for an unknown one', async () => {
    const t = await adminApp();
    expect(Space.parse(await body(await t.get('/admin/api/space/OFFICEPRV01/')))).toMatchObject({ id: W.space.office, visibility: 'PRIVATE', views: 10 });
    expect(Space.parse(await body(await t.get('/admin/api/space/CASTLEMOD01/'))).moderation).toEqual({ isModerated: true, reason: 'Reported' });
    expect(Space.parse(await body(await t.get('/admin/api/space/old-loft-slug/'))).id).toBe(W.space.loft);
    await expectError(await t.get('/admin/api/space/nope/'), 404, 'NOT_FOUND');
  });

  test('PATCH edits fields and tags (new names become tags; the index follows); audited with before and after, one event', async () => {
    const t = await adminApp();
    const s = Space.parse(
      await body(
        await t.patch('/admin/api/space/LOFTPARIS01/', { name: 'Rooftop Loft', summary: 'Sky high', tags: ['LOFT', 'Rooftop', 'loft'], presentedBy: '' }),
      ),
    );
    expect(s).toMatchObject({
      name: 'Rooftop Loft',
      summary: 'Sky high',
      tags: ['loft', 'Rooftop'],
      presentedBy: null,
      description: 'Modern Loft in Paris in 3D.',
    });
    expect(await spaceTagIds(t, W.space.loft)).toEqual(['Rooftop', 'loft']);
    const audit = await lastAudit(t, 'SPACE', 'UPDATE');
    expect(audit.from).toEqual({
      id: W.space.loft,
      name: 'Modern Loft in Paris',
      summary: 'A bright loft near the Seine',
      presentedBy: 'Pat Presenter',
      tags: ['loft', 'modern'],
    });
    expect(audit.to).toEqual({ id: W.space.loft, name: 'Rooftop Loft', summary: 'Sky high', presentedBy: null, tags: ['loft', 'Rooftop'] });
    expect(await t.events()).toEqual([{ type: 'SPACE', ids: [W.space.loft] }]);
    expect(await guestSearch(t, { searchText: 'rooftop' })).toEqual([W.space.loft]);
    expect(await guestSearch(t, { tags: ['rooftop'] })).toEqual([W.space.loft]);
    expect(await guestSearch(t, { tags: ['modern'] })).not.toContain(W.space.loft);
  });

  test('PATCH visibility and moderation change what guests see', async () => {
    const t = await adminApp();
    await body(await t.patch(`/admin/api/space/${W.space.cafe}/`, { visibility: 'PRIVATE' }));
    expect(await guestRead(t, W.space.cafe)).toBe(404);
    await body(await t.patch(`/admin/api/space/${W.space.cafe}/`, { visibility: 'PUBLIC', moderation: { isModerated: true, reason: 'Reported twice' } }));
    expect(await guestRead(t, W.space.cafe)).toBe(404);
    expect((await lastAudit(t, 'SPACE', 'UPDATE')).to).toEqual({
      id: W.space.cafe,
      visibility: 'PUBLIC',
      moderation: { isModerated: true, reason: 'Reported twice' },
    });
    await body(await t.patch(`/admin/api/space/${W.space.cafe}/`, { moderation: { isModerated: false } }));
    expect(await guestRead(t, W.space.cafe)).toBe(200);
    await expectInvalid(await t.patch(`/admin/api/space/${W.space.cafe}/`, { moderation: { isModerated: true } }), 'json.moderation.reason');
  });

  test('PATCH answers 400 with the field list and 404 for an unknown space; an empty or same-value patch writes nothing', async () => {
    const t = await adminApp();
    await expectInvalid(await t.patch(`/admin/api/space/${W.space.loft}/`, { name: '' }), 'json.name');
    await expectInvalid(await t.patch(`/admin/api/space/${W.space.loft}/`, { visibility: 'SECRET' }), 'json.visibility');
    await expectInvalid(await t.patch(`/admin/api/space/${W.space.loft}/`, { tags: ['x'.repeat(51)] }), 'json.tags.0');
    await expectError(await t.patch('/admin/api/space/nope/', { name: 'X' }), 404, 'NOT_FOUND');
    expect(Space.parse(await body(await t.patch(`/admin/api/space/${W.space.loft}/`, {}))).name).toBe('Modern Loft in Paris');
    await body(await t.patch(`/admin/api/space/${W.space.loft}/`, { name: 'Modern Loft in Paris', tags: ['loft', 'modern'] }));
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });
});

describe('showViewsConfig', () => {
  test('GET reads it (default true); POST false hides view counts from guests but not admins; audited', async () => {
    const t = await adminApp();
    expect(SettingValue.parse(await body(await t.get('/admin/api/space/showViewsConfig/')))).toEqual({ key: 'space.showViews', value: true });
    expect(SettingValue.parse(await body(await t.post('/admin/api/space/showViewsConfig/?newValue=false')))).toEqual({ key: 'space.showViews', value: false });
    expect(await lastAudit(t, 'SETTING', 'UPDATE')).toMatchObject({
      from: { key: 'space.showViews', value: true },
      to: { key: 'space.showViews', value: false },
    });
    expect(await t.events()).toEqual([{ type: 'SETTING', ids: ['space.showViews'] }]);
    expect(Space.parse(await body(await t.get('/admin/api/space/LOFTPARIS01/'))).views).toBe(500);
    t.as(null);
    expect(Space.parse(await body(await t.get('/api/content/space/LOFTPARIS01/'))).views).toBeNull();
    t.as('admin');
    await body(await t.post('/admin/api/space/showViewsConfig/?newValue=true'));
    t.as(null);
    expect(Space.parse(await body(await t.get('/api/content/space/LOFTPARIS01/'))).views).toBe(500);
  });

  test('POST needs newValue true or false', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/space/showViewsConfig/'), 'query.newValue');
    await expectInvalid(await t.post('/admin/api/space/showViewsConfig/?newValue=often'), 'query.newValue');
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });
});

describe('POST /admin/api/space/updateSlug/', () => {
  test('sets a URL-safe slug; the old slug (and older ones) keep leading to the space', async () => {
    const t = await adminApp();
    const s = Space.parse(await body(await t.post('/admin/api/space/updateSlug/', { id: 'LOFTPARIS01', slug: 'paris-loft' })));
    expect(s.slug).toBe('paris-loft');
    expect(await lastAudit(t, 'SPACE', 'UPDATE_SLUG')).toMatchObject({
      from: { id: W.space.loft, slug: 'modern-loft-in-paris' },
      to: { id: W.space.loft, slug: 'paris-loft' },
    });
    expect(await t.events()).toEqual([{ type: 'SPACE', ids: [W.space.loft] }]);
    t.as(null);
    for (const key of ['paris-loft', 'modern-loft-in-paris', 'old-loft-slug']) {
      expect(Space.parse(await body(await t.get(`/api/content/space/${key}/`))).slug, key).toBe('paris-loft');
    }
    t.as('admin');
    // Taking back a former slug makes it current; the one it leaves keeps working too.
    expect(Space.parse(await body(await t.post('/admin/api/space/updateSlug/', { id: W.space.loft, slug: 'old-loft-slug' }))).slug).toBe('old-loft-slug');
    t.as(null);
    expect(Space.parse(await body(await t.get('/api/content/space/paris-loft/'))).slug).toBe('old-loft-slug');
  });

  test('409 when another space uses or used the slug; 400 for a slug that is not URL-safe; 404 for an unknown space', async () => {
    const t = await adminApp();
    await expectError(await t.post('/admin/api/space/updateSlug/', { id: W.space.loft, slug: 'natural-history-museum' }), 409, 'CONFLICT');
    await expectError(await t.post('/admin/api/space/updateSlug/', { id: W.space.museum, slug: 'old-loft-slug' }), 409, 'CONFLICT');
    await expectInvalid(await t.post('/admin/api/space/updateSlug/', { id: W.space.loft, slug: 'Paris Loft!' }), 'json.slug');
    await expectInvalid(await t.post('/admin/api/space/updateSlug/', { id: W.space.loft, slug: '-loft' }), 'json.slug');
    await expectInvalid(await t.post('/admin/api/space/updateSlug/', { id: W.space.loft }), 'json.slug');
    await expectError(await t.post('/admin/api/space/updateSlug/', { id: 'nope', slug: 'fine-slug' }), 404, 'NOT_FOUND');
    expect(Space.parse(await body(await t.post('/admin/api/space/updateSlug/', { id: W.space.loft, slug: 'modern-loft-in-paris' }))).slug).toBe(
      'modern-loft-in-paris',
    );
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });
});

describe('POST and PUT /admin/api/space/import/', () => {
  test('POST creates new spaces and updates known ones by modelId in one audited change', async () => {
    const t = await adminApp();
    const res = ImportResult.parse(
      await body(
        await t.post('/admin/api/space/import/', {
          spaces: [
            {
              modelId: 'HARBOURV001',
              name: 'Harbour View',
              tags: ['Harbour', 'modern'],
              cameras: [{ code: 'MC250' }],
              countryCode: 'pt',
              countryName: 'Portugal',
              city: 'Porto',
              organizationId: 'orgasid001',
              geolocation: { lat: 41.1, long: -8.6 },
              views: 42,
            },
            {
              modelId: 'LOFTPARIS01',
              summary: 'Now with a terrace',
              cameras: [{ code: 'MC300' }, { code: 'XCAM1', manufacturer: 'acme', kind: 'RICOH_THETA_X' }],
            },
            { modelId: 'CAFENYC0001', name: 'Corner Café' },
            { modelId: 'SAMENAME001', name: 'Modern Loft in Paris' },
          ],
        }),
      ),
    );
    expect(res).toMatchObject({ created: 2, updated: 1, unchanged: 1 });
    expect(res.ids[1]).toBe(W.space.loft);
    const harbour = Space.parse(await body(await t.get('/admin/api/space/HARBOURV001/')));
    expect(harbour).toMatchObject({
      name: 'Harbour View',
      slug: 'harbour-view',
      countryCode: 'PT',
      city: 'Porto',
      tags: ['Harbour', 'modern'],
      views: 42,
      visibility: 'PUBLIC',
      organization: { id: W.acc.orgA, companyName: 'Org A' },
      geolocation: { lat: 41.1, long: -8.6, altitude: null },
    });
    expect(harbour.cameras.map((c) => [c.code, c.kind])).toEqual([['MC250', 'MATTERPORT_PRO2']]);
    expect(Space.parse(await body(await t.get('/admin/api/space/SAMENAME001/'))).slug).toBe('modern-loft-in-paris-2');
    const loft = Space.parse(await body(await t.get('/admin/api/space/LOFTPARIS01/')));
    expect(loft).toMatchObject({ summary: 'Now with a terrace', name: 'Modern Loft in Paris' });
    expect(loft.cameras.map((c) => [c.code, c.manufacturer, c.kind])).toEqual([
      ['MC300', 'MATTERPORT', 'MATTERPORT_PRO3'],
      ['XCAM1', 'ACME', 'RICOH_THETA_X'],
    ]);
    const audit = await lastAudit(t, 'SPACE', 'IMPORT');
    expect(audit.from).toEqual([{ id: W.space.loft, modelId: 'LOFTPARIS01', summary: 'A bright loft near the Seine', cameras: ['MC250'] }]);
    expect(await t.events()).toEqual([{ type: 'SPACE', ids: res.ids }]);
    expect(await guestSearch(t, { searchText: 'harbour' })).toEqual([harbour.id]);
    expect(await guestSearch(t, { tags: ['harbour'] })).toEqual([harbour.id]);
  });

  test('POST answers 400 with the field list and imports nothing', async () => {
    const t = await adminApp();
    const post = (spaces: unknown) => t.post('/admin/api/space/import/', { spaces });
    await expectInvalid(await post([]), 'json.spaces');
    await expectInvalid(await post([{ modelId: 'short', name: 'X' }]), 'json.spaces.0.modelId');
    await expectInvalid(await post([{ modelId: 'GOODMODEL01', name: 'Fine' }, { modelId: 'NONAME00001' }]), 'json.spaces.1.name');
    await expectInvalid(await post([{ modelId: 'GOODMODEL01', name: 'Fine', organizationId: 'no-such-org' }]), 'json.spaces.0.organizationId');
    await expectInvalid(await post([{ modelId: 'GOODMODEL01', name: 'Fine', cameras: [{ code: 'MYSTERY' }] }]), 'json.spaces.0.cameras.0.kind');
    await expectInvalid(
      await post([
        { modelId: 'GOODMODEL01', name: 'A' },
        { modelId: 'GOODMODEL01', name: 'B' },
      ]),
      'json.spaces.1.modelId',
    );
    await expectInvalid(await post([{ modelId: 'GOODMODEL01', name: 'A', geolocation: { lat: 100, long: 0 } }]), 'json.spaces.0.geolocation.lat');
    expect(await t.db.kysely.selectFrom('spaces').select('id').where('modelId', '=', 'GOODMODEL01').execute()).toEqual([]);
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });

  test('PUT fills cameras only where a space has none; unknown modelIds answer 404 and change nothing', async () => {
    const t = await adminApp();
    await body(await t.post('/admin/api/space/import/', { spaces: [{ modelId: 'NOCAMERAS01', name: 'Bare' }] }));
    const before = await counts(t);
    await expectError(
      await t.put('/admin/api/space/import/', {
        spaces: [
          { modelId: 'NOCAMERAS01', cameras: [{ code: 'PIXEL8' }] },
          { modelId: 'UNKNOWNMOD1', cameras: [{ code: 'PIXEL8' }] },
        ],
      }),
      404,
      'NOT_FOUND',
    );
    await expectNothingWritten(t, before);
    const res = ImportResult.parse(
      await body(
        await t.put('/admin/api/space/import/', {
          spaces: [
            { modelId: 'NOCAMERAS01', cameras: [{ code: 'PIXEL8' }], name: 'Ignored' },
            { modelId: 'LOFTPARIS01', cameras: [{ code: 'PIXEL8' }] },
          ],
        }),
      ),
    );
    expect(res).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const bare = Space.parse(await body(await t.get('/admin/api/space/NOCAMERAS01/')));
    expect(bare.name).toBe('Bare');
    expect(bare.cameras.map((c) => c.code)).toEqual(['PIXEL8']);
    expect(Space.parse(await body(await t.get('/admin/api/space/LOFTPARIS01/'))).cameras.map((c) => c.code)).toEqual(['MC250']);
    expect(await lastAudit(t, 'SPACE', 'IMPORT_CAMERAS')).toMatchObject({
      from: [{ modelId: 'NOCAMERAS01', cameras: [] }],
      to: [{ modelId: 'NOCAMERAS01', cameras: ['PIXEL8'] }],
    });
  });
});

describe('POST /admin/api/space/importAll/', () => {
  test('re-imports stored spaces: reconciles tags both ways and rebuilds their search rows; audited with the run label', async () => {
    const t = await adminApp();
    // Drift: a tag only in the display list, a tag only in the queryable copy, and a lost full-text row.
    await t.db.kysely
      .updateTable('spaces')
      .set({ tags: JSON.stringify(['museum', 'history', 'dinosaurs']) })
      .where('id', '=', W.space.museum)
      .execute();
    await t.db.kysely.insertInto('space_tags').values({ spaceId: W.space.cafe, tagId: 'tag-modern' }).execute();
    if (t.db.dialect === 'sqlite') {
      await sql`DELETE FROM spaces_fts WHERE ${ftsSpaceRowid()} IN (SELECT rowid FROM spaces WHERE id IN (${W.space.museum}, ${W.space.galaxy}))`.execute(
        t.db.kysely,
      );
    } else await sql`UPDATE spaces SET search_vector = NULL WHERE id IN (${W.space.museum}, ${W.space.galaxy})`.execute(t.db.kysely);
    expect(await guestSearch(t, { searchText: 'fossils' })).toEqual([]);
    expect(await guestSearch(t, { searchText: 'galaxy' })).toEqual([]);
    const res = ImportResult.parse(await body(await t.post('/admin/api/space/importAll/?input=nightly-7', {})));
    expect(res).toMatchObject({ created: 0, updated: 2 });
    expect(res.ids).toHaveLength(10);
    expect(await spaceTagIds(t, W.space.museum)).toEqual(['dinosaurs', 'history', 'museum']);
    expect(Space.parse(await body(await t.get(`/admin/api/space/${W.space.cafe}/`))).tags).toEqual(['cafe', 'modern']);
    expect(await guestSearch(t, { searchText: 'fossils' })).toEqual([W.space.museum]);
    expect(await guestSearch(t, { searchText: 'galaxy' })).toEqual([W.space.galaxy]);
    expect(await guestSearch(t, { tags: ['dinosaurs'] })).toEqual([W.space.museum]);
    const audit = await lastAudit(t, 'SPACE', 'IMPORT_ALL');
    expect(audit.to).toMatchObject({ input: 'nightly-7', reimported: 10 });
    expect(await t.events()).toEqual([{ type: 'SPACE', ids: res.ids }]);
  });

  test('the filter selects which spaces; 400 with the field list for a bad filter', async () => {
    const t = await adminApp();
    expect(ImportResult.parse(await body(await t.post('/admin/api/space/importAll/', { modelIds: ['MUSEUMLDN01'] }))).ids).toEqual([W.space.museum]);
    expect(ImportResult.parse(await body(await t.post('/admin/api/space/importAll/', { organizationId: 'orgbsid001' }))).ids.sort()).toEqual(
      [W.space.cafe, W.space.moma, W.space.museum].sort(),
    );
    expect(ImportResult.parse(await body(await t.post('/admin/api/space/importAll/', { visibility: 'PRIVATE' }))).ids).toEqual([W.space.office]);
    await expectInvalid(await t.post('/admin/api/space/importAll/', { countryCode: 'France' }), 'json.countryCode');
    await expectInvalid(await t.post('/admin/api/space/importAll/', { updatedAfter: 'last week' }), 'json.updatedAfter');
  });
});

describe('POST /admin/api/space/search/', () => {
  const search = async (t: AdminApp, input: object, query = '') => SpacePage.parse(await body(await t.post(`/admin/api/space/search/${query}`, input)));
  const idsOf = (p: { results: { id: string }[] }) => p.results.map((s) => s.id);

  test('finds every space by words or an exact key, moderated and unlisted too; PRIVATE only when asked', async () => {
    const t = await adminApp();
    const museums = await search(t, { searchText: 'museum' });
    expect(idsOf(museums)).toEqual(expect.arrayContaining([W.space.museum, W.space.moma, W.space.castle]));
    expect(museums.results.find((s) => s.id === W.space.castle)?.moderation).toEqual({ isModerated: true, reason: 'Reported' });
    expect(idsOf(await search(t, { searchText: 'GALAXYGAL01' }))).toEqual([W.space.galaxy]);
    // A slug is also words: the exact hit leads and is not listed twice.
    const bySlug = await search(t, { searchText: 'modern-loft-in-paris' });
    expect(bySlug).toMatchObject({ totalResults: 1 });
    expect(idsOf(bySlug)).toEqual([W.space.loft]);
    const modern = await search(t, { searchText: 'museum-of-modern-art' }, '?limit=1&offset=1');
    expect(modern.results.map((x) => x.id)).not.toContain(W.space.moma);
    expect(idsOf(await search(t, { searchText: 'office' }))).toEqual([]);
    expect(idsOf(await search(t, { searchText: 'office', includePrivate: true }))).toEqual([W.space.office]);
    expect(idsOf(await search(t, { visibility: ['PRIVATE'] }))).toEqual([W.space.office]);
    expect(idsOf(await search(t, { visibility: ['UNLISTED'] }))).toEqual([W.space.villa]);
  });

  test('filters by moderation, organization, owner, country and tags; sorts and pages', async () => {
    const t = await adminApp();
    expect(idsOf(await search(t, { moderated: true }))).toEqual([W.space.castle]);
    expect(idsOf(await search(t, { moderated: false }))).not.toContain(W.space.castle);
    expect(idsOf(await search(t, { organizationId: 'orgbsid001', sort: 'name' }))).toEqual([W.space.cafe, W.space.moma, W.space.museum]);
    expect(idsOf(await search(t, { ownerUserId: 'bobsid0001' }))).toEqual([W.space.bobs]);
    expect(idsOf(await search(t, { countryCode: 'us', sort: 'views' }))).toEqual([W.space.moma, W.space.cafe]);
    expect(idsOf(await search(t, { tags: ['modern', 'museum'] }))).toEqual([W.space.moma]);
    expect(idsOf(await search(t, { cameras: ['IPHONE'], sort: 'name' }))).toEqual([W.space.mixed, W.space.moma, W.space.museum]);
    expect(idsOf(await search(t, { cameras: ['ANDROID', 'MATTERPORT_PRO3'], sort: 'name' }))).toEqual([
      W.space.cafe,
      W.space.galaxy,
      W.space.mixed,
      W.space.villa,
    ]);
    const all = await search(t, { sort: 'views' }, '?limit=3&offset=3');
    expect(all).toMatchObject({ totalResults: 9, hasNext: true, nextOffset: 6 });
    expect(idsOf(all)).toEqual([W.space.moma, W.space.loft, W.space.galaxy]);
    expect(idsOf(await search(t, {}, '?limit=2'))).toEqual([W.space.bobs, W.space.mixed]);
  });

  test('answers 400 with the field list', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/space/search/', { visibility: ['HIDDEN'] }), 'json.visibility.0');
    await expectInvalid(await t.post('/admin/api/space/search/', { sort: 'random' }), 'json.sort');
    await expectInvalid(await t.post('/admin/api/space/search/?limit=500', {}), 'query.limit');
  });
});

describe('admin tags', () => {
  test('POST creates a tag with its slug; 409 for a name or slug taken; 400 with the field list', async () => {
    const t = await adminApp();
    expect(AdminTag.parse(await body(await t.post('/admin/api/tag/', { name: ' Rooftop Bars ' })))).toMatchObject({
      name: 'Rooftop Bars',
      slug: 'rooftop-bars',
      spaceCount: 0,
    });
    expect(await lastAudit(t, 'TAG', 'CREATE')).toMatchObject({ from: null, to: { name: 'Rooftop Bars', slug: 'rooftop-bars' } });
    expect(await t.events()).toEqual([]);
    await expectError(await t.post('/admin/api/tag/', { name: 'MUSEUM' }), 409, 'CONFLICT');
    await expectError(await t.post('/admin/api/tag/', { name: 'Museum!' }), 409, 'CONFLICT');
    await expectInvalid(await t.post('/admin/api/tag/', { name: '!!!' }), 'json.name');
    await expectInvalid(await t.post('/admin/api/tag/', {}), 'json.name');
    expect((await t.audit()).length).toBe(1);
  });

  test('GET lists tags by name with their space counts, searchable and paged', async () => {
    const t = await adminApp();
    const all = TagPage.parse(await body(await t.get('/admin/api/tag/')));
    expect(all.totalResults).toBe(11);
    expect(all.results[0]).toMatchObject({ name: 'cafe', slug: 'cafe', spaceCount: 1 });
    expect(all.results.find((g) => g.name === 'museum')?.spaceCount).toBe(3);
    expect(TagPage.parse(await body(await t.get('/admin/api/tag/?searchText=HIST'))).results.map((g) => g.name)).toEqual(['history']);
    const page2 = TagPage.parse(await body(await t.get('/admin/api/tag/?page=2&limit=5')));
    expect(page2).toMatchObject({ hasNext: true, nextOffset: 10 });
    expect(page2.results.map((g) => g.name)).toEqual(all.results.slice(5, 10).map((g) => g.name));
    await expectInvalid(await t.get('/admin/api/tag/?page=0'), 'query.page');
  });
});
