import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { processUpload, sniffImage } from './images.ts';

describe('sniffImage', () => {
  test('names each accepted format by its first bytes, and nothing else', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(sniffImage(png)).toBe('png');
    expect(sniffImage(await sharp(png).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await sharp(png).webp().toBuffer())).toBe('webp');
    expect(sniffImage(await sharp(png).gif().toBuffer())).toBe('gif');
    expect(sniffImage(await sharp(png).avif().toBuffer())).toBe('avif');
    expect(sniffImage(await sharp(png).tiff().toBuffer())).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(new Uint8Array(0))).toBeNull();
  });
});

describe('processUpload', () => {
  test('a JPEG body behind a PNG signature is refused: the decoder must agree with the bytes', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const lying = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    await expect(processUpload(lying, 'PROFILE_IMAGE')).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  test('profile photos are square crops; covers keep their shape; small pictures are never enlarged', async () => {
    const wide = await sharp({ create: { width: 2000, height: 500, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const photo = await processUpload(wide, 'PROFILE_IMAGE');
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
      [96, 96],
      [256, 256],
    ]);
    const cover = await processUpload(wide, 'COVER_IMAGE');
    expect(cover.variants.map((v) => [v.width, v.height])).toEqual([
      [800, 200],
      [1600, 400],
    ]);
    const tiny = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    expect((await processUpload(tiny, 'COVER_IMAGE')).variants.map((v) => v.width)).toEqual([50]);
  });
});
