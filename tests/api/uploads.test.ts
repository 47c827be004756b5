/**
 * Owners' capture uploads (issue 24) on the run's backend: the tus endpoint (resume after a cut,
 * size and quota limits, owners only), processing into a PRIVATE space with a tour, and every
 * hostile file refused with a reason and no space made.
 */
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { CaptureUpload } from '../../src/domain/capture-upload.ts';
import { OEmbed } from '../../src/domain/oembed.ts';
import { Tour } from '../../src/domain/tour.ts';
import { SPACE_IMAGE_WIDTHS, spaceOgImage, spaceSrcsets } from '../../src/site/images.ts';
import { mediaStoreOf } from '../../src/server/platform/media/store.ts';
import { TEST_ORIGIN } from '../../src/server/testing.ts';
import { SESSIONS } from './fixtures.ts';
import { rawGlb, roomGlb } from './capture-glb.ts';
import { uploadApp } from './upload-helpers.ts';

const error = async (res: Response) => ApiErrorBody.parse(await res.json());

describe('capture uploads (tus)', () => {
  test('a GLB uploaded in two parts across a cut connection becomes a PRIVATE space of its owner with a tour', async () => {
    const t = await uploadApp();
    const glb = await roomGlb();
    const path = await t.create('alice', glb.length);
    expect(path).toMatch(/^\/api\/uploads\/captures\/[0-9a-f]{32}$/);
    // The connection drops after the first 300 bytes.
    let sent = false;
    const cut = new ReadableStream<Uint8Array>({
      async pull(c) {
        if (!sent) {
          sent = true;
          c.enqueue(glb.subarray(0, 300));
          return;
        }
        await new Promise((r) => setTimeout(r, 20));
        c.error(new Error('connection reset'));
      },
    });
    try {
      await t.patch('alice', path, 0, cut);
    } catch {
      // The client saw the connection drop.
    }
    const head = await t.tus('alice', 'HEAD', path);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(300);
    expect(head.headers.get('upload-length')).toBe(String(glb.length));
    expect((await t.status('alice', path)).status).toBe('uploading');
    // Resumed from where the server says it stopped.
    const rest = await t.patch('alice', path, offset, glb.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(glb.length));
    const queued = await t.status('alice', path);
    expect(queued).toMatchObject({ status: 'processing', kind: 'model', fileName: 'flat.glb', bytes: glb.length });
    while (await t.worker.runOnce());
    const done = await t.status('alice', path);
    expect(done).toMatchObject({ status: 'ready', error: null, space: { name: 'Flat' } });
    const space = await t.db.kysely
      .selectFrom('spaces')
      .selectAll()
      .where('id', '=', done.space?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(space).toMatchObject({ visibility: 'PRIVATE', ownerUserId: SESSIONS.alice.id, organizationId: null });
    expect(space.modelId).toMatch(/^\w{11}$/);
    const tourRes = await t.app.request(`/api/content/space/${space.modelId}/tour/`, { headers: { 'x-test-as': 'alice' } });
    expect(tourRes.status).toBe(200);
    const tour = Tour.parse(await tourRes.json());
    expect(tour.model?.url).toMatch(/model\.glb$/);
    expect(tour.sweeps.length).toBeGreaterThanOrEqual(2);
    expect(tour.rooms[0]?.dimensions).toMatchObject({ width: 6, length: 4 });
    expect(tour.floors[0]?.plan?.url).toMatch(/plan-0\.webp$/);
    // Nobody else sees it: it is PRIVATE.
    expect((await t.app.request(`/api/content/space/${space.modelId}/tour/`, { headers: { 'x-test-as': 'bob' } })).status).toBe(404);
    // The processing steps ran once each, and the raw upload is gone.
    const job = await t.db.kysely.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 1, step: 'space' });
  });

  test('a 2:1 panorama becomes a space with one sweep showing it', async () => {
    const t = await uploadApp();
    const png = await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#88aacc' } })
      .png()
      .toBuffer();
    const done = await t.uploadAndProcess(new Uint8Array(png), 'garden.png');
    expect(done).toMatchObject({ status: 'ready', kind: 'panorama' });
    const tour = Tour.parse(await (await t.app.request(`/api/content/space/${done.space?.modelId ?? ''}/tour/`, { headers: { 'x-test-as': 'alice' } })).json());
    expect(tour.model).toBeNull();
    expect(tour.sweeps).toHaveLength(1);
    expect(tour.sweeps[0]?.panorama).toMatchObject({ width: 1024, height: 512 });
  });

  test.each([
    ['a model', async () => new Uint8Array(await roomGlb()), 'attic.glb'],
    [
      'a 360° photo',
      async () =>
        new Uint8Array(
          await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#c08850' } })
            .jpeg()
            .toBuffer(),
        ),
      'porch.jpg',
    ],
  ])('the space made of %s has every picture its pages link, and its link preview is a 1200×630 JPEG', async (_, file, fileName) => {
    const t = await uploadApp();
    const done = await t.uploadAndProcess(await file(), fileName);
    expect(done.status).toBe('ready');
    // What /media/ serves for a URL: the media store's file (the test app serves no /media/ of its own).
    const media = mediaStoreOf(t.deps.env);
    const served = async (url: string) => {
      const file = await media.get(new URL(url, TEST_ORIGIN).pathname.replace(/^\/media\//, ''));
      expect(file, url).not.toBeNull();
      return Buffer.from(file ?? []);
    };
    const spaceRes = await t.app.request(`/api/content/space/${done.space?.modelId ?? ''}/`, { headers: { 'x-test-as': 'alice' } });
    expect(spaceRes.status).toBe(200);
    const { images } = (await spaceRes.json()) as { images: { cover: string; thumbnail: string; width: number; height: number } };
    // Every source of the cards' and the page's <picture> (AVIF first: a browser that takes it never falls back).
    const sets = spaceSrcsets(images.cover);
    const urls = [sets?.avif, sets?.webp].flatMap((set) => (set ?? '').split(', ').map((entry) => entry.split(' ')[0] ?? ''));
    expect(urls).toHaveLength(2 * SPACE_IMAGE_WIDTHS.length);
    for (const url of [...urls, images.thumbnail]) expect((await sharp(await served(url)).metadata()).width, url).toBeGreaterThan(0);
    // The page's og:image: the folder's og.jpg, as for the demo world's spaces.
    const og = spaceOgImage(images);
    expect(og).toMatchObject({ url: expect.stringMatching(/\/spaces\/cap-[0-9a-f]+\/og\.jpg$/) as string, width: 1200, height: 630 });
    expect(await sharp(await served(og.url)).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // oEmbed's thumbnail (the tour's poster) is served too, once the space is shown to others.
    await t.db.kysely
      .updateTable('spaces')
      .set({ visibility: 'UNLISTED' })
      .where('id', '=', done.space?.id ?? '')
      .execute();
    const oembed = await t.app.request(`/api/oembed/?${new URLSearchParams({ url: `${TEST_ORIGIN}/discover/space/${done.space?.modelId ?? ''}/` })}`);
    expect(oembed.status).toBe(200);
    const answer = OEmbed.parse(await oembed.json());
    expect(await sharp(await served(answer.thumbnail_url ?? '')).metadata()).toMatchObject({
      width: answer.thumbnail_width,
      height: answer.thumbnail_height,
    });
  });

  test('guests are refused, and another person’s upload id answers 404 everywhere', async () => {
    const t = await uploadApp();
    expect((await t.tus('guest', 'POST', '/api/uploads/captures/', { 'Upload-Length': '10' })).status).toBe(401);
    const path = await t.create('alice', 100);
    for (const method of ['HEAD', 'DELETE']) expect((await t.tus('bob', method, path)).status, method).toBe(404);
    const stolen = await t.patch('bob', path, 0, new Uint8Array(100).fill(1));
    expect(stolen.status).toBe(404);
    expect(await error(stolen)).toMatchObject({ code: 'NOT_FOUND', retry: false });
    expect((await t.app.request(`/api/captures/${path.split('/').pop() ?? ''}/`, { headers: { 'x-test-as': 'bob' } })).status).toBe(404);
    expect((await t.tus('alice', 'HEAD', path)).headers.get('upload-offset')).toBe('0');
  });

  test('sizes: zero bytes, over 500 MB and over the quota are refused with the spec’s body', async () => {
    const t = await uploadApp(1024 * 1024);
    expect(await error(await t.tus('alice', 'POST', '/api/uploads/captures/', { 'Upload-Length': '0' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The file is empty.',
    });
    const huge = await t.tus('alice', 'POST', '/api/uploads/captures/', { 'Upload-Length': String(501 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(await error(huge)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', extra: { maxBytes: 500 * 1024 * 1024 }, retry: false });
    await t.create('alice', 700 * 1024);
    const over = await t.tus('alice', 'POST', '/api/uploads/captures/', { 'Upload-Length': String(400 * 1024) });
    expect(over.status).toBe(413);
    const body = await error(over);
    expect(body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('past your 1 MB of storage') as string,
      extra: { quotaBytes: 1024 * 1024, usedBytes: 700 * 1024, uploadBytes: 400 * 1024 },
      retry: false,
    });
    // Bob's quota is his own.
    await t.create('bob', 400 * 1024);
  });

  test('a file that is not a model or a photo by its content is refused at its first bytes, whatever its name', async () => {
    const t = await uploadApp();
    const fake = new TextEncoder().encode('MZ this is a program, not a model');
    const path = await t.create('alice', fake.length, 'house.glb');
    const res = await t.patch('alice', path, 0, fake);
    expect(res.status).toBe(415);
    expect(await error(res)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringContaining('Its content was checked, not its name') as string,
    });
    expect((await t.tus('alice', 'HEAD', path)).status).toBe(404);
  });

  test('bytes sent with the creation request are refused: the type check happens at the first PATCH', async () => {
    const t = await uploadApp();
    const res = await t.tus('alice', 'POST', '/api/uploads/captures/', { 'Upload-Length': '4', 'Content-Type': 'application/offset+octet-stream' }, 'MZ!!');
    expect(res.status).toBe(400);
    expect(await t.db.kysely.selectFrom('capture_uploads').select('id').execute()).toEqual([]);
  });

  const hostile: [string, () => Promise<Uint8Array>, RegExp][] = [
    ['a truncated GLB', async () => (await roomGlb()).subarray(0, 200), /incomplete: it was cut short/],
    [
      'a damaged GLB',
      () => Promise.resolve(rawGlb({ asset: { version: '2.0' }, meshes: [{ primitives: [{ attributes: { POSITION: 7 } }] }] })),
      /The model’s file is damaged/,
    ],
    [
      'textures that were not uploaded',
      () => Promise.resolve(rawGlb({ asset: { version: '2.0' }, images: [{ uri: 'wood.png' }, { uri: 'tiles%20floor.jpg' }] })),
      /This file refers to textures that were not uploaded: wood\.png, tiles%20floor\.jpg/,
    ],
    [
      'a URI to a parent folder',
      () => Promise.resolve(rawGlb({ asset: { version: '2.0' }, images: [{ uri: '../../etc/passwd' }] })),
      /outside the upload.*\.\.\/\.\.\/etc\/passwd/,
    ],
    [
      'an http: URI',
      () => Promise.resolve(rawGlb({ asset: { version: '2.0' }, buffers: [{ uri: 'http://169.254.169.254/latest', byteLength: 4 }] })),
      /outside the upload/,
    ],
    ['a file: URI', () => Promise.resolve(rawGlb({ asset: { version: '2.0' }, images: [{ uri: 'file:///etc/shadow' }] })), /outside the upload/],
    [
      'twenty million vertices',
      () =>
        Promise.resolve(
          rawGlb({
            asset: { version: '2.0' },
            accessors: [{ count: 20_000_000, componentType: 5126, type: 'VEC3' }],
            meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
          }),
        ),
      /20,000,000 vertices; at most 10,000,000/,
    ],
    [
      'a texture bomb (a PNG saying 30000 × 30000 px)',
      async () => {
        const png = new Uint8Array(
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
        );
        const v = new DataView(png.buffer);
        v.setUint32(16, 30_000);
        v.setUint32(20, 30_000);
        return rawGlb(
          {
            asset: { version: '2.0' },
            buffers: [{ byteLength: png.length }],
            bufferViews: [{ buffer: 0, byteLength: png.length }],
            images: [{ bufferView: 0, mimeType: 'image/png', name: 'floor' }],
          },
          png,
        );
      },
      /The texture floor is 30000 × 30000 pixels/,
    ],
    [
      'a photo that is not 2:1',
      async () =>
        new Uint8Array(
          await sharp({ create: { width: 600, height: 400, channels: 3, background: '#abc' } })
            .jpeg()
            .toBuffer(),
        ),
      /twice as wide as it is high/,
    ],
  ];
  test.each(hostile)('%s fails with a reason, makes no space, and can be tried again', async (_name, make, reason) => {
    const t = await uploadApp();
    const before = await t.db.kysely
      .selectFrom('spaces')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bytes = await make();
    const failed = await t.uploadAndProcess(bytes, _name.includes('photo') ? 'pano.jpg' : 'model.glb');
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(reason);
    expect(failed.space).toBeNull();
    const after = await t.db.kysely
      .selectFrom('spaces')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await t.db.kysely.selectFrom('tour_models').select('id').where('id', 'like', 'cap:%').execute()).toEqual([]);
    const retry = await t.app.request(`/api/captures/${failed.id}/retry/`, { method: 'POST', headers: { Origin: TEST_ORIGIN, 'x-test-as': 'alice' } });
    expect(retry.status).toBe(200);
    expect(CaptureUpload.parse(await retry.json()).status).toBe('processing');
  });
});
