import { describe, expect, test } from 'vitest';
import { Collection } from '../../src/domain/collection.ts';
import { pageOf } from '../../src/domain/page.ts';
import { adminApp, body, counts, expectError, expectInvalid, expectNothingWritten, lastAudit } from './admin-helpers.ts';
import { W } from './fixtures.ts';

/** Featured collection names and descriptions per locale (issue 26): set in the admin API, audited, answered per locale with English as the fallback. */

const CollectionPage = pageOf(Collection, 'CollectionPageTest');

describe('featured collection texts per locale', () => {
  test('a German name and description set by an admin are answered with locale=de on every public read; French falls back to English; audited', async () => {
    const t = await adminApp();
    const saved = Collection.parse(
      await body(
        await t.patch(`/admin/api/collection/${W.coll.featured}/`, {
          translations: { de: { name: '  Erste Auswahl ', description: 'Die besten Räume' }, fr: { name: '' }, ja: { description: '最高の空間' } },
        }),
      ),
    );
    // Blank variants are dropped (they would show nothing), texts trimmed.
    expect(saved.translations).toEqual({ de: { name: 'Erste Auswahl', description: 'Die besten Räume' }, ja: { description: '最高の空間' } });
    const audit = await lastAudit(t, 'COLLECTION', 'UPDATE');
    expect(audit.from).toMatchObject({ translations: {} });
    expect(audit.to).toMatchObject({ translations: { de: { name: 'Erste Auswahl', description: 'Die besten Räume' } } });

    t.as(null);
    const one = async (query: string) => Collection.parse(await body(await t.get(`/api/content/collection/${W.coll.featured}/${query}`)));
    expect(await one('?locale=de')).toMatchObject({ name: 'Erste Auswahl', description: 'Die besten Räume', translations: {} });
    expect(await one('?locale=fr')).toMatchObject({ name: 'Featured One', description: 'Featured One description', translations: {} });
    // Japanese has only a description: the name falls back to English field by field.
    expect(await one('?locale=ja')).toMatchObject({ name: 'Featured One', description: '最高の空間' });
    expect(await one('?locale=en')).toMatchObject({ name: 'Featured One', translations: {} });
    expect((await one('')).translations).toEqual(saved.translations);

    const featured = CollectionPage.parse(await body(await t.get('/api/content/collection/featured?locale=de')));
    expect(featured.results.find((c) => c.id === W.coll.featured)?.name).toBe('Erste Auswahl');
    const listed = CollectionPage.parse(await body(await t.get('/api/content/collection/?locale=de&limit=50')));
    expect(listed.results.find((c) => c.id === W.coll.featured)?.name).toBe('Erste Auswahl');
    await expectInvalid(await t.get(`/api/content/collection/${W.coll.featured}/?locale=xx`), 'query.locale');
  });

  test('a sub-collection of a collection of collections carries its name in the page locale', async () => {
    const t = await adminApp();
    const parent = Collection.parse(await body(await t.get(`/api/content/collection/${W.coll.ofCollections}/`)));
    const sub = parent.children.results.find((ch) => ch.collection)?.collection;
    expect(sub).toBeDefined();
    await body(await t.patch(`/admin/api/collection/${sub?.id}/`, { translations: { ko: { name: '편집자 선택' } } }));
    const ko = Collection.parse(await body(await t.get(`/api/content/collection/${W.coll.ofCollections}/?locale=ko`)));
    expect(ko.children.results.find((ch) => ch.collection?.id === sub?.id)?.collection).toMatchObject({ name: '편집자 선택', translations: {} });
    const all = Collection.parse(await body(await t.get(`/api/content/collection/${W.coll.ofCollections}/`)));
    expect(all.children.results.find((ch) => ch.collection?.id === sub?.id)?.collection?.translations).toEqual({ ko: { name: '편집자 선택' } });
  });

  test('create and PUT take the variants; PUT without them keeps the stored ones; too long or unknown locales are refused', async () => {
    const t = await adminApp();
    const made = Collection.parse(
      await body(await t.post('/admin/api/collection/', { name: 'Castles', translations: { it: { name: 'Castelli' } }, children: [{ id: W.space.castle }] })),
    );
    expect(made.translations).toEqual({ it: { name: 'Castelli' } });
    expect((await lastAudit(t, 'COLLECTION', 'CREATE')).to).toMatchObject({ translations: { it: { name: 'Castelli' } } });
    const kept = Collection.parse(await body(await t.put(`/admin/api/collection/${made.id}/`, { name: 'Castles of Europe' })));
    expect(kept).toMatchObject({ name: 'Castles of Europe', translations: { it: { name: 'Castelli' } } });
    const replaced = Collection.parse(
      await body(await t.put(`/admin/api/collection/${made.id}/`, { name: 'Castles of Europe', translations: { zh_TW: { name: '歐洲城堡' } } })),
    );
    expect(replaced.translations).toEqual({ zh_TW: { name: '歐洲城堡' } });
    const audit = await lastAudit(t, 'COLLECTION', 'REPLACE');
    expect(audit.from).toMatchObject({ translations: { it: { name: 'Castelli' } } });
    expect(audit.to).toMatchObject({ translations: { zh_TW: { name: '歐洲城堡' } } });

    const before = await counts(t);
    await expectInvalid(await t.patch(`/admin/api/collection/${made.id}/`, { translations: { de: { name: 'x'.repeat(200) } } }), 'json.translations.de.name');
    await expectInvalid(await t.patch(`/admin/api/collection/${made.id}/`, { translations: { xx: { name: 'x' } } }), 'json.translations');
    await expectNothingWritten(t, before);
  });

  test('only administrators set them: a member gets 403, a guest 401, and a user editing their own collection cannot', async () => {
    const t = await adminApp('alice');
    const before = await counts(t);
    await expectError(await t.patch(`/admin/api/collection/${W.coll.featured}/`, { translations: { de: { name: 'Gehackt' } } }), 403, 'FORBIDDEN');
    t.as(null);
    await expectError(await t.patch(`/admin/api/collection/${W.coll.featured}/`, { translations: { de: { name: 'Gehackt' } } }), 401, 'UNAUTHORIZED');
    await expectNothingWritten(t, before);

    t.as('alice');
    await body(await t.patch(`/api/content/collection/${W.coll.alicePublic}/`, { description: 'Mine', translations: { de: { name: 'Meins' } } }));
    const mine = Collection.parse(await body(await t.get(`/api/content/collection/${W.coll.alicePublic}/?locale=de`)));
    expect(mine).toMatchObject({ name: 'Alice Lofts', description: 'Mine' });
  });
});
