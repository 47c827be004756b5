import { describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { pageOf } from '../../src/domain/page.ts';
import { Space, SpaceCard } from '../../src/domain/space.ts';
import { fixtureApp, json, setSetting, W } from './fixtures.ts';

const SpacePage = pageOf(Space);
const BY_VIEWS = ['space-museum', 'space-moma', 'space-loft', 'space-galaxy', 'space-mixed', 'space-cafe', 'space-bobs'];

describe('GET /api/content/space/', () => {
  test('lists public, unmoderated spaces, most viewed first, as full records', async () => {
    const t = await fixtureApp();
    const page = SpacePage.parse(await json(await t.get('/api/content/space/')));
    expect(page.results.map((s) => s.id)).toEqual(BY_VIEWS);
    expect(page).toMatchObject({ totalResults: 7, hasNext: false, nextOffset: null });
    const moma = page.results.find((s) => s.id === W.space.moma) as Space;
    expect(moma.cameras.map((c) => c.code)).toEqual(['IPHONE14PRO', 'MC250']);
    expect(moma.cameras[1]).toMatchObject({ kind: 'MATTERPORT_PRO2', manufacturer: 'MATTERPORT', label: 'Matterport Pro2' });
    expect(moma.organization).toEqual({ id: W.acc.orgB, companyName: 'Org B' });
    expect(moma.images).toEqual({
      thumbnail: '/media/spaces/key-space-moma/480.webp',
      cover: '/media/spaces/key-space-moma/1200.webp',
      width: 1200,
      height: 800,
    });
    expect(moma.moderation).toEqual({ isModerated: false, reason: null });
  });

  test('pages by offset, page and the keyset cursor with the same results', async () => {
    const t = await fixtureApp();
    const first = await json<{ results: Space[]; hasNext: boolean; nextOffset: number | null; totalResults: number; nextSeek: string | null }>(
      await t.get('/api/content/space/?limit=3'),
    );
    expect(first).toMatchObject({ hasNext: true, nextOffset: 3, totalResults: 7 });
    expect(first.nextSeek).toMatch(/^k1\./);
    const byPage = await json<{ results: Space[] }>(await t.get('/api/content/space/?limit=3&page=2'));
    const byOffset = await json<{ results: Space[] }>(await t.get('/api/content/space/?limit=3&offset=3'));
    const bySeek = await json<{ results: Space[]; nextOffset: number | null }>(await t.get(`/api/content/space/?limit=3&offset=3&seek=${first.nextSeek}`));
    expect(byPage.results.map((s) => s.id)).toEqual(BY_VIEWS.slice(3, 6));
    expect(byOffset.results.map((s) => s.id)).toEqual(BY_VIEWS.slice(3, 6));
    expect(bySeek.results.map((s) => s.id)).toEqual(BY_VIEWS.slice(3, 6));
    expect(bySeek.nextOffset).toBe(6);
    const last = await json<{ results: Space[]; hasNext: boolean; nextOffset: number | null; nextSeek: string | null }>(
      await t.get('/api/content/space/?limit=3&offset=6'),
    );
    expect(last).toMatchObject({ hasNext: false, nextOffset: null, nextSeek: null });
    expect(last.results).toHaveLength(1);
    // Walking every page with the cursor sees every space once.
    const seen: string[] = [];
    let url = '/api/content/space/?limit=2';
    for (let i = 0; i < 10; i++) {
      const p = await json<{ results: Space[]; nextSeek: string | null; nextOffset: number | null }>(await t.get(url));
      seen.push(...p.results.map((s) => s.id));
      if (!p.nextSeek) break;
      url = `/api/content/space/?limit=2&offset=${p.nextOffset}&seek=${p.nextSeek}`;
    }
    expect(seen).toEqual(BY_VIEWS);
  });

  test('filters by featured tag, organization, exclusion and text', async () => {
    const t = await fixtureApp();
    const ids = async (q: string) => (await json<{ results: Space[] }>(await t.get(`/api/content/space/?${q}`))).results.map((s) => s.id);
    expect(await ids(`featuredTag=${W.ft.museums}`)).toEqual([W.space.museum, W.space.moma]);
    expect(await ids(`organizationId=${W.acc.orgB}`)).toEqual([W.space.museum, W.space.moma, W.space.cafe]);
    expect(await ids('excludeId=MUSEUMLDN01')).toEqual(BY_VIEWS.slice(1));
    expect(await ids('searchText=loft')).toEqual([W.space.loft]);
    expect((await t.get('/api/content/space/?featuredTag=nope')).status).toBe(404);
    expect((await t.get(`/api/content/space/?featuredTag=${W.ft.inactive}`)).status).toBe(404);
  });

  test('rejects bad paging with a 400 field list', async () => {
    const t = await fixtureApp();
    const body = ApiErrorBody.parse(await json(await t.get('/api/content/space/?limit=500'), 400));
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(body.extra)).toContain('limit');
    expect((await t.get('/api/content/space/?offset=-1')).status).toBe(400);
  });
});

describe('GET /api/content/space/{id}/', () => {
  test('finds a space by id, modelId, slug and former slug', async () => {
    const t = await fixtureApp();
    for (const key of [W.space.loft, 'LOFTPARIS01', 'modern-loft-in-paris', 'old-loft-slug']) {
      const s = Space.parse(await json(await t.get(`/api/content/space/${key}/`)));
      expect(s.id).toBe(W.space.loft);
    }
  });

  test('answers 404 with the error body for unknown ids', async () => {
    const t = await fixtureApp();
    const body = ApiErrorBody.parse(await json(await t.get('/api/content/space/nope/'), 404));
    expect(body).toMatchObject({ code: 'NOT_FOUND', retry: false });
  });

  test('UNLISTED spaces are readable by id but never listed', async () => {
    const t = await fixtureApp();
    expect(Space.parse(await json(await t.get('/api/content/space/VILLAUNL001/'))).visibility).toBe('UNLISTED');
    const list = await json<{ results: Space[] }>(await t.get('/api/content/space/?limit=200'));
    expect(list.results.map((s) => s.id)).not.toContain(W.space.villa);
  });

  test('PRIVATE spaces are readable only by their owner, organization members and admins', async () => {
    expect((await (await fixtureApp()).get('/api/content/space/OFFICEPRV01/')).status).toBe(404);
    expect((await (await fixtureApp('bob')).get('/api/content/space/OFFICEPRV01/')).status).toBe(404);
    expect((await (await fixtureApp('alice')).get('/api/content/space/OFFICEPRV01/')).status).toBe(200);
    expect((await (await fixtureApp('admin')).get('/api/content/space/OFFICEPRV01/')).status).toBe(200);
    // Alice is a member of Org A, which owns the unlisted villa; membership alone grants reads of org spaces.
    expect((await (await fixtureApp('alice')).get('/api/content/space/VILLAUNL001/')).status).toBe(200);
  });

  test('moderated spaces answer 404 except to admins, who see why', async () => {
    expect((await (await fixtureApp()).get('/api/content/space/CASTLEMOD01/')).status).toBe(404);
    expect((await (await fixtureApp('alice')).get('/api/content/space/CASTLEMOD01/')).status).toBe(404);
    const s = Space.parse(await json(await (await fixtureApp('admin')).get('/api/content/space/CASTLEMOD01/')));
    expect(s.moderation).toEqual({ isModerated: true, reason: 'Reported' });
  });

  test('a signed-in user sees the latest of their collections holding the space', async () => {
    const alice = Space.parse(await json(await (await fixtureApp('alice')).get('/api/content/space/MOMANYC0001/')));
    expect(alice.latestUserCollection).toEqual({ id: W.coll.alicePublic, name: 'Alice Lofts', isFavorite: false });
    const guest = Space.parse(await json(await (await fixtureApp()).get('/api/content/space/MOMANYC0001/')));
    expect(guest.latestUserCollection).toBeNull();
  });

  test('views are hidden from the public when space.showViews is false', async () => {
    const t = await fixtureApp();
    expect(Space.parse(await json(await t.get('/api/content/space/LOFTPARIS01/'))).views).toBe(500);
    await setSetting(t.db.kysely, 'space.showViews', 'false');
    expect(Space.parse(await json(await t.get('/api/content/space/LOFTPARIS01/'))).views).toBeNull();
    const list = await json<{ results: Space[] }>(await t.get('/api/content/space/'));
    expect(list.results.every((s) => s.views === null)).toBe(true);
    const admin = await fixtureApp('admin');
    await setSetting(admin.db.kysely, 'space.showViews', 'false');
    expect(Space.parse(await json(await admin.get('/api/content/space/LOFTPARIS01/'))).views).toBe(500);
  });
});

describe('GET /api/content/space/recommended/', () => {
  test('answers the most viewed public spaces, without the excluded one', async () => {
    const t = await fixtureApp();
    const top = SpaceCard.array().parse(await json(await t.get('/api/content/space/recommended/?number=3')));
    expect(top.map((s) => s.id)).toEqual(BY_VIEWS.slice(0, 3));
    const without = SpaceCard.array().parse(await json(await t.get('/api/content/space/recommended/?number=3&excludeId=MUSEUMLDN01')));
    expect(without.map((s) => s.id)).toEqual(BY_VIEWS.slice(1, 4));
    expect((await t.get('/api/content/space/recommended/?number=0')).status).toBe(400);
  });
});
