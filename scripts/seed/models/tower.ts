import type { Rng } from '../prng.ts';
import { circle, rect, round, type BuildingSpec, type FurnishTools, type RoomSpec, type SpiralSpec } from './building.ts';
import { ground } from './decor.ts';
import { C } from './furniture.ts';
import type { Rgb, Shade } from './mesh.ts';
import { ROOM_COLORS } from './palette.ts';

/**
 * Towers: a lighthouse (a tall round tower, white with a red band, a spiral stair up the middle,
 * the keeper's and watch rooms, and the glazed lamp room with its gallery and dome) and a square
 * look-out tower with an open viewing platform.
 */

const WHITE: Rgb = [242, 240, 234];
const RED: Rgb = [178, 48, 44];
const OUT: Shade = { floorY: 0, outside: true };

/** Furniture that keeps clear of the stairwell: pieces against the round wall, facing in. */
function roundRoom(items: ('bed' | 'table' | 'desk' | 'shelf' | 'stove' | 'chest' | 'bench' | 'frame')[]) {
  return (room: RoomSpec, t: FurnishTools): void => {
    const xs = room.outline.map((p) => p[0]);
    const R = (Math.max(...xs) - Math.min(...xs)) / 2;
    const e = t.floorY;
    const shade: Shade = { floorY: e, ceilY: e + 3 };
    items.forEach((item, i) => {
      const a = Math.PI * 0.3 + (i / items.length) * Math.PI * 1.4;
      const depth = { bed: 0.95, table: 0.9, desk: 0.6, shelf: 0.4, stove: 0.6, chest: 0.5, bench: 0.45, frame: 0.04 }[item];
      const r = R * Math.cos(Math.PI / 16) - t.wall - 0.04 - depth / 2;
      const x = Math.cos(a) * r;
      const z = Math.sin(a) * r;
      const box = (dx: number, h0: number, h: number, color: Rgb, depth = 0.6): void =>
        t.mesh.box([x, e + h0 + h / 2, z], [depth / 2, h / 2, dx / 2], color, shade, a);
      if (item === 'bed') box(1.9, 0, 0.5, C.blue, 0.95);
      if (item === 'table') t.mesh.cylinder([x, e, z], 0.45, 0.75, C.darkWood, shade, 10);
      if (item === 'desk') box(1.2, 0, 0.75, C.oak);
      if (item === 'shelf') box(1.1, 0, 1.9, C.darkWood, 0.4);
      if (item === 'stove') t.mesh.cylinder([x, e, z], 0.3, 1.0, C.black, shade, 8);
      if (item === 'chest') box(0.9, 0, 0.5, C.wood, 0.5);
      if (item === 'bench') box(1.4, 0, 0.45, C.darkWood, 0.45);
      if (item === 'frame') box(0.9, 1.1, 0.8, C.gold, 0.04);
      if (item !== 'frame') t.block({ x0: x - 0.3, z0: z - 0.3, x1: x + 0.3, z1: z + 0.3 });
      if (i === 0) t.spot([round(x - Math.cos(a) * 0.4), round(e + 1.3), round(z - Math.sin(a) * 0.4)]);
    });
  };
}

/** A lighthouse or a look-out tower. */
export function tower(variant: 'lighthouse' | 'tower', rng: Rng): BuildingSpec {
  const light = variant === 'lighthouse';
  const mid = light ? 1 + Math.floor(rng.next() * 2) : 2;
  const names = light
    ? ['Entrance', ...['Store room', "Keeper's room", 'Watch room'].slice(2 - mid), 'Lamp room']
    : ['Entrance hall', 'Exhibition room', 'Bell chamber', 'Viewing platform'];
  const floorNames = light
    ? ['Ground floor', ...names.slice(1, -1).map((_, i) => `Level ${i + 1}`), 'Lamp room']
    : ['Ground floor', 'First floor', 'Second floor', 'Viewing platform'];
  const R0 = light ? round(3.6 + rng.next() * 0.4) : 4.6;
  const sides = light ? 16 : 4;
  const phase = light ? 0 : Math.PI / 4;
  const well = light ? 1.0 : 1.2;
  const heights = names.map((_, i) => (light ? (i === names.length - 1 ? 2.8 : i === 0 ? 3.2 : 3.6) : 3.4));
  let y = 0;
  const floors = names.map((_, i) => {
    const f = { index: i, name: floorNames[i] as string, elevation: round(y), height: heights[i] as number };
    y += (heights[i] as number) + 0.3;
    return f;
  });
  const top = names.length - 1;
  const rooms: RoomSpec[] = names.map((name, i) => {
    const R = light ? (i === top ? round(R0 * 0.78) : round(R0 - i * 0.18)) : R0;
    const use = light ? (i === top ? 'lamp' : 'tower') : i === top ? 'terrace' : 'tower';
    const room: RoomSpec = {
      id: `level-${i}`,
      name,
      floor: i,
      outline: circle(0, 0, R, sides, phase),
      use,
      ...ROOM_COLORS[use],
      windowEvery: light && i !== top ? 4 : 1,
    };
    if (light && i !== top && i % 2 === 1) room.facade = RED;
    if (light && i === top) room.windows = { width: 0.75, sill: 0.9, head: 2.5, spacing: 0.5 };
    if (!light && i === top) room.open = true;
    return room;
  });
  const spirals: SpiralSpec[] = floors.slice(0, -1).map((f) => ({ floor: f.index, cx: 0, cz: 0, r: well, angle: round(rng.next() * Math.PI * 2) }));
  const o = (rooms[0] as RoomSpec).outline;
  const [v0, v1] = [o[0] as [number, number], o[1] as [number, number]];
  const door: [number, number] = [round((v0[0] + v1[0]) / 2), round((v0[1] + v1[1]) / 2)];
  const spec: BuildingSpec = {
    floors,
    rooms,
    doors: [{ floor: 0, at: door, width: 1.0, height: 2.2 }],
    stairs: [],
    spirals,
    entrance: 'level-0',
    start: [round(door[0] * 0.7), round(door[1] * 0.7)],
    facade: light ? WHITE : [186, 170, 150],
    windows: light ? { width: 0.55, sill: 1.3, head: 2.3, spacing: 1 } : { width: 0.9, sill: 1.2, head: 2.6, spacing: 2.4 },
    wallThickness: 0.35,
    ownRoof: light,
    furnish: light
      ? Object.fromEntries(
          rooms.map((r, i) => [
            r.id,
            i === top
              ? (_room: RoomSpec, t: FurnishTools) => {
                  const e = t.floorY;
                  t.mesh.cylinder([0, e + 1.2, 0], 0.45, 1.1, [250, 232, 150], { ...OUT, floorY: e }, 12);
                  t.mesh.cylinder([0, e + 2.3, 0], 0.45, 0.25, C.black, { floorY: e }, 12, 0.15);
                  t.spot([0.7, round(e + 1.6), 0.7]);
                }
              : roundRoom(
                  i === 0
                    ? ['chest', 'bench', 'frame']
                    : names[i] === "Keeper's room"
                      ? ['bed', 'table', 'stove', 'shelf']
                      : names[i] === 'Watch room'
                        ? ['desk', 'shelf', 'chest']
                        : ['chest', 'shelf', 'chest'],
                ),
          ]),
        )
      : Object.fromEntries(
          rooms.map((r, i) => [r.id, roundRoom(i === 0 ? ['bench', 'frame'] : i === 1 ? ['frame', 'frame', 'bench', 'frame'] : ['chest', 'bench'])]),
        ),
  };
  spec.decorate = (t) => {
    ground(t.site, rect(-R0, -R0, R0, R0), light ? [150, 160, 120] : [178, 174, 166], 5);
    const lamp = floors[top];
    const lampRoom = rooms[top];
    if (!lamp || !lampRoom) return;
    if (light) {
      const Rt = round(R0 * 0.78);
      const gallery = circle(0, 0, Rt + 0.9, 16);
      const lampMesh = t.meshOf(top);
      lampMesh.annulus(gallery, 0, 0, Rt, lamp.elevation - 0.02, [90, 90, 94], OUT);
      lampMesh.annulus(gallery, 0, 0, Rt, lamp.elevation - 0.25, [90, 90, 94], OUT, true);
      gallery.forEach((p, i) => {
        const q = gallery[(i + 1) % gallery.length] as [number, number];
        const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
        lampMesh.box([(p[0] + q[0]) / 2, lamp.elevation + 0.55, (p[1] + q[1]) / 2], [len / 2, 0.03, 0.03], C.black, OUT, Math.atan2(q[1] - p[1], q[0] - p[0]));
        lampMesh.box([p[0], lamp.elevation + 0.28, p[1]], [0.03, 0.28, 0.03], C.black, OUT);
      });
      const roofY = lamp.elevation + lamp.height;
      t.ceilingOf(top).cylinder([0, roofY, 0], Rt + 0.3, 1.6, RED, OUT, 16, 0.25);
      t.ceilingOf(top).cylinder([0, roofY + 1.6, 0], 0.2, 0.6, C.black, OUT, 8, 0.02);
    } else {
      const Rt = R0 / Math.SQRT2;
      for (let i = 0; i < 4; i++) {
        const a = (i * Math.PI) / 2;
        for (let k = -2; k <= 2; k++) {
          const x = Math.cos(a) * Rt - Math.sin(a) * k * 1.1;
          const z = Math.sin(a) * Rt + Math.cos(a) * k * 1.1;
          t.meshOf(top).box([x, lamp.elevation + 1.25, z], [0.3, 0.25, 0.3], [186, 170, 150], OUT);
        }
      }
    }
  };
  return spec;
}
