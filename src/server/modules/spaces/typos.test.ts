import { describe, expect, test } from 'vitest';
import {
  buildVocabulary,
  completionsOf,
  correctionsOf,
  foldWord,
  MAX_COMPLETIONS,
  planSearch,
  prefixCorrectionsOf,
  typoDistance,
  typosAllowed,
} from './typos.ts';

const vocab = buildVocabulary([
  ['lighthouse', 6],
  ['light', 111],
  ['castle', 12],
  ['castel', 1],
  ['apartment', 900],
  ['apartments', 40],
  ['museum', 50],
  ['cafe', 30],
  ['horse', 3],
  ['house', 400],
  ['penthouse', 25],
]);

describe('typoDistance', () => {
  test('counts insertions, deletions, substitutions and swaps of neighbours as one typo each', () => {
    expect(typoDistance('lighthuose', 'lighthouse', 2)).toBe(1);
    expect(typoDistance('castel', 'castle', 2)).toBe(1);
    expect(typoDistance('museom', 'museum', 2)).toBe(1);
    expect(typoDistance('musem', 'museum', 2)).toBe(1);
    expect(typoDistance('apartmnet', 'apartment', 2)).toBe(1);
    expect(typoDistance('appartmant', 'apartment', 2)).toBe(2);
    expect(typoDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('typosAllowed', () => {
  test('none under 5 letters, one from 5, two from 9', () => {
    expect([typosAllowed('loft'), typosAllowed('villa'), typosAllowed('penthouse'), typosAllowed('lighthuose')]).toEqual([0, 1, 2, 2]);
  });
});

describe('correctionsOf', () => {
  test('finds the indexed words within the allowed typos, fewest typos then most common first', () => {
    expect(correctionsOf(vocab, 'lighthuose').map((c) => c.word)).toEqual(['lighthouse']);
    expect(correctionsOf(vocab, 'museom').map((c) => c.word)).toEqual(['museum']);
    expect(correctionsOf(vocab, 'appartmant').map((c) => c.word)).toEqual(['apartment']);
    expect(correctionsOf(vocab, 'hourse').map((c) => c.word)).toEqual(['house', 'horse']);
  });
  test('short words are never corrected', () => {
    expect(correctionsOf(vocab, 'cafo')).toEqual([]);
  });
});

describe('prefixCorrectionsOf', () => {
  test('corrects a word still being typed against the beginnings of indexed words', () => {
    expect(prefixCorrectionsOf(vocab, 'lighthuo').map((c) => c.word)).toContain('lighthou');
    expect(prefixCorrectionsOf(vocab, 'apartmnt').map((c) => c.word)[0]).toBe('apartment');
  });
});

describe('planSearch', () => {
  test('an unknown word is searched by its corrections and suggested', () => {
    const plan = planSearch(vocab, ['lighthuose'], false);
    expect(plan.words[0]?.alternatives).toEqual(['lighthouse']);
    expect(plan.suggestion).toBe('lighthouse');
    expect(plan.mixed).toBe(false);
  });
  test('a known common word is searched as typed', () => {
    const plan = planSearch(vocab, ['house', 'museum'], false);
    expect(plan.words.map((w) => w.alternatives)).toEqual([[], []]);
    expect(plan.suggestion).toBeNull();
  });
  test('a rare word beside a much more common correction is searched with it, typed matches first', () => {
    const plan = planSearch(vocab, ['castel'], false);
    expect(plan.words[0]?.alternatives).toEqual(['castle']);
    expect(plan.mixed).toBe(true);
    expect(plan.suggestion).toBe('castle');
  });
  test('the last word being typed is a prefix, corrected only when nothing starts with it', () => {
    expect(planSearch(vocab, ['lig'], true).words[0]).toMatchObject({ prefix: true, known: true, alternatives: [] });
    const plan = planSearch(vocab, ['lighthuo'], true);
    expect(plan.words[0]).toMatchObject({ prefix: true, known: false });
    expect(plan.words[0]?.alternatives).toContain('lighthou');
  });
  test('a known prefix carries the few indexed words it begins, none when there are too many', () => {
    expect(planSearch(vocab, ['apartm'], true).words[0]?.completions).toEqual(['apartment', 'apartments']);
    expect(completionsOf(vocab, 'zzz')).toEqual([]);
    const many = buildVocabulary(Array.from({ length: MAX_COMPLETIONS + 1 }, (_, i) => [`room${i}`, 1] as const));
    expect(completionsOf(many, 'room')).toBeNull();
    expect(completionsOf(many, 'room1')).toEqual(['room1', 'room10', 'room11', 'room12', 'room13', 'room14', 'room15', 'room16']);
    expect(planSearch(vocab, ['house'], false).words[0]?.completions).toBeNull();
  });
  test('accents are ignored when looking words up', () => {
    expect(foldWord('café')).toBe('cafe');
    expect(planSearch(vocab, ['café'], false).words[0]).toMatchObject({ known: true, alternatives: [] });
  });
});
