import { describe, expect, test } from 'vitest';
import { attachmentUrl, spaceImages } from './media-urls.ts';

describe('spaceImages', () => {
  test('builds thumbnail and cover URLs under /media/spaces', () => {
    expect(spaceImages('home-1-0', 1200, 800)).toEqual({
      thumbnail: '/media/spaces/home-1-0/480.webp',
      cover: '/media/spaces/home-1-0/1200.webp',
      width: 1200,
      height: 800,
    });
  });
  test('escapes odd keys', () => {
    expect(spaceImages('a b', 1, 1).thumbnail).toBe('/media/spaces/a%20b/480.webp');
  });
});

describe('attachmentUrl', () => {
  const v = JSON.stringify({ 96: 'avatars/x-96.webp', 256: 'avatars/x-256.webp' });
  test('picks the largest variant', () => expect(attachmentUrl(v)).toBe('/media/avatars/x-256.webp'));
  test('picks the largest within a bound', () => expect(attachmentUrl(v, 100)).toBe('/media/avatars/x-96.webp'));
  test('falls back to the smallest when none fits', () => expect(attachmentUrl(v, 10)).toBe('/media/avatars/x-96.webp'));
  test('answers null for missing or broken JSON', () => {
    expect(attachmentUrl(null)).toBeNull();
    expect(attachmentUrl('{')).toBeNull();
    expect(attachmentUrl('{}')).toBeNull();
    expect(attachmentUrl(JSON.stringify({ 10: '../etc/passwd' }))).toBeNull();
  });
});
