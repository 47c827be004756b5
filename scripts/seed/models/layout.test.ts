import { describe, expect, it } from 'vitest';
import { createRng } from '../prng.ts';
import type { SpaceKindType } from '../world-data.ts';
import { ARCHETYPES, archetypeOf } from './archetypes.ts';
import { assemble } from './assemble.ts';
import type { P2 } from './building.ts';

const ALL = (Object.entries(ARCHETYPES) as [SpaceKindType, readonly (string | null)[]][]).flatMap(([kind, vs]) => vs.map((variant) => ({ kind, variant })));

/** Where segment a–b crosses segment c–d, if it does. */
function crossing(a: P2, b: P2, c: P2, d: P2): P2 | null {
  const r: P2 = [b[0] - a[0], b[1] - a[1]];
  const s: P2 = [d[0] - c[0], d[1] - c[1]];
  const den = r[0] * s[1] - r[1] * s[0];
  if (Math.abs(den) < 1e-9) return null;
  const t = ((c[0] - a[0]) * s[1] - (c[1] - a[1]) * s[0]) / den;
  const u = ((c[0] - a[0]) * r[1] - (c[1] - a[1]) * r[0]) / den;
  return t > 0 && t < 1 && u >= 0 && u <= 1 ? [a[0] + t * r[0], a[1] + t * r[1]] : null;
}

describe('sweep links', () => {
  it.each(ALL)('$kind $variant: a link between two rooms goes through a doorway', ({ kind, variant }) => {
    const rng = createRng(11);
    const spec = archetypeOf(kind, variant)(rng);
    const { layout } = assemble(spec, rng);
    const byId = new Map(layout.sweeps.map((s) => [s.id, s]));
    const rooms = new Map(layout.rooms.map((r) => [r.id, r]));
    for (const a of layout.sweeps) {
      for (const id of a.neighbours) {
        const b = byId.get(id);
        if (!b || b.floor !== a.floor || a.room === b.room) continue;
        const pa: P2 = [a.position[0], a.position[2]];
        const pb: P2 = [b.position[0], b.position[2]];
        const outline = rooms.get(a.room ?? '')?.outline ?? [];
        for (let i = 0; i < outline.length; i++) {
          const hit = crossing(pa, pb, outline[i] as P2, outline[(i + 1) % outline.length] as P2);
          if (!hit) continue;
          const door = spec.doors.find((d) => d.floor === a.floor && Math.hypot(d.at[0] - hit[0], d.at[1] - hit[1]) <= d.width / 2);
          expect(door, `${a.id}→${b.id} crosses a wall of ${a.room} at ${hit.map((v) => v.toFixed(2)).join(',')}`).toBeDefined();
        }
      }
    }
  });
});
