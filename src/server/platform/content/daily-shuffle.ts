/** 32-bit FNV-1a hash of a string. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Orders items in a pseudo-random order that stays the same for the whole UTC day and changes the
 * next day, so a randomized homepage is stable across the build and the visitor's reloads.
 */
export function dailyShuffle<T>(items: readonly T[], keyOf: (item: T) => string, now: Date): T[] {
  const day = now.toISOString().slice(0, 10);
  return items
    .map((item) => ({ item, rank: fnv1a(`${day}:${keyOf(item)}`) }))
    .sort((a, b) => a.rank - b.rank)
    .map((x) => x.item);
}
