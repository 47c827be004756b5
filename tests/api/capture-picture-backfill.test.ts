/**
 * The start-up backfill of captured spaces' picture folders (issue 24), on the run's database and on
 * both media stores (a local folder; S3 through s3rver): a space processed before the job wrote every
 * file (only 1200.webp and 480.webp) gets the rest, its link preview a 1200×630 JPEG, and a second
 * run writes nothing.
 */
import sharp from 'sharp';
import { describe, expect, test, vi } from 'vitest';
import { SPACE_IMAGE_WIDTHS, SPACE_OG_IMAGE } from '../../src/domain/space-pictures.ts';
import { SPACE_PICTURE_FILES } from '../../src/server/modules/captures/capture-pictures.ts';
import { backfillCapturePictures, PICTURE_BACKFILL_SETTING, startPictureBackfill } from '../../src/server/modules/captures/picture-backfill.ts';
import { mediaStoreOf, type MediaStore } from '../../src/server/platform/media/store.ts';
import { useS3TestServer } from './s3-test-server.ts';
import { uploadApp } from './upload-helpers.ts';

const S3 = useS3TestServer('discover-backfill', { multipartListing: true });

/** The media store, with the keys written through it counted. */
function counting(media: MediaStore) {
  const written: string[] = [];
  const store: MediaStore = {
    kind: media.kind,
    put: (key, data, type) => {
      written.push(key);
      return media.put(key, data, type);
    },
    get: (key) => media.get(key),
    removePrefix: (prefix) => media.removePrefix(prefix),
  };
  return { store, written };
}

/** A test app with one space made from a 360° photo by the capture job: its picture folder's key and the app's media store. */
async function capturedSpace(env: Record<string, string> = {}) {
  const t = await uploadApp(50 * 1024 * 1024, env);
  const photo = await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#5080c0' } })
    .jpeg()
    .toBuffer();
  const done = await t.uploadAndProcess(new Uint8Array(photo), 'hall.jpg');
  expect(done.status).toBe('ready');
  const { imageKey } = await t.db.kysely
    .selectFrom('spaces')
    .select('imageKey')
    .where('id', '=', done.space?.id ?? '')
    .executeTakeFirstOrThrow();
  return { t, imageKey, media: mediaStoreOf(t.deps.env) };
}

describe('captured spaces’ picture backfill', () => {
  test.each([
    ['a local folder', () => ({})],
    ['S3', () => S3.env()],
  ])('in %s, a space with only 1200.webp and 480.webp gets every derived picture, and a second run writes nothing', async (_, env) => {
    const { t, imageKey, media } = await capturedSpace(env());
    const folder = `spaces/${imageKey}`;
    // The folder as the job left it before it wrote every picture the pages link.
    const kept = { '1200.webp': await media.get(`${folder}/1200.webp`), '480.webp': await media.get(`${folder}/480.webp`) };
    await media.removePrefix(folder);
    for (const [file, data] of Object.entries(kept)) await media.put(`${folder}/${file}`, data ?? new Uint8Array(), 'image/webp');
    expect(await media.get(`${folder}/${SPACE_OG_IMAGE.file}`)).toBeNull();

    const first = counting(media);
    const result = await backfillCapturePictures({ db: t.db.kysely, env: t.deps.env, media: first.store });
    expect(result).toMatchObject({ checked: 1, fixed: 1, noSource: 0, ran: true });
    expect(first.written.sort()).toEqual(
      SPACE_PICTURE_FILES.filter((f) => !(f in kept))
        .map((f) => `${folder}/${f}`)
        .sort(),
    );
    for (const width of SPACE_IMAGE_WIDTHS)
      for (const format of ['webp', 'avif'] as const) {
        const file = await media.get(`${folder}/${width}.${format}`);
        expect(file, `${width}.${format}`).not.toBeNull();
        expect(await sharp(file ?? new Uint8Array()).metadata(), `${width}.${format}`).toMatchObject({ width, format: format === 'avif' ? 'heif' : 'webp' });
      }
    const og = await media.get(`${folder}/${SPACE_OG_IMAGE.file}`);
    expect(await sharp(og ?? new Uint8Array()).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    // Run again: the stored setting says it finished, so nothing is read or written.
    const second = counting(media);
    expect(await backfillCapturePictures({ db: t.db.kysely, env: t.deps.env, media: second.store })).toMatchObject({ ran: false });
    expect(second.written).toEqual([]);
    // Even without that setting (a database restored from before it), complete folders are left as they are.
    await t.db.kysely.deleteFrom('settings').where('key', '=', PICTURE_BACKFILL_SETTING).execute();
    const third = counting(media);
    expect(await backfillCapturePictures({ db: t.db.kysely, env: t.deps.env, media: third.store })).toMatchObject({ checked: 1, fixed: 0, ran: true });
    expect(third.written).toEqual([]);
  });

  test('a space whose poster and 1200 px picture are both gone is counted, left alone, and looked at again by the next run', async () => {
    const { t, imageKey, media } = await capturedSpace();
    await media.removePrefix(`spaces/${imageKey}`);
    await media.removePrefix(`tours/${imageKey}`);
    const run = counting(media);
    expect(await backfillCapturePictures({ db: t.db.kysely, env: t.deps.env, media: run.store })).toMatchObject({ checked: 1, fixed: 0, noSource: 1 });
    expect(run.written).toEqual([]);
    expect(await backfillCapturePictures({ db: t.db.kysely, env: t.deps.env })).toMatchObject({ ran: true, noSource: 1 });
  });

  test('started with the server, it logs one line saying how many spaces it fixed, and nothing once it has finished', async () => {
    const { t, imageKey, media } = await capturedSpace();
    await media.removePrefix(`spaces/${imageKey}`);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await startPictureBackfill({ db: t.db.kysely, env: t.deps.env }).done;
      expect(log.mock.calls).toEqual([["Captured spaces' pictures: 1 of 1 given their missing files."]]);
      await startPictureBackfill({ db: t.db.kysely, env: t.deps.env }).done;
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
    }
  });
});
