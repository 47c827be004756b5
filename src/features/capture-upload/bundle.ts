/**
 * A `.gltf` with its files (its `.bin` buffers and textures) as one upload: a plain ustar archive
 * built from Blob slices, so nothing is copied or compressed in the browser and the server has
 * nothing to inflate (src/server/modules/captures/gltf-bundle.ts reads it). One upload keeps tus's
 * resume, the quota and "Delete" exactly as for a single file.
 */

/** A file as the bundle takes it: a name (a path inside a chosen folder, or a plain name) and its bytes. */
export interface BundleFile {
  name: string;
  blob: Blob;
}

const encoder = new TextEncoder();

function field(block: Uint8Array, at: number, length: number, text: string): void {
  block.set(encoder.encode(text).subarray(0, length), at);
}
const octal = (n: number, digits: number) => n.toString(8).padStart(digits, '0');

/** Splits a path into ustar's name (100 bytes) and prefix (155 bytes) at a slash; null when it does not fit. */
function splitPath(path: string): { name: string; prefix: string } | null {
  if (encoder.encode(path).length <= 100) return { name: path, prefix: '' };
  for (let i = path.indexOf('/'); i > 0; i = path.indexOf('/', i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (encoder.encode(prefix).length <= 155 && encoder.encode(name).length <= 100) return { name, prefix };
  }
  return null;
}

/** One file's 512-byte ustar header. */
function header(path: string, size: number): Uint8Array {
  const parts = splitPath(path);
  if (!parts) throw new RangeError(`The file name is too long: ${path}`);
  const block = new Uint8Array(512);
  field(block, 0, 100, parts.name);
  field(block, 100, 8, '0000644\0');
  field(block, 108, 8, '0000000\0');
  field(block, 116, 8, '0000000\0');
  field(block, 124, 12, `${octal(size, 11)}\0`);
  field(block, 136, 12, `${octal(0, 11)}\0`);
  field(block, 156, 1, '0');
  field(block, 257, 6, 'ustar\0');
  field(block, 263, 2, '00');
  field(block, 345, 155, parts.prefix);
  block.fill(0x20, 148, 156);
  const sum = block.reduce((a, b) => a + b, 0);
  field(block, 148, 8, `${octal(sum, 6)}\0 `);
  return block;
}

/** The archive of the chosen files, as one Blob (its parts are the files themselves). */
export function bundleFiles(files: readonly BundleFile[]): Blob {
  const parts: BlobPart[] = [];
  for (const f of files) {
    parts.push(header(f.name, f.blob.size) as Uint8Array<ArrayBuffer>, f.blob);
    const pad = (512 - (f.blob.size % 512)) % 512;
    if (pad) parts.push(new Uint8Array(pad));
  }
  parts.push(new Uint8Array(1024));
  return new Blob(parts, { type: 'application/x-tar' });
}

/** A file the browser chose, as the bundle names it: its path inside a chosen folder without the folder, else its name. */
export function bundleName(file: File): string {
  const relative = (file as File & { webkitRelativePath?: string }).webkitRelativePath;
  return relative ? relative.split('/').slice(1).join('/') || file.name : file.name;
}

/** What a choice of files is: one model or photo, a .gltf with its files, a set of 360° photos, or not something we take (with why). */
export type Choice =
  | { kind: 'single'; file: File }
  | { kind: 'gltf'; gltf: File; files: File[] }
  | { kind: 'photos'; files: File[] }
  | { kind: 'splat' }
  | { kind: 'mixed' }
  | { kind: 'several' }
  | { kind: 'gltfCount' };

const PHOTO = /\.(jpe?g|png)$/i;

/** Sorts out what the owner chose in the file picker (or dropped): photos are told by their names here, by their content on the server. */
export function classify(files: readonly File[]): Choice {
  if (files.some((f) => /\.(ply|spz|splat)$/i.test(f.name))) return { kind: 'splat' };
  const gltfs = files.filter((f) => /\.gltf$/i.test(f.name));
  if (gltfs.length > 1) return { kind: 'gltfCount' };
  const [gltf] = gltfs;
  if (gltf) return { kind: 'gltf', gltf, files: [...files] };
  const [only] = files;
  if (files.length === 1 && only) return { kind: 'single', file: only };
  const photos = files.filter((f) => PHOTO.test(f.name)).length;
  if (photos === files.length) return { kind: 'photos', files: [...files] };
  return photos > 0 ? { kind: 'mixed' } : { kind: 'several' };
}
