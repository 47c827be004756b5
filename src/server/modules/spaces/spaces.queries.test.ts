import { expect, test } from 'vitest';
import { decodeSeek, encodeSeek, parseTags } from './spaces.queries.ts';

test('keyset cursors round-trip numeric and text tie-breakers', () => {
  expect(decodeSeek(encodeSeek(12345, 678))).toEqual({ views: 12345, tie: '678' });
  expect(decodeSeek(encodeSeek(0, 'abc-DEF_1'))).toEqual({ views: 0, tie: 'abc-DEF_1' });
});

test('anything else is not a keyset cursor', () => {
  for (const s of [undefined, '', '2s', 'k1.', 'k1.zz', 'k2.1.1', 'k1.1.1; DROP']) expect(decodeSeek(s)).toBeUndefined();
});

test('tag lists tolerate junk', () => {
  expect(parseTags('["a","b"]')).toEqual(['a', 'b']);
  expect(parseTags('[1,"a",null]')).toEqual(['a']);
  expect(parseTags('{')).toEqual([]);
  expect(parseTags('"x"')).toEqual([]);
});
