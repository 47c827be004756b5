import { describe, expect, test } from 'vitest';
import { layoutEditProblem } from '../../domain/tour-layout-edit.ts';
import type { TourLayoutEdit } from '../../domain/tour-layout-edit.ts';
import { fractionOf, headingAt, nudgePoint, placePoint, toggleLink, type PlanBox } from './layout-edit.ts';

const box: PlanBox = [-1, -1, 4, 2];
const edit: TourLayoutEdit = {
  sweeps: [
    { id: 'a', position: [0, 0], neighbours: ['b'] },
    { id: 'b', position: [3, 0], neighbours: ['a'] },
    { id: 'c', position: [3, 1], neighbours: [] },
  ],
  start: { sweep: 'a', heading: 0 },
};
const floors = [{ index: 0, name: 'Ground', elevation: 0, height: 2.5, plan: null, planBounds: box }];
const layout = {
  floors,
  sweeps: edit.sweeps.map((s) => ({ id: s.id, position: [0, 0, 0] as [number, number, number], floor: 0, room: null, neighbours: [], panorama: null })),
};

describe('the panorama editor’s edits', () => {
  test('the arrow keys move a point and stop at the edge of the plan', () => {
    expect(nudgePoint(edit, 'b', [0.25, 0], box).sweeps[1]?.position).toEqual([3.25, 0]);
    expect(nudgePoint(edit, 'b', [5, -5], box).sweeps[1]?.position).toEqual([4, -1]);
    expect(placePoint(edit, 'c', [1.234, 1.5678], box).sweeps[2]?.position).toEqual([1.23, 1.57]);
  });

  test('linking and unlinking changes both points, so every edit stays valid', () => {
    const linked = toggleLink(edit, 'a', 'c');
    expect(linked.sweeps.map((s) => s.neighbours)).toEqual([['b', 'c'], ['a'], ['a']]);
    expect(layoutEditProblem(layout, linked)).toBeNull();
    const unlinked = toggleLink(linked, 'c', 'a');
    expect(unlinked.sweeps.map((s) => s.neighbours)).toEqual([['b'], ['a'], []]);
    expect(toggleLink(edit, 'a', 'a')).toBe(edit);
  });

  test('the photo strip’s middle is north, its right edge turns clockwise round to south', () => {
    expect(headingAt(0.5)).toBe(0);
    expect(headingAt(0.75)).toBe(90);
    expect(headingAt(0.25)).toBe(270);
    expect(fractionOf(90)).toBeCloseTo(0.75);
    expect(fractionOf(0)).toBeCloseTo(0.5);
  });
});
