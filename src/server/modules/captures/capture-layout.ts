import type { TourLayout, TourSweep } from '../../../domain/tour.ts';

type Bounds = TourLayout['bounds'];

/** Metres between neighbouring sweeps of the grid. */
const SWEEP_SPACING = 3;
/** At most this many sweeps per side of the grid. */
const MAX_PER_SIDE = 5;

/**
 * A simple layout from a model's bounds (an upload carries no floor plan): one floor at the
 * bottom of the bounds, one room covering them, and sweeps on a grid inside them (about every
 * 3 m, at most 5 × 5, a margin from the edges), each linked to the sweeps beside it. The tour
 * starts at the sweep nearest the middle, facing its longer side.
 */
export function layoutFromBounds(bounds: Bounds, roomName: string): TourLayout {
  const [minX, minY, minZ] = bounds.min;
  const [maxX, maxY, maxZ] = bounds.max;
  const width = Math.max(0.5, maxX - minX);
  const length = Math.max(0.5, maxZ - minZ);
  const height = Math.max(2.2, Math.min(maxY - minY, 6));
  const nx = Math.min(MAX_PER_SIDE, Math.max(1, Math.round(width / SWEEP_SPACING)));
  const nz = Math.min(MAX_PER_SIDE, Math.max(1, Math.round(length / SWEEP_SPACING)));
  const at = (i: number, n: number, lo: number, size: number) => Number((lo + (size * (i + 0.5)) / n).toFixed(3));
  const id = (i: number, k: number) => `s${k * nx + i}`;
  const sweeps: TourSweep[] = [];
  for (let k = 0; k < nz; k++)
    for (let i = 0; i < nx; i++) {
      const neighbours = [
        ...(i > 0 ? [id(i - 1, k)] : []),
        ...(i < nx - 1 ? [id(i + 1, k)] : []),
        ...(k > 0 ? [id(i, k - 1)] : []),
        ...(k < nz - 1 ? [id(i, k + 1)] : []),
      ];
      sweeps.push({ id: id(i, k), position: [at(i, nx, minX, width), minY, at(k, nz, minZ, length)], floor: 0, room: 'room', neighbours, panorama: null });
    }
  const start = id(Math.floor((nx - 1) / 2), Math.floor((nz - 1) / 2));
  const margin = 0.5;
  return {
    bounds: { min: [minX, minY, minZ], max: [minX + width, Math.max(maxY, minY + height), minZ + length] },
    floors: [
      {
        index: 0,
        name: 'Ground floor',
        elevation: minY,
        height,
        plan: null,
        planBounds: [minX - margin, minZ - margin, minX + width + margin, minZ + length + margin],
      },
    ],
    rooms: [
      {
        id: 'room',
        name: roomName,
        floor: 0,
        outline: [
          [minX, minZ],
          [minX + width, minZ],
          [minX + width, minZ + length],
          [minX, minZ + length],
        ],
        dimensions: { width: Number(width.toFixed(2)), length: Number(length.toFixed(2)), height: Number(height.toFixed(2)) },
        area: Number((width * length).toFixed(1)),
      },
    ],
    sweeps,
    start: { sweep: start, heading: width >= length ? 90 : 0, pitch: 0, mode: 'inside' },
    tagSpots: [],
  };
}

/** A photo's sweep as processing made it: the panorama and, when cut, its tiles. */
export type PanoramaPhoto = Pick<TourSweep, 'panorama' | 'tiles'> & { panorama: NonNullable<TourSweep['panorama']> };

/** The layout of a single 360° photo: one sweep standing in a 6 × 6 m room, the photo as its panorama. */
export function panoramaLayout(photo: PanoramaPhoto, roomName: string): TourLayout {
  const layout = layoutFromBounds({ min: [-3, 0, -3], max: [3, 2.7, 3] }, roomName);
  const sweep: TourSweep = { id: 's0', position: [0, 0, 0], floor: 0, room: 'room', neighbours: [], ...photo };
  return { ...layout, sweeps: [sweep], start: { sweep: 's0', heading: 0, pitch: 0, mode: 'inside' } };
}

/**
 * A panorama tour with one more photo (an owner adds photos to their tour): the sweep takes the
 * next place of a grid 3 m apart, five to a row, linked both ways to the nearest sweep; the room,
 * the plan and the bounds grow to hold every sweep with 3 m to spare. The owner moves and links
 * the points in the editor afterwards.
 */
export function appendPanorama(layout: TourLayout, photo: PanoramaPhoto): TourLayout {
  const n = layout.sweeps.length;
  const ids = new Set(layout.sweeps.map((s) => s.id));
  let k = n;
  while (ids.has(`s${k}`)) k++;
  const id = `s${k}`;
  const y = layout.floors[0]?.elevation ?? 0;
  const position: TourSweep['position'] = [(n % MAX_PER_SIDE) * SWEEP_SPACING, y, Math.floor(n / MAX_PER_SIDE) * SWEEP_SPACING];
  const taken = (x: number, z: number) => layout.sweeps.some((s) => Math.abs(s.position[0] - x) < 0.01 && Math.abs(s.position[2] - z) < 0.01);
  while (taken(position[0], position[2])) position[2] += SWEEP_SPACING;
  const nearest = layout.sweeps.reduce<TourSweep | null>(
    (best, s) =>
      !best || Math.hypot(s.position[0] - position[0], s.position[2] - position[2]) < Math.hypot(best.position[0] - position[0], best.position[2] - position[2])
        ? s
        : best,
    null,
  );
  const sweep: TourSweep = { id, position, floor: 0, room: 'room', neighbours: nearest ? [nearest.id] : [], ...photo };
  const sweeps = [...layout.sweeps.map((s) => (s.id === nearest?.id ? { ...s, neighbours: [...s.neighbours, id] } : s)), sweep];
  const xs = sweeps.map((s) => s.position[0]);
  const zs = sweeps.map((s) => s.position[2]);
  const top = layout.bounds.max[1];
  const grown = layoutFromBounds(
    {
      min: [Math.min(...xs) - SWEEP_SPACING, y, Math.min(...zs) - SWEEP_SPACING],
      max: [Math.max(...xs) + SWEEP_SPACING, top, Math.max(...zs) + SWEEP_SPACING],
    },
    layout.rooms[0]?.name ?? 'Room',
  );
  const floors = layout.floors.map((f, i) => (i === 0 ? { ...f, planBounds: grown.floors[0]?.planBounds ?? f.planBounds } : f));
  const rooms = layout.rooms.map((r, i) => (i === 0 ? (grown.rooms[0] ?? r) : r));
  return { ...layout, bounds: grown.bounds, floors, rooms, sweeps };
}
