import { createRequire } from 'node:module';
import { ImageUtils } from '@gltf-transform/core';
import { PermanentJobError } from '../../platform/jobs/jobs.ts';
import { resolveUri, type GltfBundle } from './gltf-bundle.ts';

/** Vertices a model may have, all meshes together: a scanned home is a few hundred thousand; ten million is an attack or a mistake. */
export const MAX_MODEL_VERTICES = 10_000_000;
/** Pixels one texture may have once decoded (8192 × 8192): larger ones are refused before anything decodes them. */
export const MAX_TEXTURE_PIXELS = 8192 * 8192;

/** gltf-validator ships no types: what we use of it. */
interface ValidatorReport {
  issues: { numErrors: number; messages: { code: string; message: string; severity: number; pointer?: string }[] };
}
interface ValidatorOptions {
  maxIssues?: number;
  externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
}
const { validateBytes } = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes: (data: Uint8Array, options?: ValidatorOptions) => Promise<ValidatorReport>;
};

/** The parts of a glTF's JSON the checks read. */
interface GltfJson {
  buffers?: { uri?: string; byteLength?: number }[];
  bufferViews?: { buffer: number; byteOffset?: number; byteLength: number }[];
  images?: { uri?: string; bufferView?: number; mimeType?: string; name?: string }[];
  accessors?: { count: number }[];
  meshes?: { primitives: { attributes: Record<string, number> }[] }[];
}

/** The JSON chunk of a GLB and where its binary chunk starts; throws "damaged" when they cannot be read. */
function chunks(glb: Uint8Array): { json: GltfJson; bin: Uint8Array | null } {
  const damaged = new PermanentJobError('The model’s file is damaged: its contents cannot be read.');
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  if (glb.length < 28) throw damaged;
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== 0x4e4f534a || 20 + jsonLength > glb.length) throw damaged;
  let json: GltfJson;
  try {
    json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as GltfJson;
  } catch {
    throw damaged;
  }
  const binAt = 20 + jsonLength;
  if (binAt + 8 > glb.length) return { json, bin: null };
  const binLength = view.getUint32(binAt, true);
  if (view.getUint32(binAt + 4, true) !== 0x004e4942 || binAt + 8 + binLength > glb.length) throw damaged;
  return { json, bin: glb.subarray(binAt + 8, binAt + 8 + binLength) };
}

/** Whether a URI leaves the upload: a parent folder, an absolute path, or any scheme (http:, file:…). */
const leavesUpload = (uri: string): boolean => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    return true;
  }
  return /^[a-z][a-z0-9+.-]*:/i.test(decoded) || decoded.startsWith('/') || decoded.startsWith('\\') || /(^|[/\\])\.\.([/\\]|$)/.test(decoded);
};

/** Where a model's bytes come from: one GLB (its binary chunk), or a `.gltf` with its uploaded files. */
interface ModelSource {
  json: GltfJson;
  /** The GLB's binary chunk (buffer 0 without a URI). */
  bin: Uint8Array | null;
  /** An uploaded file by a URI of the model (never a file outside the upload). */
  file(uri: string): Uint8Array | undefined;
  /** What gltf-validator reads: the GLB, or the `.gltf`'s JSON. */
  validate: Uint8Array;
}

const MIME_BY_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', ktx2: 'image/ktx2' };

/** The bytes of an image: in a buffer view (of the GLB's binary chunk or an uploaded .bin), or an uploaded file. */
function imageBytes(source: ModelSource, image: NonNullable<GltfJson['images']>[number]): Uint8Array | undefined {
  if (image.uri !== undefined) return image.uri.startsWith('data:') ? undefined : source.file(image.uri);
  const bv = image.bufferView === undefined ? undefined : source.json.bufferViews?.[image.bufferView];
  if (!bv) return undefined;
  const buffer = source.json.buffers?.[bv.buffer];
  const data = buffer?.uri === undefined ? source.bin : buffer.uri.startsWith('data:') ? undefined : source.file(buffer.uri);
  return data?.subarray(bv.byteOffset ?? 0, (bv.byteOffset ?? 0) + bv.byteLength);
}

async function checkSource(source: ModelSource, pack: string): Promise<{ vertices: number }> {
  const { json } = source;
  const uris = [...(json.buffers ?? []).map((b) => b.uri), ...(json.images ?? []).map((i) => i.uri)].filter(
    (u): u is string => typeof u === 'string' && !u.startsWith('data:'),
  );
  const outside = uris.filter(leavesUpload);
  if (outside.length) throw new PermanentJobError(`This model refers to files outside the upload, which are never read: ${outside.join(', ')}.`);
  const missing = uris.filter((u) => !source.file(u));
  if (missing.length) throw new PermanentJobError(`This file refers to textures that were not uploaded: ${missing.join(', ')}. ${pack}`);

  const accessors = json.accessors ?? [];
  let vertices = 0;
  for (const mesh of json.meshes ?? [])
    for (const p of mesh.primitives) {
      const position = p.attributes['POSITION'];
      if (position !== undefined) vertices += accessors[position]?.count ?? 0;
    }
  if (vertices > MAX_MODEL_VERTICES)
    throw new PermanentJobError(
      `This model has ${vertices.toLocaleString('en')} vertices; at most ${MAX_MODEL_VERTICES.toLocaleString('en')} are accepted. Simplify it and upload it again.`,
    );

  for (const [i, image] of (json.images ?? []).entries()) {
    const bytes = imageBytes(source, image);
    if (!bytes) continue;
    const extension = /\.([a-z0-9]+)$/i.exec(image.uri ?? '')?.[1]?.toLowerCase() ?? '';
    const size = ImageUtils.getSize(bytes, image.mimeType ?? MIME_BY_EXTENSION[extension] ?? 'image/png');
    const label = image.name || image.uri || `texture ${i + 1}`;
    if (!size) throw new PermanentJobError(`The model’s file is damaged: ${label} is not a picture that can be read.`);
    if (size[0] * size[1] > MAX_TEXTURE_PIXELS)
      throw new PermanentJobError(
        `The texture ${label} is ${size[0]} × ${size[1]} pixels; at most 8192 × 8192 are accepted. Make it smaller and upload the model again.`,
      );
  }

  const report = await validateBytes(source.validate, {
    maxIssues: 20,
    externalResourceFunction: (uri) => {
      const file = leavesUpload(uri) ? undefined : source.file(uri);
      // A copy: the validator reads a view's whole underlying buffer, not its window into the upload.
      return file ? Promise.resolve(file.slice()) : Promise.reject(new Error(`not uploaded: ${uri}`));
    },
  });
  if (report.issues.numErrors > 0) {
    const first = report.issues.messages.find((m) => m.severity === 0);
    throw new PermanentJobError(`The model’s file is damaged${first ? ` (${first.message})` : ''}. Export it again from your capture app and upload it again.`);
  }
  return { vertices };
}

/**
 * Checks an uploaded GLB before anything decodes it, throwing a `PermanentJobError` the owner can
 * read: files it refers to (a GLB upload is one file, so any non-`data:` URI is missing, and one
 * that points outside the upload is refused as such), the vertex count, each texture's size read
 * from its header (a decompression bomb is refused before it is decoded), then gltf-validator.
 * Answers the vertex count.
 */
export async function checkModel(glb: Uint8Array): Promise<{ vertices: number }> {
  const { json, bin } = chunks(glb);
  return checkSource({ json, bin, file: () => undefined, validate: glb }, 'Pack them into one .glb file, or choose the .gltf with all its files.');
}

/**
 * The same checks for a `.gltf` uploaded with its files (gltf-bundle.ts): its URIs are resolved
 * only among the uploaded files; one outside the upload is never read, a missing one is named.
 */
export async function checkGltfBundle(bundle: GltfBundle): Promise<{ vertices: number }> {
  let json: GltfJson;
  try {
    json = JSON.parse(new TextDecoder().decode(bundle.gltf)) as GltfJson;
  } catch {
    throw new PermanentJobError('The model’s file is damaged: its .gltf is not JSON that can be read.');
  }
  if (typeof json !== 'object' || json === null) throw new PermanentJobError('The model’s file is damaged: its .gltf is not JSON that can be read.');
  return checkSource(
    { json, bin: null, file: (uri) => (leavesUpload(uri) ? undefined : resolveUri(bundle, uri)), validate: bundle.gltf.slice() },
    'Choose them with the .gltf and upload again.',
  );
}
