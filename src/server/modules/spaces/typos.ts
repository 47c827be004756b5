/**
 * Typo tolerance for search (issue 25), the same on SQLite and PostgreSQL: the words of the search
 * index (the vocabulary, with how many spaces hold each) and, for a word a visitor typed, the indexed
 * words within one typo (words of 5+ letters) or two (9+), found with a symmetric-delete index
 * (SymSpell): every indexed word is stored under the strings one deletion away from it (and two for
 * words of 9+ letters), so a lookup generates the typed word's deletions and checks a few hundred map
 * keys instead of comparing with every word. Candidates are confirmed with the optimal string
 * alignment distance (a swap of two neighbouring letters is one typo). Pure: no database.
 */

/** Fewest letters for one typo to be forgiven, and for two. */
export const ONE_TYPO_FROM = 5;
export const TWO_TYPOS_FROM = 9;
/** Most corrections tried for one word (the most common first). */
const MAX_CORRECTIONS = 3;

/** A word as the index keeps it: Latin letters without their diacritics (FTS5's `remove_diacritics 2`, PostgreSQL's `unaccent`). */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/** How many typos a word of this many letters may carry. */
export function typosAllowed(word: string): 0 | 1 | 2 {
  const n = [...word].length;
  return n >= TWO_TYPOS_FROM ? 2 : n >= ONE_TYPO_FROM ? 1 : 0;
}

/** The search index's words, how many spaces hold each, and the delete index over them. */
export interface Vocabulary {
  /** Spaces holding each word. */
  readonly docs: ReadonlyMap<string, number>;
  /** Every word, sorted (prefix lookups). */
  readonly sorted: readonly string[];
  /** Deletion variant → the words it comes from. */
  readonly deletes: ReadonlyMap<string, readonly string[]>;
}

/** Strings `depth` deletions or fewer away from `word` (itself excluded). */
function deletions(word: string, depth: number, out = new Set<string>()): Set<string> {
  const chars = [...word];
  if (depth <= 0 || chars.length <= 1) return out;
  for (let i = 0; i < chars.length; i++) {
    const d = chars.slice(0, i).join('') + chars.slice(i + 1).join('');
    if (out.has(d)) continue;
    out.add(d);
    deletions(d, depth - 1, out);
  }
  return out;
}

/** Builds the vocabulary from `(word, spaces holding it)` pairs. */
export function buildVocabulary(words: Iterable<readonly [string, number]>): Vocabulary {
  const docs = new Map<string, number>();
  const deletes = new Map<string, string[]>();
  for (const [word, n] of words) {
    if (!word || n <= 0) continue;
    docs.set(word, (docs.get(word) ?? 0) + n);
  }
  for (const word of docs.keys()) {
    // Only words long enough to be a correction (one typo shorter than the shortest forgiven word).
    const len = [...word].length;
    if (len < ONE_TYPO_FROM - 1) continue;
    for (const d of deletions(word, len >= TWO_TYPOS_FROM - 1 ? 2 : 1)) {
      const list = deletes.get(d);
      if (list) list.push(word);
      else deletes.set(d, [word]);
    }
  }
  const sorted = [...docs.keys()].sort();
  return { docs, sorted, deletes };
}

/** Optimal string alignment distance (insert, delete, substitute, swap neighbours), or `max + 1` once over `max`. */
export function typoDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, (prev2[j - 2] as number) + 1);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[t.length] as number, max + 1);
}

/** An indexed word a typed word may have meant. */
export interface Correction {
  word: string;
  /** Spaces holding it. */
  docs: number;
  typos: number;
}

/** The same letters in another order (a swap, the most common slip on a keyboard). */
function sameLetters(a: string, b: string): boolean {
  return a.length === b.length && [...a].sort().join('') === [...b].sort().join('');
}

/** Fewest typos first; among equals a word with the typed letters swapped, then the most common. */
function byLikelihood(typed: string) {
  return (x: Correction, y: Correction) =>
    x.typos - y.typos || Number(sameLetters(typed, y.word)) - Number(sameLetters(typed, x.word)) || y.docs - x.docs || (x.word < y.word ? -1 : 1);
}

/** Indexed words within the typos `word` may carry, the likeliest first (see byLikelihood); at most three. */
export function correctionsOf(vocab: Vocabulary, word: string): Correction[] {
  const max = typosAllowed(word);
  if (!max) return [];
  const seen = new Set<string>();
  const found: Correction[] = [];
  const consider = (candidate: string) => {
    if (candidate === word || seen.has(candidate)) return;
    seen.add(candidate);
    const typos = typoDistance(word, candidate, max);
    if (typos <= max) found.push({ word: candidate, docs: vocab.docs.get(candidate) ?? 0, typos });
  };
  const variants = deletions(word, max);
  variants.add(word);
  for (const v of variants) {
    if (vocab.docs.has(v)) consider(v);
    for (const w of vocab.deletes.get(v) ?? []) consider(w);
  }
  return found.sort(byLikelihood(word)).slice(0, MAX_CORRECTIONS);
}

/** The index in the sorted words of the first one not before `prefix`. */
function firstFrom(words: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((words[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether any indexed word starts with `prefix`. */
export function hasPrefix(vocab: Vocabulary, prefix: string): boolean {
  const word = vocab.sorted[firstFrom(vocab.sorted, prefix)];
  return word !== undefined && word.startsWith(prefix);
}

/** Most indexed words a prefix is searched as, instead of FTS5's prefix query (see {@link completionsOf}). */
export const MAX_COMPLETIONS = 16;

/**
 * The indexed words that begin with `prefix`, in order, or null when there are more than
 * {@link MAX_COMPLETIONS}. A prefix searched as these few words (`"apartment" OR "apartments"`) lets
 * SQLite's FTS5 walk their lists lazily, most viewed first, instead of merging every list of the
 * prefix in full before answering (at 100,000 spaces ~0.5 ms per statement for a common word).
 */
export function completionsOf(vocab: Vocabulary, prefix: string): string[] | null {
  const words = vocab.sorted;
  const out: string[] = [];
  for (let i = firstFrom(words, prefix); i < words.length && (words[i] as string).startsWith(prefix); i++) {
    if (out.length === MAX_COMPLETIONS) return null;
    out.push(words[i] as string);
  }
  return out;
}

/**
 * Prefixes of indexed words within the typos `prefix` may carry (a word still being typed): the
 * distinct beginnings, of the prefix's length give or take the typos, the most common first.
 * Compares with every word, which is affordable because it only runs when nothing starts with the
 * prefix as typed.
 */
export function prefixCorrectionsOf(vocab: Vocabulary, prefix: string): Correction[] {
  const max = typosAllowed(prefix);
  if (!max) return [];
  const len = [...prefix].length;
  const best = new Map<string, Correction>();
  for (const [word, docs] of vocab.docs) {
    const chars = [...word];
    if (chars.length < len - max) continue;
    let found: Correction | null = null;
    // Same length first: on a tie the beginning as long as the typed prefix wins.
    const cuts = [0, -1, 1, -2, 2].filter((d) => Math.abs(d) <= max).map((d) => len + d);
    for (const cut of cuts) {
      if (cut < 1 || cut > chars.length) continue;
      const head = chars.slice(0, cut).join('');
      const typos = typoDistance(prefix, head, max);
      if (typos <= max && (!found || typos < found.typos)) found = { word: head, docs, typos };
    }
    if (!found) continue;
    const known = best.get(found.word);
    if (!known) best.set(found.word, found);
    else known.docs += docs;
  }
  return [...best.values()].sort(byLikelihood(prefix)).slice(0, MAX_CORRECTIONS);
}

/** How one typed word is searched. */
export interface WordPlan {
  /** The word as typed (normalized). */
  word: string;
  /** Matched as a prefix (the last word, still being typed). */
  prefix: boolean;
  /** Other words (or prefixes) matched in its place, when the typed one is unknown or rare. */
  alternatives: string[];
  /** Whether the typed word itself is in the index (as a word, or as a prefix when `prefix`). */
  known: boolean;
  /**
   * For a known prefix: the indexed words it begins (at most {@link MAX_COMPLETIONS}), to search
   * instead of the prefix; null when there are more, or when the vocabulary may lag the index.
   */
  completions: string[] | null;
}

/** A word known to so few spaces, beside a correction this many times as common, is likely a typo. */
const RARE_DOCS = 2;
const COMMON_FACTOR = 10;

/** What to search for each typed word, and the query a visitor probably meant ("Did you mean …?"). */
export interface SearchPlan {
  words: WordPlan[];
  /** The typed words with each likely typo corrected; null when nothing was corrected. */
  suggestion: string | null;
  /** Whether any word was widened with corrections while the typed word itself matches too (rank exact matches first). */
  mixed: boolean;
  /**
   * The search's one word as the few indexed words it stands for, each with the index rows holding it,
   * when the vocabulary is the index's own (SQLite): its matches are counted from these.
   */
  terms?: { word: string; rows: number }[];
  /** SQLite: the state of the index's words (vocabulary.ts sqliteIndexStamp) the completions and `terms` hold for; unset when not from the vocabulary. */
  indexStamp?: string;
}

/**
 * Plans a search: each word is matched as typed; an unknown word of 5+ letters is matched by its
 * corrections instead, and a rare known word also by a much more common correction (matches of the
 * typed word rank first). The last word, while typed, is a prefix: corrected only when no indexed
 * word starts with it.
 */
export function planSearch(vocab: Vocabulary, tokens: readonly string[], lastIsPrefix: boolean): SearchPlan {
  let mixed = false;
  let corrected = false;
  const suggestion: string[] = [];
  const words = tokens.map((typed, i): WordPlan => {
    const word = foldWord(typed);
    const prefix = lastIsPrefix && i === tokens.length - 1 && [...word].length >= 2;
    const known = prefix ? hasPrefix(vocab, word) : vocab.docs.has(word);
    let alternatives: string[] = [];
    if (!known) {
      const list = prefix ? prefixCorrectionsOf(vocab, word) : correctionsOf(vocab, word);
      alternatives = list.map((c) => c.word);
    } else if (!prefix) {
      const docs = vocab.docs.get(word) ?? 0;
      const best = docs <= RARE_DOCS ? correctionsOf(vocab, word)[0] : undefined;
      if (best && best.docs >= COMMON_FACTOR * docs) {
        alternatives = [best.word];
        mixed = true;
      }
    }
    if (alternatives.length) corrected = true;
    suggestion.push(alternatives[0] ?? typed);
    const completions = prefix && known ? completionsOf(vocab, word) : null;
    return { word: typed, prefix, alternatives, known, completions };
  });
  return { words, suggestion: corrected ? suggestion.join(' ') : null, mixed };
}
