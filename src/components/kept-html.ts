import { oneByteHtml } from '../domain/one-byte-html.ts';

/**
 * Markup that repeats on every page of a locale, rendered once and reused (issue 26): the build
 * renders thousands of pages whose cookie banner, header, footer and toast region are the same but
 * for a few values (the sign-in links carry the page's path, the language switcher links the page
 * in each locale). Kept per content object (the data the markup is made from, so new content is
 * rendered afresh) and key (the locale and whatever else the markup depends on); the values that
 * change per page are holes ({@link hole}), filled on every page.
 *
 * The markup may hold islands. Astro writes the island runtime and each client directive's script
 * once per page, before the first island that needs it, through render instructions; a slot
 * rendered to a string keeps those instructions apart from its text ({@link SlotLike}), so they are
 * put back right before their island and Astro decides on every page whether to write them there.
 * An island kept this way renders once for all pages: it needs an id prefix of its own, the same on
 * every page (src/site/island-renderer.ts, `LAYOUT_ISLANDS`). The kept text is made a one-byte
 * string where it can be (src/domain/one-byte-html.ts).
 */

/** The `of` of markup made from the bundle alone (its code and translations), for as long as the bundle runs. */
export const BUNDLE: object = Object.freeze({});

/** What `Astro.slots.render()` answers: Astro's `SlotString`, its text with the render instructions met on the way. */
export interface SlotLike {
  toString(): string;
  instructions?: ({ type: string } | null)[] | null;
  chunks?: unknown[];
}

/** Something Astro writes where the component put it: text as is, instructions evaluated for the page. */
export interface Replay {
  render(destination: { write(chunk: unknown): void }): void;
}

/** A hole's mark in kept markup: ASCII, so the kept text stays a one-byte string (cheap for Astro to encode). */
const MARK = '\u0001';
const HOLE = new RegExp(`${MARK}([\\w-]+)${MARK}`, 'g');

/** The mark of a hole named `name`: write it where the page's own value goes (text or attribute value). */
export function hole(name: string): string {
  return `${MARK}${name}${MARK}`;
}

/** Instructions that only islands write: each island's directive, then its renderer's script (React has none). */
const ISLAND_INSTRUCTIONS = new Set(['directive', 'renderer-hydration-script']);
/** Instructions that write nothing inside the body once the head is written (each component's head check). */
const HEAD_INSTRUCTIONS = new Set(['maybe-head']);

/**
 * The parts to write for a kept slot: its text cut before each `<astro-island`, each island's
 * instructions in front of it, and the holes as names (`{ hole }`). `undefined` when the slot holds
 * what cannot be replayed this way: a processed `<script>` (written in place as an instruction), an
 * island inside another island's slot, or an instruction of another kind.
 */
function partsOf(slot: SlotLike): (string | object)[] | undefined {
  if (slot.chunks?.some((c) => typeof c !== 'string')) return undefined;
  const text = oneByteHtml(slot.toString());
  const groups: object[][] = [];
  const before: object[] = [];
  for (const instruction of slot.instructions ?? []) {
    if (!instruction) continue;
    if (instruction.type === 'directive') groups.push([instruction]);
    else if (ISLAND_INSTRUCTIONS.has(instruction.type) && groups.length > 0) groups.at(-1)?.push(instruction);
    else if (HEAD_INSTRUCTIONS.has(instruction.type)) before.push(instruction);
    else return undefined;
  }
  const islands = [...text.matchAll(/<astro-island\s/g)].map((m) => m.index);
  if (islands.length !== groups.length) return undefined;
  const parts: (string | object)[] = [...before];
  let at = 0;
  islands.forEach((index, i) => {
    parts.push(...withHoles(text.slice(at, index)), ...(groups[i] ?? []));
    at = index;
  });
  parts.push(...withHoles(text.slice(at)));
  return parts;
}

/** A piece of kept text with its holes as `{ hole: name }`. */
function withHoles(text: string): (string | object)[] {
  if (!text.includes(MARK)) return text ? [text] : [];
  return text
    .split(HOLE)
    .map((piece, i) => (i % 2 === 1 ? { hole: piece } : piece))
    .filter((p) => p !== '');
}

const kept = new WeakMap<object, Map<string, Promise<(string | object)[]>>>();

/**
 * What Astro writes for the slot `render` makes for `of` and `key`: rendered on the first call only,
 * then replayed with `holes` filled in (raw HTML: escape what goes into an attribute with
 * `escapeHtml`, src/domain/html.ts).
 */
export async function keptHtml(of: object, key: string, render: () => Promise<SlotLike>, holes: Record<string, string> = {}): Promise<Replay> {
  let byKey = kept.get(of);
  if (!byKey) kept.set(of, (byKey = new Map<string, Promise<(string | object)[]>>()));
  let entry = byKey.get(key);
  if (!entry) {
    entry = render().then((slot) => {
      const parts = partsOf(slot);
      if (!parts) {
        const kinds = (slot.instructions ?? []).map((i) => i?.type).join(', ');
        throw new Error(
          `Kept markup (${key}) must hold no processed <script> and no island inside another island: render it without <Kept>. Instructions: ${kinds}.`,
        );
      }
      return parts;
    });
    byKey.set(key, entry);
    // A failed render is not kept: the next page tries again (and fails the build the same way).
    entry.catch(() => byKey.delete(key));
  }
  const parts = await entry;
  return {
    render(destination) {
      for (const part of parts) {
        if (typeof part === 'object' && 'hole' in part) destination.write(holes[part.hole as string] ?? '');
        else destination.write(part);
      }
    },
  };
}
