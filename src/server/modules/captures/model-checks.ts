import { createRequire } from 'node:module';
import { ImageUtils } from '@gltf-transform/core';
import { PermanentJobError } from '../../platform/jobs/jobs.ts';

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

/**
 * Checks an uploaded GLB before anything decodes it, throwing a `PermanentJobError` the owner can
 * read: files it refers to (a GLB upload is one file, so any non-`data:` URI is missing, and one
 * that points outside the upload is refused as such), the vertex count, each texture's size read
 * from its header (a decompression bomb is refused before it is decoded), then gltf-validator.
 * Answers the vertex count.
 */
export async function checkModel(glb: Uint8Array): Promise<{ vertices: number }> {
  const { json, bin } = chunks(glb);
  const uris = [...(json.buffers ?? []).map((b) => b.uri), ...(json.images ?? []).map((i) => i.uri)].filter(
    (u): u is string => typeof u === 'string' && !u.startsWith('data:'),
  );
  const outside = uris.filter(leavesUpload);
  if (outside.length) throw new PermanentJobError(`This model refers to files outside the upload, which are never read: ${outside.join(', ')}.`);
  if (uris.length)
    throw new PermanentJobError(`This file refers to textures that were not uploaded: ${uris.join(', ')}. Pack them into one .glb file and upload it again.`);

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
    const bv = image.bufferView === undefined ? undefined : json.bufferViews?.[image.bufferView];
    if (!bv || !bin) continue;
    const bytes = bin.subarray(bv.byteOffset ?? 0, (bv.byteOffset ?? 0) + bv.byteLength);
    const size = ImageUtils.getSize(bytes, image.mimeType ?? 'image/png');
    const label = image.name || `texture ${i + 1}`;
    if (!size) throw new PermanentJobError(`The model’s file is damaged: ${label} is not a picture that can be read.`);
    if (size[0] * size[1] > MAX_TEXTURE_PIXELS)
      throw new PermanentJobError(
        `The texture ${label} is ${size[0]} × ${size[1]} pixels; at most 8192 × 8192 are accepted. Make it smaller and upload the model again.`,
      );
  }

  const report = await validateBytes(glb, { maxIssues: 20, externalResourceFunction: (uri) => Promise.reject(new Error(`not uploaded: ${uri}`)) });
  if (report.issues.numErrors > 0) {
    const first = report.issues.messages.find((m) => m.severity === 0);
    throw new PermanentJobError(`The model’s file is damaged${first ? ` (${first.message})` : ''}. Export it again from your capture app and upload it again.`);
  }
  return { vertices };
}
