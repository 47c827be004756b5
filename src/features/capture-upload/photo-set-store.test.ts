import { describe, expect, it } from 'vitest';
import { inSetOrder, photoKey, photoSetKey } from './photo-set-store.ts';

const photo = (name: string, size = 4, lastModified = 1_700_000_000_000) => new File([new Uint8Array(size)], name, { lastModified });

describe('a set of photos found again after a reload', () => {
  it('is the same set whatever order the photos are chosen in, and another set for other photos or another account', () => {
    const [a, b] = [photo('hall.jpg'), photo('yard.jpg')];
    expect(photoSetKey([a, b], '')).toBe(photoSetKey([b, a], ''));
    expect(photoSetKey([a, b], '')).not.toBe(photoSetKey([a, photo('yard.jpg', 5)], ''));
    expect(photoSetKey([a, b], '')).not.toBe(photoSetKey([a, photo('yard.jpg', 4, 1)], ''));
    expect(photoSetKey([a, b], '')).not.toBe(photoSetKey([a, b], 'org-1'));
  });

  it('puts the photo that made the space first again, and keeps the chosen order for a new set', () => {
    const files = [photo('hall.jpg'), photo('study.jpg'), photo('yard.jpg')];
    expect(inSetOrder(files, { first: photoKey(files[2] as File), ids: {} }).map((f) => f.name)).toEqual(['yard.jpg', 'hall.jpg', 'study.jpg']);
    expect(inSetOrder(files, null).map((f) => f.name)).toEqual(['hall.jpg', 'study.jpg', 'yard.jpg']);
  });
});
