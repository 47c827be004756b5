import en from '../../locales/en.json' with { type: 'json' };

/** The English strings: the source of truth every locale file is checked against. */
export const EN_STRINGS = en;

/** A key as it appears in a locale file (plural keys carry `_one`, `_other`, …). */
export type RawStringKey = keyof typeof en;
/** A plural key's base name (`card.views` for `card.views_one` / `card.views_other`). */
export type PluralKey = RawStringKey extends infer K ? (K extends `${infer B}_other` ? B : never) : never;
/** A key UI code asks for: a plain key or a plural base (which needs a numeric `count`). */
export type StringKey = Exclude<RawStringKey, `${string}_one` | `${string}_other`> | PluralKey;
/** One locale's strings. */
export type Strings = Record<RawStringKey, string>;
