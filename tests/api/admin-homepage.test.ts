import { describe, expect, test } from 'vitest';
import { AdminCarouselItem, BulkResult, SettingValue } from '../../src/domain/admin.ts';
import { Banner, CarouselItem, FeaturedTag } from '../../src/domain/homepage.ts';
import { dailyShuffle } from '../../src/server/platform/content/daily-shuffle.ts';
import { TestClock } from '../../src/server/platform/clock.ts';
import { z } from 'zod';
import { adminApp, body, counts, expectError, expectInvalid, expectNothingWritten, lastAudit, type AdminApp } from './admin-helpers.ts';
import { W } from './fixtures.ts';

const Banners = z.array(Banner);
const Slides = z.array(AdminCarouselItem);
const FeaturedTags = z.array(FeaturedTag);

const publicBanners = async (t: AdminApp) => Banners.parse(await body(await t.get('/api/content/banner/'))).map((b) => b.id);
const publicSlides = async (t: AdminApp) =>
  z
    .array(CarouselItem)
    .parse(await body(await t.get('/api/content/fci/')))
    .map((s) => s.id);
const publicTabs = async (t: AdminApp) => FeaturedTags.parse(await body(await t.get('/api/content/featuredTag/?spacesLimit=0'))).map((f) => f.id);

describe('admin banners', () => {
  test('POST creates a banner shown first on the site: colour upper-cased, https:// added, date stored as ISO; audited, one event', async () => {
    const t = await adminApp();
    const b = Banner.parse(
      await body(
        await t.post('/admin/api/banner/', {
          color: 'ffbb00',
          text: 'Spring sale',
          hyperlink: 'example.com/sale',
          expirationDate: '2999-01-01',
          isHideable: false,
        }),
      ),
    );
    expect(b).toMatchObject({
      text: 'Spring sale',
      color: 'FFBB00',
      hyperlink: 'https://example.com/sale',
      expirationDate: '2999-01-01T00:00:00.000Z',
      isActive: true,
      isHideable: false,
    });
    expect((await publicBanners(t))[0]).toBe(b.id);
    const audit = await lastAudit(t, 'BANNER', 'CREATE');
    expect(audit.from).toBeNull();
    expect(audit.to).toEqual(b);
    expect(await t.events()).toEqual([{ type: 'BANNER', ids: [b.id] }]);
  });

  test('POST and PUT answer 400 with the field list', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/banner/', { text: 'No colour' }), 'json.color');
    await expectInvalid(await t.post('/admin/api/banner/', { color: '#FFBB00' }), 'json.color');
    await expectInvalid(await t.post('/admin/api/banner/', { color: 'FFBB00', hyperlink: 'javascript:alert(1)' }), 'json.hyperlink');
    await expectInvalid(await t.post('/admin/api/banner/', { color: 'FFBB00', expirationDate: 'next week' }), 'json.expirationDate');
    await expectInvalid(await t.put('/admin/api/banner/banner-first/', { color: 'FFBB00', text: 'x'.repeat(321) }), 'json.text');
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });

  test('GET lists active, unexpired banners; expired and inactive ones on request', async () => {
    const t = await adminApp();
    expect(Banners.parse(await body(await t.get('/admin/api/banner/'))).map((b) => b.id)).toEqual(['banner-first', 'banner-second']);
    expect(Banners.parse(await body(await t.get('/admin/api/banner/?includeExpired=true'))).map((b) => b.id)).toEqual([
      'banner-expired',
      'banner-first',
      'banner-second',
    ]);
    expect(Banners.parse(await body(await t.get('/admin/api/banner/?includeExpired=true&includeInactive=true'))).map((b) => b.id)).toEqual([
      'banner-inactive',
      'banner-expired',
      'banner-first',
      'banner-second',
    ]);
    await expectInvalid(await t.get('/admin/api/banner/?includeExpired=maybe'), 'query.includeExpired');
  });

  test("expiry follows the app's clock, on the site and in the console", async () => {
    const clock = new TestClock('1999-12-31T23:59:59.000Z');
    const t = await adminApp('admin', { clock });
    const consoleBanners = async () => Banners.parse(await body(await t.get('/admin/api/banner/'))).map((b) => b.id);
    // Before 2000 the banner that expires then is still live; banner-first (2999) too.
    expect(await publicBanners(t)).toEqual(['banner-expired', 'banner-first', 'banner-second']);
    expect(await consoleBanners()).toEqual(['banner-expired', 'banner-first', 'banner-second']);
    clock.set('2000-01-01T00:00:00.000Z');
    expect(await publicBanners(t)).toEqual(['banner-first', 'banner-second']);
    expect(await consoleBanners()).toEqual(['banner-first', 'banner-second']);
    clock.set('2999-01-01T00:00:00.001Z');
    expect(await publicBanners(t)).toEqual(['banner-second']);
    expect(await consoleBanners()).toEqual(['banner-second']);
  });

  test('GET, PUT and DELETE by id; 404 for an unknown id', async () => {
    const t = await adminApp();
    expect(Banner.parse(await body(await t.get('/admin/api/banner/banner-inactive/')))).toMatchObject({ id: 'banner-inactive', isActive: false });
    const put = Banner.parse(
      await body(await t.put('/admin/api/banner/banner-second/', { color: '00AA00', text: 'Changed', hyperlink: 'http://example.org' })),
    );
    expect(put).toMatchObject({ id: 'banner-second', color: '00AA00', text: 'Changed', hyperlink: 'http://example.org', expirationDate: null, isActive: true });
    const audit = await lastAudit(t, 'BANNER', 'UPDATE');
    expect(audit.from).toMatchObject({ id: 'banner-second', text: 'Banner banner-second', color: 'FFBB00' });
    expect(audit.to).toMatchObject({ id: 'banner-second', text: 'Changed', color: '00AA00' });
    expect((await t.del('/admin/api/banner/banner-second/')).status).toBe(204);
    expect((await lastAudit(t, 'BANNER', 'DELETE')).to).toBeNull();
    expect(await publicBanners(t)).toEqual(['banner-first']);
    const before = await counts(t);
    await expectError(await t.get('/admin/api/banner/nope/'), 404, 'NOT_FOUND');
    await expectError(await t.put('/admin/api/banner/nope/', { color: 'FFBB00' }), 404, 'NOT_FOUND');
    await expectError(await t.del('/admin/api/banner/nope/'), 404, 'NOT_FOUND');
    await expectNothingWritten(t, before);
    expect((await t.events()).map((e) => e.type)).toEqual(['BANNER', 'BANNER']);
  });

  test('a banner whose expiration passes drops from the public list', async () => {
    const t = await adminApp();
    expect(await publicBanners(t)).toContain('banner-first');
    await body(await t.put('/admin/api/banner/banner-first/', { color: 'FFBB00', text: 'Over', expirationDate: new Date(Date.now() - 60_000).toISOString() }));
    expect(await publicBanners(t)).not.toContain('banner-first');
    expect(Banners.parse(await body(await t.get('/admin/api/banner/?includeExpired=true'))).map((b) => b.id)).toContain('banner-first');
  });

  test('bulk DELETE is all or nothing', async () => {
    const t = await adminApp();
    const err = await expectError(await t.del('/admin/api/banner/', ['banner-first', 'nope']), 404, 'NOT_FOUND');
    expect(err.extra).toEqual({ missing: ['nope'] });
    expect(await publicBanners(t)).toEqual(['banner-first', 'banner-second']);
    await expectNothingWritten(t, { audit: 0, events: 0 });
    await expectInvalid(await t.del('/admin/api/banner/', []), 'json');
    expect((await t.del('/admin/api/banner/', ['banner-first', 'banner-second'])).status).toBe(204);
    expect(await publicBanners(t)).toEqual([]);
    const audit = await lastAudit(t, 'BANNER', 'DELETE_BULK');
    expect((audit.from as { id: string }[]).map((b) => b.id).sort()).toEqual(['banner-first', 'banner-second']);
    expect(await t.events()).toEqual([{ type: 'BANNER', ids: ['banner-first', 'banner-second'] }]);
  });

  test('PUT activate sets the flag in bulk, all or nothing', async () => {
    const t = await adminApp();
    expect(BulkResult.parse(await body(await t.put('/admin/api/banner/activate/', { active: false, list: ['banner-first', 'banner-inactive'] })))).toEqual({
      count: 1,
      ids: ['banner-first'],
    });
    expect((await lastAudit(t, 'BANNER', 'DEACTIVATE')).to).toEqual([{ id: 'banner-first', isActive: false }]);
    expect(await publicBanners(t)).toEqual(['banner-second']);
    await body(await t.put('/admin/api/banner/activate/', { active: true, list: ['banner-inactive'] }));
    expect(await publicBanners(t)).toEqual(['banner-inactive', 'banner-second']);
    const before = await counts(t);
    await expectError(await t.put('/admin/api/banner/activate/', { active: false, list: ['banner-second', 'nope'] }), 404, 'NOT_FOUND');
    await expectInvalid(await t.put('/admin/api/banner/activate/', { list: ['banner-second'] }), 'json.active');
    await expectNothingWritten(t, before);
    expect(await publicBanners(t)).toEqual(['banner-inactive', 'banner-second']);
  });
});

describe('admin carousel (fci)', () => {
  test('POST adds a slide last: a space by modelId, a collection by sid, a URL with https:// added; audited', async () => {
    const t = await adminApp();
    const space = AdminCarouselItem.parse(
      await body(await t.post('/admin/api/fci/', { type: 'SPACE', item: { id: 'MUSEUMLDN01' }, description: 'Dinosaurs' })),
    );
    expect(space).toMatchObject({ type: 'SPACE', item: { id: W.space.museum, url: null }, isActive: true, description: 'Dinosaurs' });
    expect(space.preview).toMatchObject({ name: 'Natural History Museum', href: '/discover/space/MUSEUMLDN01' });
    expect((await lastAudit(t, 'CAROUSEL_ITEM', 'CREATE')).to).toMatchObject({ id: space.id, type: 'SPACE', itemId: W.space.museum });
    const coll = AdminCarouselItem.parse(await body(await t.post('/admin/api/fci/', { type: 'COLLECTION', item: { id: 'featsid002' } })));
    expect(coll.item.id).toBe(W.coll.featured2);
    const url = AdminCarouselItem.parse(await body(await t.post('/admin/api/fci/', { type: 'URL', item: { url: 'example.com/tour' }, description: 'Tour' })));
    expect(url.item).toEqual({ id: null, url: 'https://example.com/tour' });
    const slides = await publicSlides(t);
    expect(slides.slice(-3)).toEqual([space.id, coll.id, url.id]);
    expect((await t.events()).map((e) => e.type)).toEqual(['CAROUSEL_ITEM', 'CAROUSEL_ITEM', 'CAROUSEL_ITEM']);
  });

  test('POST answers 400 with the field list: ids for SPACE/COLLECTION (existing), a safe url for URL', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/fci/', { type: 'SPACE', item: {} }), 'json.item.id');
    await expectInvalid(await t.post('/admin/api/fci/', { type: 'COLLECTION', item: { url: 'https://example.com' } }), 'json.item.id');
    await expectInvalid(await t.post('/admin/api/fci/', { type: 'URL', item: { id: W.space.loft } }), 'json.item.url');
    await expectInvalid(await t.post('/admin/api/fci/', { type: 'URL', item: { url: 'javascript:alert(1)' } }), 'json.item.url');
    await expectInvalid(await t.post('/admin/api/fci/', { type: 'SPACE', item: { id: 'no-such-space' } }), 'json.item.id');
    await expectInvalid(await t.post('/admin/api/fci/', { type: 'COLLECTION', item: { id: W.space.loft } }), 'json.item.id');
    await expectInvalid(await t.post('/admin/api/fci/', { type: 'VIDEO', item: {} }), 'json.type');
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });

  test('GET lists every slide with what the public carousel shows of it', async () => {
    const t = await adminApp();
    const active = Slides.parse(await body(await t.get('/admin/api/fci/')));
    expect(active.map((s) => s.id)).toEqual([
      'fci-space',
      'fci-collection',
      'fci-url',
      'fci-missing',
      'fci-null',
      'fci-private',
      'fci-moderated',
      'fci-bad-url',
    ]);
    expect(active.find((s) => s.id === 'fci-missing')?.preview).toBeNull();
    expect(active.find((s) => s.id === 'fci-private')?.preview).toBeNull();
    expect(active.find((s) => s.id === 'fci-url')?.preview).toMatchObject({ href: '/discover/search?q=Museums' });
    const all = Slides.parse(await body(await t.get('/admin/api/fci/?includeInactive=true')));
    expect(all.map((s) => s.id)).toContain('fci-inactive');
  });

  test('GET, PUT and DELETE by id; 404 for an unknown id', async () => {
    const t = await adminApp();
    expect(AdminCarouselItem.parse(await body(await t.get('/admin/api/fci/fci-inactive/')))).toMatchObject({ isActive: false, item: { id: W.space.museum } });
    const put = AdminCarouselItem.parse(
      await body(await t.put('/admin/api/fci/fci-missing/', { type: 'SPACE', item: { id: 'galaxy-gallery' }, description: 'Fixed' })),
    );
    expect(put).toMatchObject({ item: { id: W.space.galaxy }, description: 'Fixed' });
    expect(put.preview).not.toBeNull();
    const audit = await lastAudit(t, 'CAROUSEL_ITEM', 'UPDATE');
    expect(audit.from).toMatchObject({ itemId: 'no-such-space' });
    expect(audit.to).toMatchObject({ itemId: W.space.galaxy, description: 'Fixed' });
    expect(await publicSlides(t)).toContain('fci-missing');
    expect((await t.del('/admin/api/fci/fci-space/')).status).toBe(204);
    expect(await publicSlides(t)).not.toContain('fci-space');
    const before = await counts(t);
    await expectError(await t.get('/admin/api/fci/nope/'), 404, 'NOT_FOUND');
    await expectError(await t.put('/admin/api/fci/nope/', { type: 'URL', item: { url: '/discover/' } }), 404, 'NOT_FOUND');
    await expectError(await t.del('/admin/api/fci/nope/'), 404, 'NOT_FOUND');
    await expectError(await t.patch('/admin/api/fci/nope/reorder/', { position: 0 }), 404, 'NOT_FOUND');
    await expectNothingWritten(t, before);
  });

  test('PATCH reorder moves a slide to a place in the public order', async () => {
    const t = await adminApp();
    expect((await publicSlides(t))[0]).toBe('fci-space');
    const all = Slides.parse(await body(await t.patch('/admin/api/fci/fci-url/reorder/', { position: 0 })));
    expect(all[0]?.id).toBe('fci-url');
    expect(await publicSlides(t)).toEqual(['fci-url', 'fci-space', 'fci-collection']);
    const audit = await lastAudit(t, 'CAROUSEL_ITEM', 'REORDER');
    expect((audit.to as string[]).slice(0, 3)).toEqual(['fci-url', 'fci-space', 'fci-collection']);
    await body(await t.patch('/admin/api/fci/fci-url/reorder/', { position: 99 }));
    expect((await publicSlides(t)).at(-1)).toBe('fci-url');
    await expectInvalid(await t.patch('/admin/api/fci/fci-url/reorder/', { position: -1 }), 'json.position');
  });

  test('bulk DELETE and activate are all or nothing', async () => {
    const t = await adminApp();
    await expectError(await t.del('/admin/api/fci/', ['fci-space', 'nope']), 404, 'NOT_FOUND');
    await expectError(await t.put('/admin/api/fci/activate/', { active: false, list: ['fci-space', 'nope'] }), 404, 'NOT_FOUND');
    await expectNothingWritten(t, { audit: 0, events: 0 });
    expect(await publicSlides(t)).toEqual(['fci-space', 'fci-collection', 'fci-url']);
    expect(BulkResult.parse(await body(await t.put('/admin/api/fci/activate/', { active: false, list: ['fci-space'] })))).toEqual({
      count: 1,
      ids: ['fci-space'],
    });
    expect(await publicSlides(t)).toEqual(['fci-collection', 'fci-url']);
    expect((await t.del('/admin/api/fci/', ['fci-collection', 'fci-url'])).status).toBe(204);
    expect(await publicSlides(t)).toEqual([]);
    expect(await t.events()).toEqual([
      { type: 'CAROUSEL_ITEM', ids: ['fci-space'] },
      { type: 'CAROUSEL_ITEM', ids: ['fci-collection', 'fci-url'] },
    ]);
  });
});

describe('admin featured tags', () => {
  test('POST creates a featured tag of existing tags (any case) placed last; audited', async () => {
    const t = await adminApp();
    const ft = FeaturedTag.parse(await body(await t.post('/admin/api/featuredTag/', { name: 'Cafés & Galleries', tags: ['CAFE', 'gallery', 'cafe'] })));
    expect(ft).toMatchObject({ name: 'Cafés & Galleries', isActive: true, tags: ['cafe', 'gallery'] });
    expect(ft.spaces.map((s) => s.id).sort()).toEqual([W.space.cafe, W.space.galaxy].sort());
    expect((await publicTabs(t)).at(-1)).toBe(ft.id);
    expect((await lastAudit(t, 'FEATURED_TAG', 'CREATE')).to).toMatchObject({ id: ft.id, tags: ['cafe', 'gallery'] });
    expect(await t.events()).toEqual([{ type: 'FEATURED_TAG', ids: [ft.id] }]);
  });

  test('POST and PUT answer 400 with the field list', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/featuredTag/', { name: 'X', tags: ['museum', 'no-such-tag'] }), 'json.tags.1');
    await expectInvalid(await t.post('/admin/api/featuredTag/', { name: 'X', tags: [] }), 'json.tags');
    await expectInvalid(await t.post('/admin/api/featuredTag/', { tags: ['museum'] }), 'json.name');
    await expectInvalid(await t.put(`/admin/api/featuredTag/${W.ft.museums}/`, { name: '', tags: ['museum'] }), 'json.name');
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });

  test('GET lists in priority order, inactive ones too unless filtered', async () => {
    const t = await adminApp();
    const all = FeaturedTags.parse(await body(await t.get('/admin/api/featuredTag/')));
    expect(all.map((f) => f.id)).toEqual([W.ft.museums, W.ft.inactive, W.ft.modern, W.ft.empty]);
    expect(all[0]?.spaces.length).toBeLessThanOrEqual(4);
    expect(FeaturedTags.parse(await body(await t.get('/admin/api/featuredTag/?filterInactive=true&filterEmpty=true'))).map((f) => f.id)).toEqual([
      W.ft.museums,
      W.ft.modern,
    ]);
    expect(FeaturedTags.parse(await body(await t.get(`/admin/api/featuredTag/?spaceId=LOFTPARIS01`))).map((f) => f.id)).toEqual([W.ft.modern]);
  });

  test('GET, PUT and DELETE by id; 404 for an unknown id', async () => {
    const t = await adminApp();
    expect(FeaturedTag.parse(await body(await t.get(`/admin/api/featuredTag/${W.ft.inactive}/`)))).toMatchObject({ isActive: false, name: 'Cafés' });
    const put = FeaturedTag.parse(await body(await t.put(`/admin/api/featuredTag/${W.ft.inactive}/`, { name: 'Coffee', tags: ['cafe'], isActive: true })));
    expect(put).toMatchObject({ name: 'Coffee', isActive: true, tags: ['cafe'] });
    expect(await publicTabs(t)).toContain(W.ft.inactive);
    const audit = await lastAudit(t, 'FEATURED_TAG', 'UPDATE');
    expect(audit.from).toMatchObject({ name: 'Cafés', isActive: false });
    expect(audit.to).toMatchObject({ name: 'Coffee', isActive: true });
    expect((await t.del(`/admin/api/featuredTag/${W.ft.empty}/`)).status).toBe(204);
    expect(await publicTabs(t)).not.toContain(W.ft.empty);
    const before = await counts(t);
    await expectError(await t.get('/admin/api/featuredTag/nope/'), 404, 'NOT_FOUND');
    await expectError(await t.put('/admin/api/featuredTag/nope/', { name: 'X', tags: ['museum'] }), 404, 'NOT_FOUND');
    await expectError(await t.del('/admin/api/featuredTag/nope/'), 404, 'NOT_FOUND');
    await expectError(await t.patch('/admin/api/featuredTag/nope/reorder/', { position: 1 }), 404, 'NOT_FOUND');
    await expectNothingWritten(t, before);
  });

  test('PATCH reorder changes the public order', async () => {
    const t = await adminApp();
    expect(await publicTabs(t)).toEqual([W.ft.museums, W.ft.modern, W.ft.empty]);
    await body(await t.patch(`/admin/api/featuredTag/${W.ft.modern}/reorder/`, { position: 0 }));
    expect(await publicTabs(t)).toEqual([W.ft.modern, W.ft.museums, W.ft.empty]);
    await lastAudit(t, 'FEATURED_TAG', 'REORDER');
    await expectInvalid(await t.patch(`/admin/api/featuredTag/${W.ft.modern}/reorder/`, {}), 'json.position');
  });

  test('bulk DELETE and activate are all or nothing', async () => {
    const t = await adminApp();
    await expectError(await t.del('/admin/api/featuredTag/', [W.ft.museums, 'nope']), 404, 'NOT_FOUND');
    await expectError(await t.put('/admin/api/featuredTag/activate/', { active: true, list: [W.ft.inactive, 'nope'] }), 404, 'NOT_FOUND');
    await expectNothingWritten(t, { audit: 0, events: 0 });
    expect(BulkResult.parse(await body(await t.put('/admin/api/featuredTag/activate/', { active: true, list: [W.ft.inactive, W.ft.museums] })))).toEqual({
      count: 1,
      ids: [W.ft.inactive],
    });
    expect(await publicTabs(t)).toEqual([W.ft.museums, W.ft.inactive, W.ft.modern, W.ft.empty]);
    expect((await t.del('/admin/api/featuredTag/', [W.ft.museums, W.ft.modern])).status).toBe(204);
    expect(await publicTabs(t)).toEqual([W.ft.inactive, W.ft.empty]);
    await lastAudit(t, 'FEATURED_TAG', 'DELETE_BULK');
  });

  test('randomize: GET reads it, PUT turns it on and the public order becomes the daily shuffle; audited', async () => {
    const t = await adminApp();
    // Enough tabs that a shuffle cannot plausibly keep the priority order.
    for (let i = 0; i < 12; i++) await body(await t.post('/admin/api/featuredTag/', { name: `Extra ${i}`, tags: ['museum'] }));
    const byPriority = await publicTabs(t);
    expect(SettingValue.parse(await body(await t.get('/admin/api/featuredTag/randomize/')))).toEqual({ key: 'featuredTags.randomize', value: false });
    const before = (await t.events()).length;
    expect(SettingValue.parse(await body(await t.put('/admin/api/featuredTag/randomize/?newValue=true')))).toEqual({
      key: 'featuredTags.randomize',
      value: true,
    });
    const audit = await lastAudit(t, 'SETTING', 'UPDATE');
    expect(audit).toMatchObject({ from: { key: 'featuredTags.randomize', value: false }, to: { key: 'featuredTags.randomize', value: true } });
    expect((await t.events()).slice(before)).toEqual([{ type: 'SETTING', ids: ['featuredTags.randomize'] }]);
    expect(SettingValue.parse(await body(await t.get('/admin/api/featuredTag/randomize/'))).value).toBe(true);
    const shuffled = await publicTabs(t);
    expect(shuffled).toEqual(dailyShuffle(byPriority, (id) => id, new Date()));
    expect(shuffled).not.toEqual(byPriority);
    expect([...shuffled].sort()).toEqual([...byPriority].sort());
    await body(await t.put('/admin/api/featuredTag/randomize/?newValue=false'));
    expect(await publicTabs(t)).toEqual(byPriority);
  });

  test('randomize PUT needs newValue true or false', async () => {
    const t = await adminApp();
    await expectInvalid(await t.put('/admin/api/featuredTag/randomize/'), 'query.newValue');
    await expectInvalid(await t.put('/admin/api/featuredTag/randomize/?newValue=sometimes'), 'query.newValue');
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });
});
