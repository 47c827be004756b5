import { PermanentJobError } from '../../platform/jobs/jobs.ts';
import type { CaptureKind } from '../../../domain/capture-upload.ts';
import { isTarHeader } from './gltf-bundle.ts';

/**
 * What the first bytes of a file say it is; names and declared types are never trusted. `gltf` is a
 * .gltf with its files, packed by the browser (gltf-bundle.ts).
 */
export type SniffedType = 'glb' | 'gltf' | 'jpeg' | 'png';

/** How many first bytes `sniff` reads (a tar header is one 512-byte block). */
export const SNIFF_BYTES = 512;

/** The file type its first bytes show (GLB magic `glTF`, JPEG `FF D8 FF`, PNG's 8-byte signature, a ustar header), or null. */
export function sniff(head: Uint8Array): SniffedType | null {
  if (isTarHeader(head.subarray(0, SNIFF_BYTES))) return 'gltf';
  if (head.length >= 4 && head[0] === 0x67 && head[1] === 0x6c && head[2] === 0x54 && head[3] === 0x46) return 'glb';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'png';
  return null;
}

/** The capture kind of a sniffed type. */
export const kindOf = (type: SniffedType): CaptureKind => (type === 'glb' || type === 'gltf' ? 'model' : 'panorama');

/** The message of a file whose content is not a model or a photo. */
export const WRONG_TYPE_MESSAGE =
  'This file is not a 3D model (.glb, or .gltf with its files) or a 360° photo (JPEG or PNG). Its content was checked, not its name.';

/** The message of a Gaussian splat (docs/uploads.md says why the tour viewer does not show them). */
export const SPLAT_MESSAGE =
  'Gaussian splats (.ply, .spz) are not accepted: the tour viewer shows 3D models and 360° photos within its download budget. Export a 3D model (.glb) from your capture app and upload it.';

/** Whether a file refused by `sniff` looks like a Gaussian splat: a PLY header, or the name of one. */
export const looksLikeSplat = (head: Uint8Array, fileName: string): boolean =>
  /\.(ply|spz|splat)$/i.test(fileName) || new TextDecoder().decode(head.subarray(0, 4)) === 'ply\n';

/**
 * Throws, in words the owner can act on, when a whole file is cut short: a GLB shorter or longer
 * than its header says, a JPEG without its end marker, a PNG without its IEND chunk.
 */
export function checkComplete(type: SniffedType, file: Uint8Array): void {
  const truncated = new PermanentJobError('The file is incomplete: it was cut short before its end. Upload it again.');
  if (type === 'gltf') return; // readBundle finds a cut archive.
  if (type === 'glb') {
    if (file.length < 20) throw truncated;
    const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    const declared = view.getUint32(8, true);
    if (view.getUint32(4, true) !== 2) throw new PermanentJobError('The model’s file is damaged: only glTF 2.0 models are accepted.');
    if (declared !== file.length) throw truncated;
    return;
  }
  if (type === 'jpeg') {
    // The end-of-image marker, allowing for padding some cameras write after it.
    const tail = file.subarray(Math.max(0, file.length - 4096));
    for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return;
    throw truncated;
  }
  const iend = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
  const end = file.subarray(file.length - 8);
  if (end.length !== 8 || !iend.every((b, i) => end[i] === b)) throw truncated;
}
