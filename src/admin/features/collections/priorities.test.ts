import { describe, expect, test } from 'vitest';
import { priorityChanges } from './priorities.ts';

/** Applies changes and answers the ids by priority, highest first (ties keep list order). */
const apply = (rows: { id: string; priority: number }[], changes: { id: string; priority: number }[]) =>
  rows
    .map((r) => ({ ...r, priority: changes.find((c) => c.id === r.id)?.priority ?? r.priority }))
    .sort((a, b) => b.priority - a.priority)
    .map((r) => r.id);

describe('priorityChanges', () => {
  const spaced = [
    { id: 'a', priority: 30 },
    { id: 'b', priority: 20 },
    { id: 'c', priority: 10 },
  ];

  test('one change when the neighbours leave room', () => {
    expect(priorityChanges(spaced, 'c', 1)).toEqual([{ id: 'c', priority: 25 }]);
    expect(priorityChanges(spaced, 'c', 0)).toEqual([{ id: 'c', priority: 40 }]);
    expect(priorityChanges(spaced, 'a', 2)).toEqual([{ id: 'a', priority: 0 }]);
    expect(apply(spaced, priorityChanges(spaced, 'c', 1))).toEqual(['a', 'c', 'b']);
  });

  test('equal priorities are renumbered, changing only what differs', () => {
    const flat = [
      { id: 'a', priority: 0 },
      { id: 'b', priority: 0 },
      { id: 'c', priority: 0 },
    ];
    expect(priorityChanges(flat, 'c', 0)).toEqual([{ id: 'c', priority: 10 }]);
    const changes = priorityChanges(flat, 'c', 1);
    expect(apply(flat, changes)).toEqual(['a', 'c', 'b']);
    expect(changes).toEqual([
      { id: 'a', priority: 20 },
      { id: 'c', priority: 10 },
    ]);
  });

  test('nothing for an unknown row or a move to the same place', () => {
    expect(priorityChanges(spaced, 'x', 0)).toEqual([]);
    expect(priorityChanges(spaced, 'b', 1)).toEqual([]);
  });
});
