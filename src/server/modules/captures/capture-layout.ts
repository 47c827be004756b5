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

/** The layout of a single 360° photo: one sweep standing in a 6 × 6 m room, the photo as its panorama. */
export function panoramaLayout(panorama: { url: string; width: number; height: number }, roomName: string): TourLayout {
  const layout = layoutFromBounds({ min: [-3, 0, -3], max: [3, 2.7, 3] }, roomName);
  const sweep: TourSweep = { id: 's0', position: [0, 0, 0], floor: 0, room: 'room', neighbours: [], panorama };
  return { ...layout, sweeps: [sweep], start: { sweep: 's0', heading: 0, pitch: 0, mode: 'inside' } };
}
