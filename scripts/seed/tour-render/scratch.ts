/**
 * Big typed arrays lent out and taken back, so rendering poster after poster does not allocate
 * 50 MB of buffers each time (V8 collects garbage on external-memory pressure, which cost more
 * than drawing). An array is lent to one caller at a time: concurrent renders get fresh ones.
 */

type Scratch = Float32Array | Uint32Array | Uint8Array | Uint8ClampedArray;

const free = new Map<string, Scratch[]>();
/** Arrays kept per kind and size: two posters at a time is the seed's concurrency. */
const KEEP = 2;

/** A zero-filled array of `length` elements, reused when one was given back. */
export function borrow<T extends Scratch>(make: new (length: number) => T, length: number): T {
  const reused = free.get(`${make.name}:${length}`)?.pop();
  if (reused) return reused.fill(0) as T;
  return new make(length);
}

/** Takes arrays back for the next `borrow` (the caller must not touch them afterwards). */
export function giveBack(...arrays: Scratch[]): void {
  for (const a of arrays) {
    const key = `${a.constructor.name}:${a.length}`;
    const list = free.get(key) ?? [];
    if (list.length < KEEP) list.push(a);
    free.set(key, list);
  }
}
