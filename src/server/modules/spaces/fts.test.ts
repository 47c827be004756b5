import { describe, expect, test } from 'vitest';
import { ftsMatchExpression, pgSearchQuery, searchTokens } from './fts.ts';

describe('ftsMatchExpression', () => {
  test('quotes words and prefixes the last one', () => {
    expect(ftsMatchExpression('modern loft')).toBe('"modern" "loft"*');
  });
  test('a finished last word (trailing space) is matched whole', () => {
    expect(ftsMatchExpression('modern loft ')).toBe('"modern" "loft"');
  });
  test('one-letter last words are not prefixes', () => {
    expect(ftsMatchExpression('pro 2')).toBe('"pro" "2"');
  });
  test('operators and punctuation lose their meaning', () => {
    expect(ftsMatchExpression('AND (')).toBe('"and"');
    expect(ftsMatchExpression('"')).toBeNull();
    expect(ftsMatchExpression('*')).toBeNull();
    expect(ftsMatchExpression('NEAR(a b) OR c:d')).toBe('"near" "a" "b" "or" "c" "d"');
    expect(ftsMatchExpression('🏠🏠')).toBeNull();
  });
  test('a prefix the plan completed is matched as the words it begins', () => {
    const word = { word: 'hous', prefix: true, alternatives: [], known: true };
    const plan = (completions: string[] | null) => ({
      words: [
        { word: 'modern', prefix: false, alternatives: [], known: true, completions: null },
        { ...word, completions },
      ],
      suggestion: null,
      mixed: false,
    });
    expect(ftsMatchExpression('modern hous', undefined, plan(['house', 'houses']))).toBe('"modern" AND ("house" OR "houses")');
    expect(ftsMatchExpression('modern hous', undefined, plan(['house']))).toBe('"modern" "house"');
    expect(ftsMatchExpression('modern hous', undefined, plan(null))).toBe('"modern" "hous"*');
  });
  test('limits to the chosen columns', () => {
    expect(ftsMatchExpression('paris', ['name', 'location'])).toBe('{name location} : ("paris"*)');
    expect(ftsMatchExpression('paris', [])).toBeNull();
  });
  test('keeps accents and non-Latin scripts', () => {
    expect(ftsMatchExpression('Café Zürich')).toBe('"café" "zürich"*');
    expect(ftsMatchExpression('東京 タワー')).toBe('"東京" "タワー"*');
  });
  test('caps the number and length of words', () => {
    expect(searchTokens('a '.repeat(100))).toHaveLength(12);
    expect(searchTokens('x'.repeat(500))[0]).toHaveLength(64);
  });
});

describe('pgSearchQuery', () => {
  test('quotes whole words for websearch_to_tsquery and prefixes the last one', () => {
    expect(pgSearchQuery('modern loft')).toEqual({ words: '"modern"', prefix: "'loft':*", alternatives: null });
    expect(pgSearchQuery('modern loft ')).toEqual({ words: '"modern" "loft"', prefix: null, alternatives: null });
    expect(pgSearchQuery('pro 2')).toEqual({ words: '"pro" "2"', prefix: null, alternatives: null });
  });
  test('operators and quotes lose their meaning', () => {
    expect(pgSearchQuery('a OR -b "cd')).toEqual({ words: '"a" "or" "b"', prefix: "'cd':*", alternatives: null });
    expect(pgSearchQuery("it's")).toEqual({ words: '"it" "s"', prefix: null, alternatives: null });
    expect(pgSearchQuery('"')).toBeNull();
  });
});
