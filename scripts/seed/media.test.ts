import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { pendingPlanFile, renderDemoMedia, renderPendingMedia, writePendingPlan, type DemoMediaPlan } from './media.ts';

const root = mkdtempSync(join(tmpdir(), 'discover-media-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const plan: DemoMediaPlan = {
  spaces: [
    { key: 'museum-1-0', kind: 'MUSEUM' },
    { key: 'yacht-1-0', kind: 'YACHT' },
  ],
  covers: ['cover-0'],
  avatars: [
    { name: 'av-a', seed: 'a', initials: 'AB' },
    { name: 'av-b', seed: 'b', initials: '李' },
  ],
};

describe('demo pictures', () => {
  test('are drawn once into the cache, linked into each media folder, and kept when present', async () => {
    const cacheDir = join(root, 'cache');
    const first = await renderDemoMedia(plan, join(root, 'one'), { cacheDir });
    expect([first.drawn, first.fromCache, first.present]).toEqual([5, 0, 0]);
    for (const f of ['480.webp', '800.webp', '1200.webp', '480.avif', '800.avif', '1200.avif']) {
      const meta = await sharp(join(root, 'one/spaces/museum-1-0', f)).metadata();
      expect(meta.width, f).toBe(Number.parseInt(f));
      expect(meta.format, f).toBe(f.endsWith('avif') ? 'heif' : 'webp');
    }
    for (const f of ['covers/cover-0-1600.webp', 'covers/cover-0-800.webp', 'avatars/av-a-256.webp', 'avatars/av-b-96.webp']) {
      expect(existsSync(join(root, 'one', f)), f).toBe(true);
    }

    const second = await renderDemoMedia(plan, join(root, 'two'), { cacheDir });
    expect([second.drawn, second.fromCache, second.present]).toEqual([0, 5, 0]);
    const a = join(root, 'one/spaces/yacht-1-0/800.avif');
    const b = join(root, 'two/spaces/yacht-1-0/800.avif');
    expect(readFileSync(b)).toEqual(readFileSync(a));
    expect(statSync(b).ino).toBe(statSync(a).ino); // hard-linked, not copied, on one file system

    const again = await renderDemoMedia(plan, join(root, 'one'), { cacheDir });
    expect([again.drawn, again.fromCache, again.present]).toEqual([0, 0, 5]);
  }, 60_000);

  test('the same plan draws the same bytes without a cache', async () => {
    const one = { spaces: plan.spaces.slice(0, 1), covers: [], avatars: plan.avatars.slice(0, 1) };
    await renderDemoMedia(one, join(root, 'x'), { cacheDir: null });
    await renderDemoMedia(one, join(root, 'y'), { cacheDir: null });
    for (const f of ['spaces/museum-1-0/1200.avif', 'spaces/museum-1-0/480.webp', 'avatars/av-a-256.webp']) {
      expect(readFileSync(join(root, 'y', f)), f).toEqual(readFileSync(join(root, 'x', f)));
    }
  }, 60_000);

  test('a pending plan is finished once, then forgotten', async () => {
    const mediaDir = join(root, 'pending/media');
    writePendingPlan(mediaDir, { spaces: [], covers: ['cover-1'], avatars: [] });
    expect(existsSync(pendingPlanFile(mediaDir))).toBe(true);
    expect(await renderPendingMedia(mediaDir, { cacheDir: join(root, 'cache') })).toBe(true);
    expect(existsSync(join(mediaDir, 'covers/cover-1-800.webp'))).toBe(true);
    expect(existsSync(pendingPlanFile(mediaDir))).toBe(false);
    expect(await renderPendingMedia(mediaDir)).toBe(false);
  });
});
