import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import { LOCALES } from './locales.ts';
import { parseStrings } from './strings-schema.ts';

const load = (code: string): unknown => JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8'));

describe('locale files (spec 9: 13 locales, a missing key fails the build)', () => {
  for (const { code } of LOCALES) {
    it(`${code} has every key, plural form and placeholder`, () => {
      expect(() => parseStrings(code, load(code))).not.toThrow();
    });
  }

  it('refuses a file with a missing key, naming it', () => {
    const de = { ...(load('de') as Record<string, string>) };
    delete de['notFound.title'];
    expect(() => parseStrings('de', de)).toThrow(/notFound\.title/);
  });

  it('refuses a lost placeholder and an unknown key', () => {
    const fr = { ...(load('fr') as Record<string, string>), 'search.resultsFor': 'Résultats' };
    expect(() => parseStrings('fr', fr)).toThrow(/search\.resultsFor/);
    expect(() => parseStrings('en', { ...en, 'made.up': 'x' })).toThrow(/made\.up/);
  });

  it('needs the plural forms the language uses (Russian: one, few, many)', () => {
    const ru = { ...(load('ru') as Record<string, string>) };
    delete ru['card.views_few'];
    expect(() => parseStrings('ru', ru)).toThrow(/card\.views_few/);
  });
});
