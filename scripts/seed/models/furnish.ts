import type { DoorSpec, FloorSpec, FurnishTools, RoomSpec } from './building.ts';
import { ART, bed, C, counterRun, frames, plant, RoomFrame, roundTable, rowsOfSeats, shelves, sofa, table } from './furniture.ts';
import type { Rgb } from './mesh.ts';

/** Furniture recipes, one per room use (./furniture.ts has the pieces). */

/** Furnishes a room after its use. */
export function furnishRoom(room: RoomSpec, floor: FloorSpec, doors: DoorSpec[], tools: FurnishTools): void {
  const f = new RoomFrame(room, floor, doors, tools);
  const W = f.width;
  const D = f.depth;
  const rnd = (): number => tools.next();
  switch (room.use) {
    case 'living': {
      f.box(W / 2, D / 2, Math.min(3, W - 1.2), Math.min(2.2, D - 1.6), 0.015, C.rug, { force: true });
      const sw = Math.min(2.4, W - 1.4);
      sofa(f, W / 2, D / 2 + 1.1, sw, C.sofa, true);
      table(f, W / 2, D / 2, 1.1, 0.6, false, C.darkWood, 0.4);
      f.box(W / 2, 0.35, Math.min(1.8, W - 1), 0.45, 0.5, C.darkWood, { block: true });
      f.box(W / 2, 0.3, 1.2, 0.06, 0.7, C.screen, { lift: 0.55, force: true });
      f.spot(W / 2, 0.4, 1.3);
      if (!sofa(f, 0.6, D / 2, 0.9, C.fabric)) plant(f, 0.5, 0.5);
      plant(f, W - 0.5, 0.5);
      break;
    }
    case 'kitchen': {
      counterRun(f, 'far', 0.1, W - 0.1, C.white, C.cream, true);
      counterRun(f, 'left', 1.0, D - 1.4, C.white, C.cream, false);
      f.box(W - 0.45, 0.45, 0.7, 0.7, 1.9, C.steel, { block: true, force: f.fits(W - 0.45, 0.45, 0.7, 0.7) });
      if (W > 3.2 && D > 3.6)
        if (table(f, W / 2 + 0.3, D / 2 + 0.3, 1.6, 0.8, false, C.white)) f.box(W / 2 + 0.3, D / 2 + 0.3, 1.5, 0.7, 0.72, C.cream, { force: true });
      break;
    }
    case 'dining':
      table(f, W / 2, D / 2, Math.min(2.2, W - 2), Math.min(1.0, D - 2), true);
      f.box(W / 2, 0.35, Math.min(2, W - 1.5), 0.45, 0.9, C.darkWood, { block: true });
      f.spot(W / 2, D / 2, 1.2);
      break;
    case 'bedroom': {
      const duvet = ([C.blue, C.cream, C.pink, C.green] as Rgb[])[Math.floor(rnd() * 4)] as Rgb;
      // Against the far wall, centred or to one side (a doorway may take the middle), double or single.
      const width = W > 3.2 ? 1.6 : 1.0;
      const placed =
        [W / 2, W - width / 2 - 0.7, width / 2 + 0.7].some((u) => bed(f, u, 0.12, width, duvet)) ||
        [W / 2, W - 1.2, 1.2].some((u) => bed(f, u, 0.12, 0.9, duvet));
      if (!placed) plant(f, 0.5, 0.5);
      f.box(0.4, D - 1.8, 0.6, 1.4, 2.0, C.oak, { block: true });
      f.box(W - 0.8, D - 0.6, 1.2, 0.5, 0.75, C.oak, { block: true });
      break;
    }
    case 'bathroom':
      f.box(0.4, D / 2 - 0.4, 0.75, 1.7, 0.55, C.white, { block: true });
      f.box(W - 0.35, 0.35, 0.55, 0.45, 0.85, C.white, { block: true });
      f.box(W - 0.15, 0.35, 0.05, 0.6, 0.8, C.water, { lift: 1.05, force: true });
      f.box(W / 2, 0.3, 0.4, 0.55, 0.42, C.white);
      f.spot(W - 0.45, 0.35, 1.3);
      break;
    case 'hall':
    case 'foyer':
      plant(f, 0.5, 0.5);
      f.box(W / 2, 0.3, Math.min(1.2, W - 1.2), 0.35, 0.8, C.darkWood, { block: true });
      if (room.use === 'foyer') {
        f.box(W / 2, 0.4, Math.min(3, W - 2), 0.6, 1.05, C.darkWood, { block: true });
        sofa(f, W - 1.4, D / 2, 1.8, C.red);
      }
      break;
    case 'study':
    case 'office': {
      const desks = room.use === 'study' ? 1 : Math.max(1, Math.floor((W - 1.4) / 1.8));
      const rows = room.use === 'study' ? 1 : Math.max(1, Math.floor((D - 1.6) / 2.4));
      for (let r = 0; r < rows; r++) {
        for (let i = 0; i < desks; i++) {
          const u = room.use === 'study' ? W / 2 : 0.9 + (W - 1.8) * ((i + 0.5) / desks);
          const v = room.use === 'study' ? 0.6 : 0.9 + r * 2.4;
          if (!f.box(u, v, 1.4, 0.7, 0.74, C.white, { block: true })) continue;
          f.box(u, v - 0.15, 0.6, 0.05, 0.38, C.screen, { lift: 0.76, force: true });
          f.box(u, v + 0.6, 0.5, 0.5, 0.45, C.black, { force: true });
          f.box(u, v + 0.83, 0.5, 0.06, 0.5, C.black, { lift: 0.45, force: true });
          if (r === 0 && i === 0) f.spot(u, v, 1.2);
        }
      }
      shelves(f, 'left', 1.2, Math.min(D - 1.2, 4.2), 2.0, [C.blue, C.cream, C.red]);
      plant(f, W - 0.5, D - 0.5);
      break;
    }
    case 'meeting':
      table(f, W / 2, D / 2, Math.min(3, W - 2.2), Math.min(1.2, D - 2.2), true, C.white);
      f.box(W / 2, 0.13, Math.min(2, W - 1), 0.06, 1.1, C.screen, { lift: 0.9, force: true });
      f.spot(W / 2, 0.2, 1.45);
      break;
    case 'restaurant':
    case 'cafe':
    case 'ballroom': {
      const round = room.use !== 'cafe';
      const step = room.use === 'cafe' ? 2.0 : 2.6;
      const cols = Math.max(1, Math.floor((W - 0.6) / step));
      const rows = Math.max(1, Math.floor((D - 1.6) / step));
      for (let j = 0; j < rows; j++) {
        for (let i = 0; i < cols; i++) {
          const u = (W * (i + 0.5)) / cols;
          const v = 0.4 + ((D - 1.4) * (j + 0.5)) / rows;
          if (round) roundTable(f, u, v, room.use === 'ballroom' ? 0.75 : 0.55, room.use === 'ballroom' ? 8 : 4, C.white);
          else table(f, u, v, 0.75, 0.75, true, C.oak);
        }
      }
      f.spot(W / 2, D / 2, 1.3);
      break;
    }
    case 'bar':
      shelves(f, 'left', 0.6, D - 1.6, 1.9, [C.green, C.gold, C.red, C.cream]);
      f.box(1.6, D / 2 - 0.4, 0.6, D - 3.2, 1.05, C.darkWood, { block: true });
      f.box(1.6, D / 2 - 0.4, 0.7, D - 3.1, 0.05, C.oak, { lift: 1.05, force: true });
      f.spot(2.0, D / 2, 1.4);
      for (let v = 2.0; v < D - 2.2; v += 0.8) f.cyl(2.3, v, 0.18, 0.75, C.black);
      for (let v = 1.6; v < D - 1.6; v += 2.2) roundTable(f, W * 0.68, v, 0.4, 3, C.darkWood);
      break;
    case 'shop':
    case 'bookshop':
    case 'showroom':
    case 'store': {
      const goods: Rgb[] =
        room.use === 'bookshop'
          ? [C.red, C.blue, C.cream, C.green, C.darkWood, C.gold]
          : room.use === 'store'
            ? [C.oak, C.cream, C.oak]
            : [C.orange, C.white, C.pink, C.blue, C.green];
      shelves(f, 'far', 0.3, W - 0.3, room.use === 'bookshop' ? 2.2 : 1.8, goods);
      shelves(f, 'left', 1.2, D - 1.4, room.use === 'bookshop' ? 2.2 : 1.8, goods);
      shelves(f, 'right', 1.2, D - 1.4, 1.8, goods);
      if (room.use === 'showroom') {
        for (let v = 2.2; v < D - 1.8; v += 3) {
          f.box(W / 2, v, 2.2, 1.6, 0.2, C.white, { block: true });
          f.box(W / 2, v, 1.6, 0.9, 0.8, ART[Math.floor(rnd() * ART.length)] as Rgb, { lift: 0.2, force: true });
          f.spot(W / 2, v, 1.3);
        }
      } else if (room.use !== 'store') {
        for (let v = 2.2; v < D - 2.2; v += 2.4)
          if (table(f, W / 2, v, Math.min(1.8, W - 3.4), 0.9, false, C.oak)) f.box(W / 2, v, 1.4, 0.6, 0.2, goods[0] as Rgb, { lift: 0.77, force: true });
        f.box(W - 1.2, D - 1.6, 1.4, 0.6, 1.0, C.darkWood, { block: true });
      }
      break;
    }
    case 'fashion': {
      // Clothes rails down the shop, a mirror and a till.
      const clothes: Rgb[] = [C.black, C.cream, C.blue, C.pink, C.red, C.white];
      shelves(f, 'far', 0.3, W - 0.3, 1.6, clothes);
      for (let v = 1.8; v < D - 2.2; v += 2.0) {
        for (const u of [W * 0.3, W * 0.7]) {
          if (!f.box(u, v, 1.6, 0.5, 0.05, C.steel, { lift: 1.5, block: true })) continue;
          for (const s of [-1, 1]) f.box(u + s * 0.78, v, 0.04, 0.04, 1.5, C.steel, { force: true });
          for (let k = 0; k < 6; k++)
            f.box(u - 0.65 + k * 0.26, v, 0.2, 0.45, 0.9, clothes[(k + Math.floor(v)) % clothes.length] as Rgb, { lift: 0.55, force: true });
        }
      }
      f.box(0.15, D / 2, 0.04, 0.8, 1.8, C.water, { lift: 0.2, force: f.fits(0.15, D / 2, 0.04, 0.8) });
      f.box(W - 1.2, D - 1.6, 1.4, 0.6, 1.0, C.darkWood, { block: true });
      f.spot(W * 0.3, 1.8, 1.5);
      break;
    }
    case 'grocery': {
      // Aisles of shelving, chilled cabinets along a wall, checkouts by the door.
      const food: Rgb[] = [C.orange, C.green, C.red, C.cream, C.gold, C.leaf];
      f.box(W / 2, 0.45, W - 0.6, 0.7, 2.0, C.white, { block: true });
      for (let u = 0.6; u < W - 0.8; u += 1.0) f.box(u, 0.82, 0.8, 0.04, 1.6, C.water, { lift: 0.2, force: true });
      f.spot(W / 2, 1.1, 1.5);
      for (let u = 1.6; u < W - 1.4; u += 2.4) {
        const len = D - 5;
        if (!f.box(u, 1.9 + len / 2, 0.9, len, 0.1, C.steel, { block: true })) continue;
        for (const y of [0.15, 0.6, 1.05, 1.5]) {
          for (let v = 2.1; v < 1.9 + len - 0.2; v += 0.5)
            f.box(u, v + 0.2, 0.8, 0.4, 0.32, food[Math.floor((v + y * 3) * 7) % food.length] as Rgb, { lift: y, force: true });
        }
        f.walk(u + 1.2, 1.9 + len / 2);
      }
      for (const u of [1.2, 2.8]) f.box(u, D - 1.8, 1.0, 0.6, 0.9, C.darkWood, { block: true });
      break;
    }
    case 'gallery':
      frames(f, rnd() > 0.5);
      if (W > 4 && D > 4) {
        f.box(W / 2, D / 2, 1.6, 0.5, 0.45, C.darkWood, { block: true });
        if (rnd() > 0.4) {
          f.box(W / 2, D / 2 - 1.4, 0.6, 0.6, 1.0, C.white, { block: true });
          f.cyl(W / 2, D / 2 - 1.4, 0.2, 0.6, C.stone, 1.0, 0.08);
        }
      }
      break;
    case 'nave':
      rowsOfSeats(f, 2.0, D - 1.8, C.darkWood, true);
      f.spot(W / 2, 1.0, 1.6);
      break;
    case 'apse':
      f.box(W / 2, D / 2, 2.4, 1.0, 1.0, C.white, { block: true, force: true });
      f.box(W / 2, D / 2, 2.5, 1.1, 0.05, C.gold, { lift: 1.0, force: true });
      for (const s of [-1, 1]) f.cyl(W / 2 + s * 0.9, D / 2, 0.04, 0.4, C.cream, 1.05);
      f.spot(W / 2, D / 2, 1.5);
      break;
    case 'chapel':
      f.box(W / 2, 0.7, 1.4, 0.7, 1.0, C.white, { block: true });
      for (let v = 2.2; v < D - 1.4; v += 1.0) f.box(W / 2, v, Math.min(2.4, W - 1.6), 0.45, 0.45, C.darkWood, { block: true });
      break;
    case 'auditorium': {
      const stageDepth = Math.min(5, D * 0.3);
      f.box(W / 2, stageDepth / 2, W - 0.3, stageDepth, 1.0, C.darkWood, { block: true, force: true });
      f.box(W / 2, 0.2, W - 0.3, 0.15, 5, C.red, { lift: 1.0, force: true });
      f.spot(W / 2, stageDepth + 0.3, 1.6);
      rowsOfSeats(f, stageDepth + 1.5, D - 1.2, C.red, false);
      break;
    }
    case 'classroom': {
      f.box(W / 2, 0.12, Math.min(3.6, W - 1.4), 0.05, 1.2, C.board, { lift: 0.9, force: true });
      f.spot(W / 2, 0.3, 1.5);
      f.box(1.2, 1.2, 1.4, 0.7, 0.75, C.oak, { block: true });
      const cols = Math.max(1, Math.floor((W - 1.0) / 1.6));
      for (let v = 2.6; v < D - 1.0; v += 1.5) {
        for (let i = 0; i < cols; i++) {
          const u = 0.5 + ((W - 1.0) * (i + 0.5)) / cols;
          if (f.box(u, v, 1.2, 0.55, 0.72, C.oak, { block: true })) f.box(u, v + 0.5, 0.42, 0.42, 0.45, C.blue, { force: true });
        }
      }
      break;
    }
    case 'library':
      shelves(f, 'far', 0.3, W - 0.3, 2.4, [C.red, C.blue, C.cream, C.green, C.darkWood]);
      shelves(f, 'left', 1.2, D - 1.2, 2.4, [C.red, C.blue, C.cream, C.green, C.darkWood]);
      table(f, W / 2 + 0.4, D / 2, Math.min(2.4, W - 3), 1.0, true);
      break;
    case 'warehouse': {
      for (let u = 1.4; u < W - 1.0; u += 3.4) {
        const from = 1.0;
        const to = D - 3.0;
        if (to - from < 2) break;
        const len = to - from;
        if (!f.box(u, from + len / 2, 1.1, len, 0.08, C.orange, { block: true })) continue;
        for (const y of [0.1, 1.5, 2.9]) {
          f.box(u, from + len / 2, 1.1, len, 0.08, C.orange, { lift: y + 1.2, force: true });
          for (let v = from + 0.7; v < to - 0.5; v += 1.3) f.box(u, v, 1.0, 1.1, 1.0, C.oak, { lift: y, force: true });
        }
        for (const s of [-1, 1])
          for (let v = from; v <= to + 0.01; v += len / Math.max(1, Math.round(len / 3))) f.box(u + (s * 1.1) / 2, v, 0.08, 0.08, 4.2, C.blue, { force: true });
        f.walk(u + 1.7, from + len / 2);
        f.spot(u + 0.6, from + 0.5, 1.5);
      }
      break;
    }
    case 'lobby':
      f.box(W / 2, 1.2, Math.min(3.4, W - 2), 0.7, 1.05, C.darkWood, { block: true });
      f.box(W / 2, 0.13, Math.min(3, W - 2), 0.05, 0.8, C.gold, { lift: 1.6, force: true });
      f.spot(W / 2, 1.6, 1.4);
      if (!sofa(f, 1.0, D / 2, 1.8, C.fabric)) sofa(f, W / 2, D - 2, 2.0, C.fabric);
      table(f, 2.2, D / 2, 0.8, 0.8, false, C.darkWood);
      plant(f, 0.5, 0.5);
      plant(f, W - 0.5, 0.5);
      break;
    case 'great-hall':
      f.box(W / 2, D / 2 + 0.4, 1.1, Math.max(2, D - 5), 0.06, C.darkWood, { lift: 0.74, block: true });
      for (const s of [-1, 1]) f.box(W / 2 + s * 0.85, D / 2 + 0.4, 0.4, Math.max(2, D - 5), 0.45, C.darkWood, { force: true });
      f.box(W / 2, 0.5, 2.0, 0.8, 1.6, C.stone, { block: true });
      f.box(W / 2, 0.75, 1.2, 0.3, 0.9, C.orange, { force: true });
      f.box(W / 2, 0.5, 2.6, 0.9, 0.2, C.stone, { lift: 1.6, force: true });
      f.spot(W / 2, 1.0, 1.6);
      for (let v = 1.8; v < D - 1.6; v += 3) {
        f.box(0.13, v, 0.04, 0.8, 1.8, C.red, { lift: 1.8, force: true });
        f.box(W - 0.13, v, 0.04, 0.8, 1.8, C.blue, { lift: 1.8, force: true });
      }
      break;
    case 'deck':
    case 'terrace':
      for (let u = 0.9; u < Math.min(W - 0.9, 4); u += 1.0) f.box(u, 1.0, 0.65, 1.8, 0.35, C.white, { block: true });
      roundTable(f, W - 1.4, D / 2, 0.45, 3, C.white);
      if (room.use === 'terrace') plant(f, W - 0.5, 0.5);
      break;
    case 'cabin':
      bed(f, W / 2, 0.12, W > 2.8 ? 1.4 : 0.9, C.white);
      break;
    case 'salon':
      sofa(f, W / 2, 0.6, Math.min(2.6, W - 1.4), C.cream, false);
      table(f, W / 2, 1.7, 1.2, 0.6, false, C.darkWood);
      f.spot(W / 2, 1.7, 1.1);
      break;
    case 'tower':
    case 'lamp':
    case 'empty':
      break;
  }
}
