import type { Rng } from '../prng.ts';
import { rect, round, type BuildingSpec } from './building.ts';
import { battlements, ground } from './decor.ts';
import type { Rgb } from './mesh.ts';
import { planBuilding } from './plan.ts';

/** A castle: a gatehouse, the great hall with its long table and fireplace, kitchen and chapel; round towers and battlements. */

const STONE: Rgb = [170, 162, 148];

/** A castle keep. */
export function castle(rng: Rng): BuildingSpec {
  const j = (a: number, b: number): number => round(a + rng.next() * (b - a));
  const W = j(18, 22);
  const D = j(11, 13);
  const g = j(6, 7);
  const gx = round((W - g) / 2);
  const H = 7;
  const spec = planBuilding({
    floors: [{ name: 'Ground floor', height: H }],
    rooms: [
      { id: 'gate', name: 'Gatehouse', use: 'foyer', rect: rect(gx, D, gx + g, D + 6), wall: STONE, ground: [120, 114, 104] },
      { id: 'hall', name: 'Great hall', use: 'great-hall', rect: rect(0, 0, W, D) },
      { id: 'kitchen', name: 'Kitchen', use: 'kitchen', rect: rect(0, D, gx, D + 6), wall: STONE },
      { id: 'chapel', name: 'Chapel', use: 'chapel', rect: rect(gx + g, D, W, D + 6), wall: [214, 204, 184] },
    ],
    doors: [
      ['gate', 'hall', 2.6, 3.6],
      ['kitchen', 'hall', 1.2, 2.4],
      ['chapel', 'hall', 1.4, 2.6],
    ],
    entry: ['gate', [round(W / 2), D + 6], 2.6],
    startRoom: 'hall',
    start: [round(W / 2), round(D - 1.2)],
    look: [round(W / 2), 0],
    facade: STONE,
    windows: { width: 0.9, sill: 2.2, head: 4.4, spacing: 3.4 },
    wallThickness: 0.6,
  });
  spec.decorate = (t) => {
    const foot = rect(0, 0, W, D + 6);
    ground(t.site, foot, [120, 146, 92], 7);
    battlements(t.ceiling, foot, H, STONE);
    for (const [x, z] of [
      [-1, -1],
      [W + 1, -1],
      [-1, D + 7],
      [W + 1, D + 7],
    ] as const) {
      t.site.cylinder([x, 0, z], 1.6, H + 2.5, STONE, { floorY: 0, outside: true }, 12);
      t.site.cylinder([x, H + 2.5, z], 1.9, 2.4, [110, 90, 80], { floorY: 0, outside: true }, 12, 0);
    }
  };
  return spec;
}
