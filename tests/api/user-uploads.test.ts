import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { Profile } from '../../src/domain/profile.ts';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../../src/domain/user-rules.ts';
import { createSiteApp } from '../../src/server/site.ts';
import { mediaDirOf } from '../../src/server/platform/uploads/attachments.ts';
import { json, W } from './fixtures.ts';
import { blob, makePng, makeRotatedJpeg, userApp } from './user-helpers.ts';

const ME = '/api/content/user/me/profile/attachment/';

/** The files of an attachment under the media folder, by the URL the profile shows. */
function filesOf(t: Awaited<ReturnType<typeof userApp>>, url: string) {
  const dir = join(mediaDirOf(t.deps.env), url.replace(/^\/media\//, '')).replace(/\/[^/]+$/, '');
  return { dir, names: readdirSync(dir) };
}

describe('PUT …/profile/attachment/ (upload)', () => {
  test('re-encodes a PNG profile photo to WebP at responsive widths and shows it', async () => {
    const t = await userApp('bob');
    const p = Profile.parse(await json(await t.upload(ME, blob(await makePng(600, 400)), 'PROFILE_IMAGE')));
    expect(p.photoUrl).toMatch(/^\/media\/uploads\/[0-9a-f]{2}\/[0-9a-f]{24}\/256\.webp$/);
    expect(p.photoId).toBeTruthy();
    const { dir, names } = filesOf(t, p.photoUrl as string);
    expect(names.sort()).toEqual(['256.webp', '96.webp']);
    const big = await sharp(readFileSync(join(dir, '256.webp'))).metadata();
    expect(big).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const row = await t.db.kysely
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', p.photoId as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ownerKind: 'user', ownerId: W.user.bob, type: 'PROFILE_IMAGE', width: 600, height: 400 });
    const variants = JSON.parse(row.variants) as Record<string, string>;
    expect(Object.keys(variants).sort()).toEqual(['256', '96']);
    expect(variants['96']).toMatch(/96\.webp$/);
    expect(variants['256']).toMatch(/256\.webp$/);
    expect(await t.events()).toEqual([{ type: 'USER', ids: [W.user.bob] }]);
  });

  test('turns an EXIF-rotated JPEG upright and strips its metadata', async () => {
    const t = await userApp('bob');
    const jpeg = await makeRotatedJpeg();
    expect(jpeg.includes('Secret Photographer')).toBe(true);
    const p = Profile.parse(await json(await t.upload(ME, blob(jpeg, 'image/jpeg'), 'COVER_IMAGE', 'holiday.jpg')));
    const { dir, names } = filesOf(t, p.coverUrl as string);
    expect(names).toEqual(['200.webp']); // narrower than 800: never enlarged, one rendition
    const bytes = readFileSync(join(dir, '200.webp'));
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes('Secret Photographer')).toBe(false);
    expect(bytes.includes('GPS 48.8584')).toBe(false);
  });

  test('a polyglot (PNG with a script appended) is re-encoded: the original bytes are never stored or served', async () => {
    const t = await userApp('bob');
    const payload = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([await makePng(300, 300), Buffer.from(payload)]);
    const p = Profile.parse(await json(await t.upload(ME, blob(polyglot), 'PROFILE_IMAGE', 'x.html')));
    const { dir, names } = filesOf(t, p.photoUrl as string);
    for (const name of names) {
      expect(name).toMatch(/^\d+\.webp$/);
      const bytes = readFileSync(join(dir, name));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(bytes.includes('<script>')).toBe(false);
    }
    // Served from /media as WebP, whatever the upload was named.
    const site = createSiteApp({
      currentDir: mkdtempSync(join(tmpdir(), 'site-')),
      mediaDir: mediaDirOf(t.deps.env),
      db: t.db.kysely,
      isBuilding: () => false,
    });
    const res = await site.request(p.photoUrl as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await res.arrayBuffer()).includes('<script>')).toBe(false);
  });

  test('accepts JPEG, PNG, WebP, AVIF and GIF by their content', async () => {
    const t = await userApp('bob');
    const png = await makePng(120, 80);
    const variants = {
      jpeg: await sharp(png).jpeg().toBuffer(),
      png,
      webp: await sharp(png).webp().toBuffer(),
      avif: await sharp(png).avif().toBuffer(),
      gif: await sharp(png).gif().toBuffer(),
    };
    for (const [format, bytes] of Object.entries(variants)) {
      const p = Profile.parse(await json(await t.upload(ME, blob(bytes, 'application/octet-stream'), 'PROFILE_IMAGE', `upload.${format}`)));
      expect(p.photoUrl, format).toMatch(/\.webp$/);
    }
  });

  test('a text file named .png is refused by its content with 415', async () => {
    const t = await userApp('bob');
    const res = await t.upload(ME, blob('just some text, not a picture\n', 'image/png'), 'PROFILE_IMAGE', 'fake.png');
    const body = ApiErrorBody.parse(await json(res, 415));
    expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const svg = await t.upload(ME, blob('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'), 'PROFILE_IMAGE', 'a.svg');
    expect(svg.status).toBe(415);
    const truncated = (await makePng(200, 200)).subarray(0, 60);
    expect((await t.upload(ME, blob(truncated), 'PROFILE_IMAGE')).status).toBe(415);
    expect(await t.events()).toEqual([]);
  });

  test('a file over 8 MB answers 413 with the exact message, whether caught by the body cap or the file check', async () => {
    const t = await userApp('bob');
    const png = await makePng(10, 10);
    for (const size of [MAX_UPLOAD_BYTES + 1, MAX_UPLOAD_BYTES + 2 * 1024 * 1024]) {
      const big = Buffer.alloc(size);
      png.copy(big);
      const body = ApiErrorBody.parse(await json(await t.upload(ME, blob(big), 'PROFILE_IMAGE'), 413));
      expect(body.message).toBe(FILE_TOO_LARGE_MESSAGE);
      expect(body.message).toBe('Your file is too large. The maximum size allowed is 8 MB.');
    }
  });

  test('a picture over the pixel cap answers 413 before it is decoded', async () => {
    const t = await userApp('bob');
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    const body = ApiErrorBody.parse(await json(await t.upload(ME, blob(huge), 'COVER_IMAGE'), 413));
    expect(body.message).toMatch(/40 megapixels/);
  });

  test('bad multipart input lists its fields', async () => {
    const t = await userApp('bob');
    const form = new FormData();
    form.set('file', 'not a file');
    form.set('type', 'AVATAR');
    const res = await t.app.request(ME, { method: 'PUT', headers: { Origin: 'http://localhost' }, body: form });
    const fields = (ApiErrorBody.parse(await json(res, 400)).extra as { fields: { path: string }[] }).fields.map((f) => f.path).sort();
    expect(fields).toEqual(['form.file', 'form.type']);
  });

  test('guests get 401 and non-editors 403 before the upload is read', async () => {
    const png = blob(await makePng(50, 50));
    expect((await (await userApp()).upload(ME, png, 'PROFILE_IMAGE')).status).toBe(401);
    const bob = await userApp('bob');
    expect((await bob.upload(`/api/content/account/${W.acc.orgA}/profile/attachment/`, png, 'PROFILE_IMAGE')).status).toBe(403);
    expect((await bob.upload(`/api/content/account/${W.acc.alice}/profile/attachment/`, png, 'PROFILE_IMAGE')).status).toBe(403);
  });

  test("an organization's OWNER uploads its cover, rendered at 800 and 1600", async () => {
    const t = await userApp('alice');
    const p = Profile.parse(
      await json(await t.upload(`/api/content/account/${W.acc.orgA}/profile/attachment/`, blob(await makePng(2400, 800)), 'COVER_IMAGE')),
    );
    expect(p.coverUrl).toMatch(/\/1600\.webp$/);
    expect(filesOf(t, p.coverUrl as string).names.sort()).toEqual(['1600.webp', '800.webp']);
    const row = await t.db.kysely
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', p.coverId as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ownerKind: 'account', ownerId: W.acc.orgA });
    expect(await t.events()).toEqual([{ type: 'ACCOUNT', ids: [W.acc.orgA] }]);
  });
});

describe('PUT …/attachment/ (JSON id) and DELETE', () => {
  test("switches back to an earlier picture by id; others' pictures and wrong types are refused", async () => {
    const t = await userApp('bob');
    const first = Profile.parse(await json(await t.upload(ME, blob(await makePng(100, 100)), 'PROFILE_IMAGE')));
    const second = Profile.parse(await json(await t.upload(ME, blob(await makePng(120, 100)), 'PROFILE_IMAGE')));
    expect(second.photoId).not.toBe(first.photoId);
    const back = Profile.parse(await json(await t.call('PUT', ME, { id: first.photoId, type: 'PROFILE_IMAGE' })));
    expect(back.photoUrl).toBe(first.photoUrl);
    expect((await t.call('PUT', ME, { id: first.photoId, type: 'COVER_IMAGE' })).status).toBe(400);
    expect((await t.call('PUT', ME, { id: 'att-alice-photo', type: 'PROFILE_IMAGE' })).status).toBe(404);
    expect((await t.call('PUT', ME, { id: 'att-org-a-photo', type: 'PROFILE_IMAGE' })).status).toBe(404);
  });

  test('DELETE removes the picture from the profile and from storage', async () => {
    const t = await userApp('bob');
    const p = Profile.parse(await json(await t.upload(ME, blob(await makePng(100, 100)), 'PROFILE_IMAGE')));
    const { dir } = filesOf(t, p.photoUrl as string);
    const after = Profile.parse(await json(await t.call('DELETE', `${ME}?type=PROFILE_IMAGE`)));
    expect(after).toMatchObject({ photoId: null, photoUrl: null });
    expect(existsSync(dir)).toBe(false);
    expect(
      await t.db.kysely
        .selectFrom('attachments')
        .select('id')
        .where('id', '=', p.photoId as string)
        .executeTakeFirst(),
    ).toBeUndefined();
    // Deleting again changes nothing and records no event.
    await json(await t.call('DELETE', `${ME}?type=PROFILE_IMAGE`));
    expect((await t.events()).length).toBe(2);
    expect((await t.call('DELETE', ME)).status).toBe(400);
  });

  test('keeps only a few unused pictures per profile', async () => {
    const t = await userApp('bob');
    for (let i = 0; i < 6; i++) await json(await t.upload(ME, blob(await makePng(60 + i, 60)), 'PROFILE_IMAGE'));
    const rows = await t.db.kysely.selectFrom('attachments').select('id').where('ownerId', '=', W.user.bob).execute();
    expect(rows.length).toBe(4); // the one shown + 3 recent
  });
});
