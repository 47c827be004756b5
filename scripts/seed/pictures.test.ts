import { test, expect } from 'vitest';
import sharp from 'sharp';
import { renderPlaceholder, renderAvatar, renderCover, PLACEHOLDER_KINDS } from './pictures.ts';

test('same seed and kind -> identical bytes', async () => {
  const opts = { seed: 'space-123', kind: 'MUSEUM', title: 'The Museum', width: 600, height: 400 };
  const a = await renderPlaceholder(opts);
  const b = await renderPlaceholder({ ...opts, title: 'Renamed' });
  expect(Buffer.compare(a, b)).toBe(0);
  const c = await renderPlaceholder({ ...opts, seed: 'space-124' });
  expect(Buffer.compare(a, c)).not.toBe(0);
});

test('every kind renders a PNG with the requested dimensions', async () => {
  // The landmark motifs the seed's variants name (scripts/seed/space-variants.ts) are scenes of their own.
  for (const kind of [...PLACEHOLDER_KINDS, 'LIGHTHOUSE', 'CASTLE', 'TOWER', 'CIVIC', 'unknown-kind', 'landmark']) {
    const buf = await renderPlaceholder({ seed: `dim-${kind}`, kind, title: '', width: 320, height: 200 });
    const meta = await sharp(buf).metadata();
    expect(meta.format, kind).toBe('png');
    expect([meta.width, meta.height], kind).toEqual([320, 200]);
  }
});

test('a lighthouse is not the landmark drawing of its seed: each motif draws its own scene', async () => {
  const opts = { seed: 'same-seed', title: '', width: 320, height: 200 };
  const pics = await Promise.all(['LIGHTHOUSE', 'CASTLE', 'TOWER', 'CIVIC'].map((kind) => renderPlaceholder({ ...opts, kind })));
  expect(new Set(pics.map((p) => p.toString('base64'))).size).toBe(4);
});

test('odd aspect ratios keep dimensions', async () => {
  for (const [w, h] of [
    [1200, 800],
    [360, 640],
    [500, 500],
    [1600, 400],
  ] as const) {
    const meta = await sharp(await renderPlaceholder({ seed: 'ar', kind: 'HOME', title: '', width: w, height: h })).metadata();
    expect([meta.width, meta.height]).toEqual([w, h]);
  }
});

test('avatar and cover are deterministic and sized', async () => {
  const a1 = await renderAvatar({ seed: 'user-1', initials: 'JD', size: 96 });
  const a2 = await renderAvatar({ seed: 'user-1', initials: 'JD', size: 96 });
  expect(Buffer.compare(a1, a2)).toBe(0);
  const am = await sharp(a1).metadata();
  expect([am.width, am.height]).toEqual([96, 96]);
  // non-Latin / empty initials fall back to a glyph instead of failing
  for (const initials of ['李', '', '<&>']) {
    const m = await sharp(await renderAvatar({ seed: 'x', initials, size: 64 })).metadata();
    expect(m.width).toBe(64);
  }
  const c1 = await renderCover({ seed: 'org-9', width: 800, height: 200 });
  const c2 = await renderCover({ seed: 'org-9', width: 800, height: 200 });
  expect(Buffer.compare(c1, c2)).toBe(0);
  const cm = await sharp(c1).metadata();
  expect([cm.width, cm.height]).toEqual([800, 200]);
});

test('rejects absurd dimensions', async () => {
  await expect(renderPlaceholder({ seed: 's', kind: 'HOME', title: '', width: 0, height: 100 })).rejects.toThrow(RangeError);
  await expect(renderCover({ seed: 's', width: 100000, height: 100 })).rejects.toThrow(RangeError);
});
