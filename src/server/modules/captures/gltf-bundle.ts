import { posix } from 'node:path';
import { PermanentJobError } from '../../platform/jobs/jobs.ts';

/** Files one bundle may hold (a model, its buffers and textures). */
export const MAX_BUNDLE_FILES = 1000;

/**
 * A `.gltf` with its files as one upload: the browser packs the files the owner chose into a plain
 * ustar archive (src/features/capture-upload/bundle.ts; nothing compressed, so nothing to inflate and
 * no decompression bomb). Entries are views into the upload's bytes, by their path in the archive.
 */
export interface GltfBundle {
  /** The path of the one `.gltf` in the archive. */
  gltfPath: string;
  /** The `.gltf`'s JSON bytes. */
  gltf: Uint8Array;
  /** Every regular file by its normalised path. */
  files: Map<string, Uint8Array>;
}

const ascii = (b: Uint8Array, from: number, length: number): string => {
  const field = b.subarray(from, from + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end < 0 ? field : field.subarray(0, end));
};
const octal = (b: Uint8Array, from: number, length: number): number => {
  const text = ascii(b, from, length).trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : NaN;
};

/** Whether a 512-byte block is a ustar header whose checksum holds. */
export function isTarHeader(block: Uint8Array): boolean {
  if (block.length < 512 || ascii(block, 257, 5) !== 'ustar') return false;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  return octal(block, 148, 8) === sum;
}

/** A path inside the archive without `./`, empty segments or a leading slash; null when it climbs out (`..`). */
function normalise(path: string): string | null {
  const clean = posix
    .normalize(path.replace(/\\/g, '/'))
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '');
  return clean === '.' || clean.startsWith('..') ? null : clean;
}

/**
 * Reads a bundle, throwing what the owner can act on: a cut archive is "incomplete", and it must hold
 * exactly one `.gltf`.
 */
export function readBundle(tar: Uint8Array): GltfBundle {
  const incomplete = new PermanentJobError('The file is incomplete: it was cut short before its end. Upload it again.');
  const files = new Map<string, Uint8Array>();
  let at = 0;
  let ended = false;
  while (at + 512 <= tar.length) {
    const block = tar.subarray(at, at + 512);
    if (block.every((b) => b === 0)) {
      ended = true;
      break;
    }
    if (!isTarHeader(block)) throw new PermanentJobError('The model’s files are damaged: their bundle cannot be read. Choose them again.');
    const size = octal(block, 124, 12);
    const type = String.fromCharCode(block[156] ?? 0);
    const prefix = ascii(block, 345, 155);
    const name = ascii(block, 0, 100);
    if (!Number.isSafeInteger(size) || at + 512 + size > tar.length) throw incomplete;
    const path = normalise(prefix ? `${prefix}/${name}` : name);
    if ((type === '0' || type === '\0') && path) {
      if (files.size >= MAX_BUNDLE_FILES) throw new PermanentJobError(`A model may come with at most ${MAX_BUNDLE_FILES} files.`);
      files.set(path, tar.subarray(at + 512, at + 512 + size));
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  if (!ended) throw incomplete;
  const gltfs = [...files.keys()].filter((p) => /\.gltf$/i.test(p));
  if (gltfs.length !== 1)
    throw new PermanentJobError(
      gltfs.length ? `Choose one .gltf at a time (these files hold ${gltfs.length}: ${gltfs.join(', ')}).` : 'These files hold no .gltf model.',
    );
  const gltfPath = gltfs[0] ?? '';
  return { gltfPath, gltf: files.get(gltfPath) ?? new Uint8Array(0), files };
}

/**
 * The uploaded file a glTF URI names, resolved only among the bundle's files: relative to the
 * `.gltf`'s folder, else (files chosen one by one lose their folders) the one file of that name.
 * Callers refuse URIs that leave the upload (`../`, `/…`, schemes) before asking.
 */
export function resolveUri(bundle: GltfBundle, uri: string): Uint8Array | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    return undefined;
  }
  const path = normalise(posix.join(posix.dirname(bundle.gltfPath), decoded));
  if (path === null) return undefined;
  const exact = bundle.files.get(path);
  if (exact) return exact;
  const base = posix.basename(path);
  const same = [...bundle.files.keys()].filter((p) => posix.basename(p) === base);
  return same.length === 1 && same[0] ? bundle.files.get(same[0]) : undefined;
}
