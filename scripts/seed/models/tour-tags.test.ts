import { describe, expect, it } from 'vitest';
import { buildModel } from './build-model.ts';
import { sentencesOf, titleOf, tourTags } from './tour-tags.ts';

const DESCRIPTION =
  'A bright family house on a quiet street. The kitchen was redone in 2021 with an island and a walk-in pantry. ' +
  'Underfloor heating, good insulation and rooftop solar panels keep running costs low. ' +
  'Each bedroom has built-in wardrobes. The garden faces south and gets the evening sun.';

describe('tour tags', () => {
  it('splits a description into sentences and titles each with what it is about', () => {
    expect(sentencesOf(DESCRIPTION)).toHaveLength(5);
    expect(titleOf('Underfloor heating, good insulation and rooftop solar panels keep running costs low.')).toBe('Solar panels');
    expect(titleOf('A bright family house on a quiet street.')).toBe('Neighbourhood');
    expect(titleOf('A generous corner plot with mature trees.')).toBe('Generous corner plot');
    expect(titleOf('Originally built in 1920, the house was renovated.')).toBe('History');
    expect(titleOf('Originally built in 1920, the house was renovated.', new Set(['History']))).toBe('Originally built in 1920');
  });

  it('writes 3–8 tags from the description, pinned in the rooms they speak of', async () => {
    const { layout } = await buildModel({ kind: 'HOME', variant: 'house', seed: 3 });
    const tags = tourTags({ description: DESCRIPTION, layout, seed: 3 });
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags.length).toBeLessThanOrEqual(8);
    const rooms = new Map(layout.rooms.map((r) => [r.id, r.name]));
    const kitchen = tags.find((t) => t.title === 'Kitchen');
    expect(kitchen?.description).toBe('The kitchen was redone in 2021 with an island and a walk-in pantry.');
    expect(rooms.get(kitchen?.room ?? '')).toBe('Kitchen');
    expect(rooms.get(tags.find((t) => t.title === 'Bedrooms')?.room ?? '')).toMatch(/bedroom/i);
    for (const t of tags) {
      expect(t.link).toBeNull();
      expect(t.picture).toBeNull();
      expect(layout.tagSpots.some((s) => s.position.every((v, i) => v === t.position[i]))).toBe(true);
    }
    expect(new Set(tags.map((t) => t.title)).size).toBe(tags.length);
    expect(tourTags({ description: DESCRIPTION, layout, seed: 3 })).toEqual(tags);
  });

  it('finds at least three tags in a one-sentence description and at most eight in a long one', async () => {
    const { layout } = await buildModel({ kind: 'LANDMARK', variant: 'lighthouse', seed: 1 });
    const short = tourTags({ description: 'The lamp room still has its original lens, a spiral stair of 120 steps, and views over the bay.', layout, seed: 1 });
    expect(short.length).toBeGreaterThanOrEqual(3);
    expect(short.find((t) => t.title === 'The light')?.room).toBe(layout.rooms.find((r) => r.name === 'Lamp room')?.id);
    const long = tourTags({ description: Array.from({ length: 12 }, (_, i) => `Sentence number ${i + 1} talks about the place.`).join(' '), layout, seed: 1 });
    expect(long).toHaveLength(8);
  });
});
