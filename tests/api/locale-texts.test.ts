import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { AdminCarouselItem } from '../../src/domain/admin.ts';
import { Banner, CarouselItem, FeaturedTag, FeaturedTagName } from '../../src/domain/homepage.ts';
import { adminApp, body, expectInvalid, lastAudit, type AdminApp } from './admin-helpers.ts';
import { W } from './fixtures.ts';

/** Curated texts per locale (issue 26): set through the admin API, audited, answered per locale with English as the fallback. */

const banners = async (t: AdminApp, query = '') => z.array(Banner).parse(await body(await t.get(`/api/content/banner/${query}`)));

describe('banner texts per locale', () => {
  test('a German banner text is answered with locale=de; fr falls back to English; without locale every variant comes along; audited', async () => {
    const t = await adminApp();
    const created = Banner.parse(
      await body(
        await t.post('/admin/api/banner/', { color: 'FFBB00', text: 'Spring sale', translations: { de: { text: '  Frühlingsangebot ' }, fr: { text: '' } } }),
      ),
    );
    // Blank variants are dropped (they would show nothing): French falls back to English.
    expect(created.translations).toEqual({ de: { text: 'Frühlingsangebot' } });
    const audit = await lastAudit(t, 'BANNER', 'CREATE');
    expect(audit.to).toMatchObject({ translations: { de: { text: 'Frühlingsangebot' } } });

    const de = (await banners(t, '?locale=de')).find((b) => b.id === created.id);
    expect(de).toMatchObject({ text: 'Frühlingsangebot', translations: {} });
    const fr = (await banners(t, '?locale=fr')).find((b) => b.id === created.id);
    expect(fr).toMatchObject({ text: 'Spring sale', translations: {} });
    const en = (await banners(t, '?locale=en')).find((b) => b.id === created.id);
    expect(en?.text).toBe('Spring sale');
    const all = (await banners(t)).find((b) => b.id === created.id);
    expect(all).toMatchObject({ text: 'Spring sale', translations: { de: { text: 'Frühlingsangebot' } } });
    await expectInvalid(await t.get('/api/content/banner/?locale=xx'), 'query.locale');
  });

  test('PUT replaces the variants when given and keeps them when left out; the audit shows before and after', async () => {
    const t = await adminApp();
    const b = Banner.parse(await body(await t.post('/admin/api/banner/', { color: 'FFBB00', text: 'Sale', translations: { de: { text: 'Angebot' } } })));
    await body(await t.put(`/admin/api/banner/${b.id}/`, { color: 'FFBB00', text: 'Sale!', translations: { fr: { text: 'Soldes' } } }));
    const audit = await lastAudit(t, 'BANNER', 'UPDATE');
    expect(audit.from).toMatchObject({ translations: { de: { text: 'Angebot' } } });
    expect(audit.to).toMatchObject({ translations: { fr: { text: 'Soldes' } } });
    const kept = Banner.parse(await body(await t.put(`/admin/api/banner/${b.id}/`, { color: 'FFBB00', text: 'Sale!!' })));
    expect(kept.translations).toEqual({ fr: { text: 'Soldes' } });
    await expectInvalid(
      await t.put(`/admin/api/banner/${b.id}/`, { color: 'FFBB00', translations: { de: { text: 'x'.repeat(321) } } }),
      'json.translations.de.text',
    );
    await expectInvalid(await t.put(`/admin/api/banner/${b.id}/`, { color: 'FFBB00', translations: { xx: { text: 'x' } } }), 'json.translations');
  });
});

describe('featured tag names and carousel descriptions per locale', () => {
  test('a featured tag name in Japanese reaches the list, one tag and the names list with locale=ja; English elsewhere', async () => {
    const t = await adminApp();
    const tag = FeaturedTag.parse(
      await body(await t.post('/admin/api/featuredTag/', { name: 'Museums', tags: ['museum'], translations: { ja: { name: '博物館' } } })),
    );
    expect(tag.translations).toEqual({ ja: { name: '博物館' } });
    expect((await lastAudit(t, 'FEATURED_TAG', 'CREATE')).to).toMatchObject({ translations: { ja: { name: '博物館' } } });
    const list = z.array(FeaturedTag).parse(await body(await t.get('/api/content/featuredTag/?spacesLimit=0&locale=ja')));
    expect(list.find((f) => f.id === tag.id)?.name).toBe('博物館');
    expect(FeaturedTag.parse(await body(await t.get(`/api/content/featuredTag/${tag.id}/?locale=ja`))).name).toBe('博物館');
    expect(FeaturedTag.parse(await body(await t.get(`/api/content/featuredTag/${tag.id}/?locale=de`))).name).toBe('Museums');
    const names = z.array(FeaturedTagName).parse(await body(await t.get('/api/content/featuredTag/listNames?locale=ja')));
    expect(names.find((n) => n.id === tag.id)?.name).toBe('博物館');
  });

  test('a carousel description in German is answered with locale=de (a URL slide is named by it), English without', async () => {
    const t = await adminApp();
    const slide = AdminCarouselItem.parse(
      await body(
        await t.post('/admin/api/fci/', {
          type: 'URL',
          description: 'Our showcase',
          item: { url: '/discover/showcase' },
          translations: { de: { description: 'Unsere Auswahl' } },
        }),
      ),
    );
    expect(slide.translations).toEqual({ de: { description: 'Unsere Auswahl' } });
    expect((await lastAudit(t, 'CAROUSEL_ITEM', 'CREATE')).to).toMatchObject({ translations: { de: { description: 'Unsere Auswahl' } } });
    const de = z.array(CarouselItem).parse(await body(await t.get('/api/content/fci/?locale=de')));
    expect(de.find((s) => s.id === slide.id)).toMatchObject({ description: 'Unsere Auswahl', item: { name: 'Unsere Auswahl' } });
    const es = z.array(CarouselItem).parse(await body(await t.get('/api/content/fci/?locale=es')));
    expect(es.find((s) => s.id === slide.id)).toMatchObject({ description: 'Our showcase', item: { name: 'Our showcase' } });
    // A space slide keeps its own translations through an update that leaves them out.
    await body(await t.put(`/admin/api/fci/${slide.id}/`, { type: 'SPACE', description: 'Loft', item: { id: W.space.loft } }));
    const after = AdminCarouselItem.parse(await body(await t.get(`/admin/api/fci/${slide.id}/`)));
    expect(after.translations).toEqual({ de: { description: 'Unsere Auswahl' } });
  });
});
