/** Default alphabet for `Rng.id`: [A-Za-z0-9]. */
export const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Deterministic random source; every method advances the same underlying stream. */
export interface Rng {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(arr: readonly T[]): T;
  /** `n` distinct elements (by index) of `arr`, in random order; n is clamped to arr.length. */
  pickMany<T>(arr: readonly T[], n: number): T[];
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** Shuffled copy of `arr` (Fisher–Yates); the input is not modified. */
  shuffle<T>(arr: readonly T[]): T[];
  /** Random string of length `len` drawn from `alphabet` (default [A-Za-z0-9]). */
  id(len: number, alphabet?: string): string;
}

/** Seeded PRNG (sfc32, seeded through splitmix32); same seed -> same sequence. */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();

  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up so that nearby seeds diverge immediately.
  for (let i = 0; i < 12; i++) next();

  const int = (min: number, max: number): number => {
    const lo = Math.ceil(Math.min(min, max));
    const hi = Math.floor(Math.max(min, max));
    return lo + Math.floor(next() * (hi - lo + 1));
  };

  const pick = <T>(arr: readonly T[]): T => {
    if (arr.length === 0) throw new Error('pick() from empty array');
    return arr[Math.floor(next() * arr.length)] as T;
  };

  const shuffle = <T>(arr: readonly T[]): T[] => {
    const out = arr.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  };

  const pickMany = <T>(arr: readonly T[], n: number): T[] => {
    const count = Math.max(0, Math.min(Math.floor(n), arr.length));
    const out = arr.slice();
    // Partial Fisher–Yates: only the first `count` slots are needed.
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(next() * (out.length - i));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out.slice(0, count);
  };

  const chance = (p: number): boolean => next() < p;

  const id = (len: number, alphabet: string = ID_ALPHABET): string => {
    let out = '';
    for (let i = 0; i < len; i++) out += alphabet.charAt(Math.floor(next() * alphabet.length));
    return out;
  };

  return { next, int, pick, pickMany, chance, shuffle, id };
}

/** Stable 32-bit FNV-1a hash of a string, handy for deriving numeric seeds from ids. */
export function hashSeed(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
