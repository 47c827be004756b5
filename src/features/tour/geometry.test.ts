import { describe, expect, it } from 'vitest';
import { EYE_HEIGHT, TOUR_MODES, type Tour } from '../../domain/tour.ts';
import { EYE, headingTo, lookDirection, neighbourToward, normalizeHeading, tagsNear, turn } from './geometry.ts';
import { MODES, linkToView, parseLinkedView } from './deep-link.ts';
import { formatLength, parseLength } from './units.ts';

const sweep = (id: string, x: number, z: number, neighbours: string[], room: string | null = 'r') => ({
  id,
  position: [x, 0, z] as [number, number, number],
  floor: 0,
  room,
  neighbours,
  panorama: null,
});
const tour = {
  sweeps: [sweep('a', 0, 0, ['n', 'e', 's']), sweep('n', 0, -3, ['a']), sweep('e', 3, 0.5, ['a']), sweep('s', 0, 4, ['a'])],
  tags: [{ id: 't', position: [1, 1, 1], floor: 0, room: 'r', title: 'T', description: '', link: null, picture: null }],
} as unknown as Tour;
const at = (id: string) => tour.sweeps.find((s) => s.id === id)!;

describe('tour geometry', () => {
  it('keeps the domain figures (the player copies them to ship no zod)', () => {
    expect(EYE).toBe(EYE_HEIGHT);
    expect([...MODES]).toEqual([...TOUR_MODES]);
  });

  it('measures headings clockwise from north (-z)', () => {
    expect(headingTo([0, 0, 0], [0, 0, -1])).toBe(0);
    expect(headingTo([0, 0, 0], [1, 0, 0])).toBe(90);
    expect(headingTo([0, 0, 0], [0, 0, 1])).toBe(180);
    expect(headingTo([0, 0, 0], [-1, 0, 0])).toBe(270);
    expect(normalizeHeading(-30)).toBe(330);
    expect(turn(350, 10)).toBe(20);
    const [x, , z] = lookDirection(90, 0);
    expect(x).toBeCloseTo(1);
    expect(z).toBeCloseTo(0);
  });

  it('picks the neighbour ahead, or behind, and none when nothing is within reach of that direction', () => {
    expect(neighbourToward(tour, at('a'), 0)?.id).toBe('n');
    expect(neighbourToward(tour, at('a'), 80)?.id).toBe('e');
    expect(neighbourToward(tour, at('a'), 0, false)?.id).toBe('s');
    expect(neighbourToward(tour, at('n'), 0)).toBeNull();
  });

  it('counts the tags of the sweep’s room', () => {
    expect(tagsNear(tour, at('a')).map((t) => t.id)).toEqual(['t']);
  });
});

describe('deep links', () => {
  it('round-trips a view and drops what it does not know', () => {
    const link = linkToView('https://x.test/discover/showcase/?m=old&lang=de', 'abc', { sweep: 's1', mode: 'dollhouse', heading: 359.7, pitch: -10.2 });
    const q = new URL(link).searchParams;
    expect(q.get('m')).toBe('abc');
    expect(q.get('lang')).toBe('de');
    expect(parseLinkedView(new URL(link).search)).toEqual({ sweep: 's1', mode: 'dollhouse', heading: 0, pitch: -10 });
    expect(parseLinkedView('?mode=attic&h=x&sweep=<b>')).toEqual({});
  });
});

describe('lengths', () => {
  it('writes feet and inches for US English and metres elsewhere', () => {
    expect(formatLength(4, 'en')).toBe('13 ft 1 in');
    expect(formatLength(4, 'en-GB')).toBe('4.00 m');
    expect(formatLength(4.25, 'de').replace(/\s/g, ' ')).toBe('4,25 m');
    expect(parseLength('13 ft 1 in')).toBeCloseTo(3.988, 2);
    expect(parseLength('4,25 m')).toBe(4.25);
  });
});
