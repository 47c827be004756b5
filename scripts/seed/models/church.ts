import type { Rng } from '../prng.ts';
import { rect, round, type BuildingSpec, type P2 } from './building.ts';
import { gableRoof, ground, tree } from './decor.ts';
import type { Rgb } from './mesh.ts';
import { planBuilding, type PlanRoom } from './plan.ts';

/**
 * Churches: a narthex, a nave with pews either side of the aisle, a round apse with the altar,
 * side chapels; an abbey adds its cloister. Tall narrow windows and a pitched roof.
 */

const STONE: Rgb = [196, 184, 160];

/** A cathedral, parish church, chapel or abbey. */
export function church(variant: string, rng: Rng): BuildingSpec {
  const j = (a: number, b: number): number => round(a + rng.next() * (b - a));
  const size = { cathedral: [13, 28, 12], parish: [9, 19, 8], chapel: [7, 12, 6], abbey: [10, 22, 9] }[variant] ?? [9, 19, 8];
  const W = round((size[0] as number) + j(-0.5, 0.5));
  const L = round((size[1] as number) + j(-1, 1));
  const H = size[2] as number;
  const r = round(W * 0.36);
  const apse: P2[] = Array.from({ length: 9 }, (_, i) => {
    const a = Math.PI + (i / 8) * Math.PI;
    return [round(W / 2 + Math.cos(a) * r), round(Math.sin(a) * r)] as P2;
  });
  const rooms: PlanRoom[] = [
    { id: 'narthex', name: 'Narthex', use: 'foyer', rect: rect(0, L, W, L + 3.5), windows: null },
    { id: 'nave', name: 'Nave', use: 'nave', rect: rect(0, 0, W, L) },
    { id: 'apse', name: 'Apse', use: 'apse', outline: apse, windows: null },
  ];
  const doors: [string, string, number, number?][] = [
    ['narthex', 'nave', 2.4, 3.6],
    ['nave', 'apse', round(2 * r - 0.4), round(H * 0.7)],
  ];
  if (variant !== 'chapel') {
    rooms.push({ id: 'chapel', name: 'Lady chapel', use: 'chapel', rect: rect(W, round(L * 0.25), W + 5, round(L * 0.25 + 6)) });
    rooms.push({ id: 'sacristy', name: 'Sacristy', use: 'study', rect: rect(-4, 1, 0, 6) });
    doors.push(['nave', 'chapel', 2.2, 3.2], ['nave', 'sacristy', 1.0]);
  }
  if (variant === 'abbey') {
    rooms.push({ id: 'cloister', name: 'Cloister', use: 'terrace', rect: rect(-11, round(L * 0.4), 0, round(L * 0.4 + 10)), open: true });
    doors.push(['nave', 'cloister', 1.6, 2.6]);
  }
  const spec = planBuilding({
    floors: [{ name: 'Ground floor', height: H }],
    rooms,
    doors,
    entry: ['narthex', [round(W / 2), round(L + 3.5)], 2.2],
    facade: variant === 'chapel' ? [232, 226, 214] : STONE,
    windows: { width: 1.1, sill: round(H * 0.3), head: round(H * 0.78), spacing: 3.6 },
    start: [round(W / 2), round(L - 1.2)],
    startRoom: 'nave',
    look: [round(W / 2), 0],
  });
  spec.decorate = (t) => {
    ground(t.site, rect(-11, -r, W + 5, L + 3.5), [132, 156, 104], 5);
    gableRoof(t.ceiling, rect(0, 0, W, L + 3.5), H, W * 0.45, [92, 88, 86], spec.facade, 'z');
    for (let i = 0; i < 3; i++) tree(t.site, W + 3.5, L * 0.65 + i * 3.5, 3.5 + t.next() * 2);
    if (variant !== 'chapel') {
      const tw = variant === 'cathedral' ? 3 : 2.4;
      const th = H * (variant === 'cathedral' ? 2.3 : 1.9);
      t.ceiling.box([W / 2, th / 2 + H * 0.5, L + 1.75], [tw, th / 2, 1.7], spec.facade, { floorY: 0, outside: true });
      t.ceiling.cylinder([W / 2, H * 0.5 + th, L + 1.75], tw * 1.2, H * 0.9, [92, 88, 86], { floorY: 0, outside: true }, 4, 0);
    }
  };
  return spec;
}
