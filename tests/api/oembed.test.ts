import { afterEach, describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { embedSize, OEmbed } from '../../src/domain/oembed.ts';
import { createTestApp } from '../../src/server/testing.ts';
import { json, seedFixtures, SESSIONS, W } from './fixtures.ts';
import { seedTourFixtures } from './tour-fixtures.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
const opened: App[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

const ORIGIN = 'https://discover.example';

/** The fixture world with tours, its public origin set, seen as a guest (or one of SESSIONS). */
async function oembedApp(as: keyof typeof SESSIONS | null = null) {
  const t = await createTestApp({ env: { PUBLIC_ORIGIN: ORIGIN }, session: () => Promise.resolve(as ? SESSIONS[as] : null) });
  opened.push(t);
  await seedFixtures(t.db.kysely);
  await seedTourFixtures(t.db.kysely);
  return (url: string, extra: Record<string, string> = {}) => t.app.request(`/api/oembed/?${new URLSearchParams({ url, ...extra })}`);
}

describe('GET /api/oembed/', () => {
  test('embeds the player of a public space from its page: a rich answer with an iframe, the poster and who presents it', async () => {
    const oembed = await oembedApp();
    const res = await oembed(`${ORIGIN}/discover/space/LOFTPARIS01/`);
    const answer = OEmbed.parse(await json(res));
    expect(answer).toEqual({
      version: '1.0',
      type: 'rich',
      html: '<iframe src="https://discover.example/discover/showcase/?m=LOFTPARIS01" title="Modern Loft in Paris: 3D tour" allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer" allowfullscreen loading="lazy" width="640" height="360" style="border:0"></iframe>',
      width: 640,
      height: 360,
      title: 'Modern Loft in Paris',
      author_name: 'Org A',
      author_url: `${ORIGIN}/discover/account/${W.acc.orgA}/`,
      provider_name: 'Discover',
      provider_url: `${ORIGIN}/discover/`,
      thumbnail_url: `${ORIGIN}/media/tours/fixture/poster.webp`,
      thumbnail_width: 1200,
      thumbnail_height: 675,
      cache_age: 3600,
    });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  test('reads a space page in any locale, the player URL, the http link of the https site and the slug', async () => {
    const oembed = await oembedApp();
    for (const url of [
      `${ORIGIN}/discover/de/space/LOFTPARIS01/`,
      `${ORIGIN}/discover/zh-tw/space/LOFTPARIS01`,
      `${ORIGIN}/discover/showcase/?m=LOFTPARIS01&sweep=s1&mode=dollhouse`,
      `http://discover.example/discover/space/LOFTPARIS01/?utm_source=x#share`,
      `${ORIGIN}/discover/space/modern-loft-in-paris/`,
    ]) {
      expect(OEmbed.parse(await json(await oembed(url), 200)).title, url).toBe('Modern Loft in Paris');
    }
  });

  test('fits a 16:9 player within maxwidth and maxheight', async () => {
    const oembed = await oembedApp();
    const size = async (extra: Record<string, string>) => {
      const a = OEmbed.parse(await json(await oembed(`${ORIGIN}/discover/space/LOFTPARIS01/`, extra)));
      expect(a.html).toContain(`width="${a.width}" height="${a.height}"`);
      return [a.width, a.height];
    };
    expect(await size({ maxwidth: '320' })).toEqual([320, 180]);
    expect(await size({ maxwidth: '1000', maxheight: '180' })).toEqual([320, 180]);
    expect(await size({ maxheight: '720' })).toEqual([1280, 720]);
    expect(await size({ maxwidth: '1920', maxheight: '1080', format: 'json' })).toEqual([1920, 1080]);
    expect(embedSize(101, 1000)).toEqual({ width: 101, height: 57 });
    expect(embedSize(1000, 57)).toEqual({ width: 101, height: 57 });
  });

  test('embeds an UNLISTED space (shared by its link) and shows its picture when it has no tour yet', async () => {
    const oembed = await oembedApp();
    expect(OEmbed.parse(await json(await oembed(`${ORIGIN}/discover/space/VILLAUNL001/`))).title).toBe('Unlisted Villa');
    const cafe = OEmbed.parse(await json(await oembed(`${ORIGIN}/discover/space/CAFENYC0001/`)));
    expect(cafe).toMatchObject({ thumbnail_url: `${ORIGIN}/media/spaces/key-space-cafe/1200.webp`, thumbnail_width: 1200, thumbnail_height: 800 });
    // Without an organization, the presenter the page shows is named; a private profile is not linked.
    expect(OEmbed.parse(await json(await oembed(`${ORIGIN}/discover/space/GALAXYGAL01/`)))).toMatchObject({ author_name: 'Pat Presenter' });
    expect(OEmbed.parse(await json(await oembed(`${ORIGIN}/discover/space/BOBSHOME001/`)))).not.toHaveProperty('author_url');
  });

  test('answers 404 for a PRIVATE, moderated or unknown space, even to its owner, and for a page of ours that is no space', async () => {
    for (const as of [null, 'alice', 'admin'] as const) {
      const oembed = await oembedApp(as);
      for (const url of [
        `${ORIGIN}/discover/space/OFFICEPRV01/`,
        `${ORIGIN}/discover/space/CASTLEMOD01/`,
        `${ORIGIN}/discover/space/NOSUCHSPACE/`,
        `${ORIGIN}/discover/showcase/`,
        `${ORIGIN}/discover/collection/featsid001/`,
      ]) {
        const body = ApiErrorBody.parse(await json(await oembed(url), 404));
        expect(body, `${as ?? 'guest'} ${url}`).toMatchObject({ code: 'NOT_FOUND', extra: null, retry: false });
      }
    }
  });

  test('answers 501 for a format other than JSON', async () => {
    const oembed = await oembedApp();
    for (const format of ['xml', 'yaml']) {
      const body = ApiErrorBody.parse(await json(await oembed(`${ORIGIN}/discover/space/LOFTPARIS01/`, { format }), 501));
      expect(body).toMatchObject({ code: 'NOT_IMPLEMENTED', extra: null, retry: false });
      expect(body.message).toContain('format=json');
    }
  });

  test('answers 400 for a URL of another site, no URL, or bounds out of range', async () => {
    const oembed = await oembedApp();
    for (const url of [
      'https://evil.example/discover/space/LOFTPARIS01/',
      'javascript:alert(1)',
      'not a url',
      'ftp://discover.example/discover/space/LOFTPARIS01/',
    ]) {
      const body = ApiErrorBody.parse(await json(await oembed(url), 400));
      expect(body.extra).toEqual({ fields: [expect.objectContaining({ path: 'query.url' })] });
    }
    expect((await oembed(`${ORIGIN}/discover/space/LOFTPARIS01/`, { maxwidth: '0' })).status).toBe(400);
    expect((await oembed(`${ORIGIN}/discover/space/LOFTPARIS01/`, { maxheight: 'big' })).status).toBe(400);
    const t = opened[0] as App;
    expect((await t.app.request('/api/oembed/')).status).toBe(400);
  });

  test('accepts the URL of the host the request came to, and uses the configured player template', async () => {
    const t = await createTestApp({ env: { SHOWCASE_URL_TEMPLATE: '/discover/showcase/?m={modelId}&embed=1' } });
    opened.push(t);
    await seedFixtures(t.db.kysely);
    const res = await t.app.request(`/api/oembed/?url=${encodeURIComponent('http://localhost/discover/space/MOMANYC0001/')}`);
    const a = OEmbed.parse(await json(res));
    expect(a.html).toContain('src="http://127.0.0.1:4321/discover/showcase/?m=MOMANYC0001&amp;embed=1"');
    expect(a).toMatchObject({ author_name: 'Org B', provider_url: 'http://127.0.0.1:4321/discover/' });
  });

  test('is in the OpenAPI document with its answers', async () => {
    const t = await createTestApp();
    opened.push(t);
    const doc = await json<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }>; components: { schemas: Record<string, unknown> } }>(
      await t.app.request('/api/docs/openapi.json'),
    );
    expect(Object.keys(doc.paths['/api/oembed/']?.get?.responses ?? {}).sort()).toEqual(['200', '400', '404', '501']);
    expect(doc.components.schemas).toHaveProperty('OEmbed');
  });
});
