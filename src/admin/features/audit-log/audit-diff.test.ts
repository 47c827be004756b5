import { describe, expect, test } from 'vitest';
import { auditDiff, changedKeys, formatValue } from './audit-diff.ts';

describe('auditDiff', () => {
  test('an edit: every field, id first, the changed ones marked', () => {
    const blocks = auditDiff({ id: 'c1', name: 'Old', isActive: true }, { id: 'c1', name: 'New', isActive: true });
    expect(blocks).toEqual([
      {
        id: 'c1',
        kind: 'changed',
        rows: [
          { key: 'id', before: 'c1', after: 'c1', changed: false, listChange: undefined },
          { key: 'name', before: 'Old', after: 'New', changed: true, listChange: undefined },
          { key: 'isActive', before: true, after: true, changed: false, listChange: undefined },
        ],
      },
    ]);
    expect(changedKeys(blocks)).toEqual(['name']);
  });

  test('a creation and a deletion', () => {
    expect(auditDiff(null, { id: 'x', name: 'A' })[0]).toMatchObject({
      kind: 'created',
      id: 'x',
      rows: [{ key: 'id' }, { key: 'name', before: null, after: 'A', changed: true }],
    });
    expect(auditDiff({ id: 'x', name: 'A' }, null)[0]).toMatchObject({ kind: 'deleted', id: 'x' });
  });

  test('bulk entries are matched on id, whatever the order', () => {
    const blocks = auditDiff(
      [
        { id: 'a', status: 'ACTIVE' },
        { id: 'b', status: 'ACTIVE' },
      ],
      [
        { id: 'b', status: 'DISABLED' },
        { id: 'a', status: 'DISABLED' },
      ],
    );
    expect(blocks.map((b) => [b.id, b.rows.find((r) => r.key === 'status')?.after])).toEqual([
      ['a', 'DISABLED'],
      ['b', 'DISABLED'],
    ]);
    expect(changedKeys(blocks)).toEqual(['status']);
  });

  test('a list of ids says what was added, removed, or that only the order changed', () => {
    const [added] = auditDiff({ id: 'c', children: ['s1'] }, { id: 'c', children: ['s1', 's2'] });
    expect(added?.rows.find((r) => r.key === 'children')?.listChange).toEqual({ added: ['s2'], removed: [], reordered: false });
    const [moved] = auditDiff({ id: 'c', children: ['s1', 's2'] }, { id: 'c', children: ['s2', 's1'] });
    expect(moved?.rows.find((r) => r.key === 'children')?.listChange).toEqual({ added: [], removed: [], reordered: true });
  });

  test('plain values before and after', () => {
    expect(auditDiff('a', 'b')).toEqual([{ id: null, kind: 'changed', rows: [{ key: '', before: 'a', after: 'b', changed: true, listChange: undefined }] }]);
  });
});

describe('formatValue', () => {
  test('reads like text', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue('')).toBe('—');
    expect(formatValue(true)).toBe('yes');
    expect(formatValue(['a', 'b'])).toBe('a, b');
    expect(formatValue([])).toBe('(none)');
    expect(formatValue(Array.from({ length: 10 }, (_, i) => i))).toBe('0, 1, 2, 3, 4, 5, 6, 7 … and 2 more');
    expect(formatValue({ lat: 1 })).toBe('{"lat":1}');
  });
});
