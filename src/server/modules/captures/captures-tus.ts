import { Server, type Upload } from '@tus/server';
import type { Context } from 'hono';
import { CAPTURE_UPLOAD_PATH, MAX_CAPTURE_BYTES, type CaptureKind } from '../../../domain/capture-upload.ts';
import { CAPTURE_PICTURE_PREFIX } from '../../../domain/space-pictures.ts';
import type { AppEnv, SessionUser } from '../../context.ts';
import { ApiError, conflict, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { mediaStoreOf } from '../../platform/media/store.ts';
import { clockOf } from '../../platform/clock.ts';
import { requireUser } from '../auth/guards.ts';
import { kindOf, looksLikeSplat, sniff, SNIFF_BYTES, SPLAT_MESSAGE, WRONG_TYPE_MESSAGE } from './file-types.ts';
import { forgetUpload, queueProcessing, usedBytes } from './captures.queries.ts';
import { captureUploadStore, type CaptureUploadStore } from './upload-store.ts';
import type { Deps } from '../../context.ts';

const BASE = CAPTURE_UPLOAD_PATH.replace(/\/$/, '');
const GB = 1024 ** 3;
const MB = 1024 ** 2;
const size = (n: number) => (n >= GB ? `${+(n / GB).toFixed(1)} GB` : `${Math.round(n / MB)} MB`);

/** An answer tus sends as is (its hooks refuse by throwing `{ status_code, body }`); the body is the spec's error body. */
class TusRefusal extends Error {
  readonly status_code: number;
  readonly body: string;
  constructor(status: number, error: ApiError) {
    super(error.message);
    this.status_code = status;
    this.body = JSON.stringify(error.toBody());
  }
}

/** The person behind each request tus is handling (tus hands its hooks the request it was given). */
const people = new WeakMap<Request, { user: SessionUser; deps: Deps }>();
const servers = new WeakMap<CaptureUploadStore, Server>();

/** The tus server over a store: ids bound to their owner, types checked by content, a job queued when an upload completes. */
function tusServer(store: CaptureUploadStore): Server {
  let server = servers.get(store);
  if (server) return server;
  server = new Server({
    path: BASE,
    datastore: store.datastore,
    locker: store.locker,
    relativeLocation: true,
    maxSize: MAX_CAPTURE_BYTES,
    // A failed upload is finished too, and its owner may delete it: handleCaptureTus decides what may go.
    disableTerminationForFinishedUploads: false,
    async onUploadCreate(req: Request, upload: Upload) {
      const who = people.get(req);
      if (!who) throw new TusRefusal(401, unauthorized());
      const meta = upload.metadata ?? {};
      const fileName = (meta['filename'] ?? 'capture').slice(0, 200) || 'capture';
      // The person's own account by default; else an organization they own, by id or public sid.
      const asked = meta['accountId'] || who.user.accountId;
      const org = who.user.memberships.find((m) => (m.accountId === asked || m.sid === asked) && m.role === 'OWNER');
      const accountId = asked === who.user.accountId ? asked : org?.accountId;
      if (!accountId) throw new TusRefusal(403, forbidden('You can only add spaces to your own account or an organization you own.'));
      const kind: CaptureKind = /\.(jpe?g|png)$/i.test(fileName) ? 'panorama' : 'model';
      const now = clockOf(who.deps).now().toISOString();
      await who.deps.db.kysely
        .insertInto('capture_uploads')
        .values({
          id: upload.id,
          ownerUserId: who.user.id,
          accountId,
          kind,
          fileName,
          bytes: upload.size ?? 0,
          status: 'uploading',
          jobId: null,
          spaceId: null,
          error: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return {};
    },
    async onUploadFinish(req: Request, upload: Upload) {
      const who = people.get(req);
      if (!who) throw new TusRefusal(401, unauthorized());
      const clock = clockOf(who.deps);
      await queueProcessing(who.deps.db.kysely, upload.id, clock);
      return {};
    },
  });
  servers.set(store, server);
  return server;
}

/** The upload id a tus request names (`/api/uploads/captures/<id>`), or null for the creation endpoint. */
function uploadIdOf(path: string): string | null {
  const rest = path.slice(BASE.length).replace(/^\/+|\/+$/g, '');
  return rest || null;
}

/** The first `n` bytes of a body and a body that still carries them, for a look at a file's type before tus stores it. */
async function peek(body: ReadableStream<Uint8Array>, n: number): Promise<{ head: Uint8Array; body: ReadableStream<Uint8Array>; cut: boolean }> {
  const reader = body.getReader();
  const seen: Uint8Array[] = [];
  let length = 0;
  let done = false;
  // A connection cut within the first bytes: what arrived is still looked at and stored.
  let cut: unknown = null;
  while (length < n && !done && !cut) {
    try {
      const r = await reader.read();
      done = r.done;
      if (r.value) {
        seen.push(r.value);
        length += r.value.length;
      }
    } catch (error) {
      cut = error ?? new Error('cut');
    }
  }
  const head = new Uint8Array(Buffer.concat(seen));
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.length) controller.enqueue(head);
      // Cut: tus keeps what arrived (the request ended there), as it would have without this look.
      if (done || cut) controller.close();
    },
    async pull(controller) {
      const r = await reader.read();
      if (r.done) controller.close();
      else controller.enqueue(r.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head: head.subarray(0, n), body: rest, cut: cut !== null };
}

/**
 * DELETE of an upload its owner no longer wants: one still uploading is terminated through tus (which
 * stops a PATCH in flight), a failed one's kept bytes are removed; then its row (the quota counts
 * rows), its job and any files a step had written. One being processed or made into a space: 409.
 */
async function deleteUpload(c: Context<AppEnv>, store: CaptureUploadStore, id: string, status: string): Promise<Response> {
  const deps = c.get('deps');
  if (status === 'processing') throw conflict('id', 'This upload is being processed; wait until it is ready or has failed.');
  if (status === 'ready') throw conflict('id', 'This upload became a space: delete the space instead.');
  if (status === 'uploading') {
    people.set(c.req.raw, { user: requireUser(c), deps });
    const res = await tusServer(store).handleWeb(c.req.raw);
    // 404/410: tus had no bytes any more; the row still goes.
    if (res.status >= 500) return res;
  }
  await store.remove(id);
  await forgetUpload(deps.db.kysely, id);
  const media = mediaStoreOf(deps.env);
  await Promise.all([media.removePrefix(`tours/cap-${id}/`), media.removePrefix(`spaces/${CAPTURE_PICTURE_PREFIX}${id}/`)]);
  return new Response(null, { status: 204, headers: { 'Tus-Resumable': '1.0.0' } });
}

/**
 * Every tus request under /api/uploads/captures/ (creation POST, HEAD, PATCH, DELETE, OPTIONS), in
 * front of @tus/server: signed-in people only (401), an upload id only for the person who began it
 * (404 for anyone else's, as for an unknown one), DELETE of an unfinished or failed upload, a declared size from 1 byte to 500 MB within the
 * person's quota (413 with the spec's body), and a first chunk whose bytes are a GLB, a bundled
 * .gltf with its files, a JPEG or a PNG (415, and the upload is removed).
 */
export async function handleCaptureTus(c: Context<AppEnv>): Promise<Response> {
  const deps = c.get('deps');
  if (c.req.method === 'OPTIONS') return tusServer(await captureUploadStore(deps.env)).handleWeb(c.req.raw);
  const user = requireUser(c);
  const store = await captureUploadStore(deps.env);
  const id = uploadIdOf(c.req.path);
  let req = c.req.raw;
  if (id) {
    const row = await deps.db.kysely.selectFrom('capture_uploads').select(['ownerUserId', 'status', 'fileName']).where('id', '=', id).executeTakeFirst();
    if (!row || row.ownerUserId !== user.id) throw notFound('Upload');
    if (c.req.method === 'DELETE') return deleteUpload(c, store, id, row.status);
    if (c.req.method === 'PATCH' && c.req.header('upload-offset') === '0' && req.body) {
      const { head, body, cut } = await peek(req.body, SNIFF_BYTES);
      const type = sniff(head);
      // Too few bytes arrived to tell (a cut connection): nothing is stored, the client sends them again.
      if (!type && cut) throw new ApiError('BAD_REQUEST', 'The connection was cut before the file’s first bytes arrived. Send them again.');
      if (!type) {
        await store.remove(id);
        await forgetUpload(deps.db.kysely, id);
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', looksLikeSplat(head, row.fileName) ? SPLAT_MESSAGE : WRONG_TYPE_MESSAGE, {
          accepted: ['model/gltf-binary', 'application/x-tar', 'image/jpeg', 'image/png'],
        });
      }
      await deps.db.kysely
        .updateTable('capture_uploads')
        .set({ kind: kindOf(type) })
        .where('id', '=', id)
        .execute();
      req = new Request(req, { body, duplex: 'half' } as RequestInit);
    }
  } else if (c.req.method === 'POST') {
    const declared = c.req.header('upload-length');
    // Bytes come with PATCH only, where the first chunk's type is checked (no creation-with-upload).
    if (/offset\+octet-stream/i.test(c.req.header('content-type') ?? ''))
      throw new ApiError('BAD_REQUEST', 'Send the file’s bytes with PATCH after creating the upload.');
    if (declared === undefined) throw new ApiError('BAD_REQUEST', 'Say the file’s size (Upload-Length): uploads of unknown length are not accepted.');
    const bytes = Number(declared);
    if (!Number.isSafeInteger(bytes) || bytes < 0) throw new ApiError('BAD_REQUEST', 'Upload-Length must be a whole number of bytes.');
    if (bytes === 0) throw new ApiError('BAD_REQUEST', 'The file is empty.');
    if (bytes > MAX_CAPTURE_BYTES)
      throw new ApiError('PAYLOAD_TOO_LARGE', `This file is ${size(bytes)}; a capture may be at most ${size(MAX_CAPTURE_BYTES)}.`, {
        maxBytes: MAX_CAPTURE_BYTES,
      });
    const used = await usedBytes(deps.db.kysely, user.id);
    const quota = deps.env.CAPTURE_UPLOAD_QUOTA_BYTES;
    if (used + bytes > quota)
      throw new ApiError(
        'PAYLOAD_TOO_LARGE',
        `This upload would take your captures past your ${size(quota)} of storage (${size(used)} used). Delete a capture you no longer need, or ask us for more room.`,
        { quotaBytes: quota, usedBytes: used, uploadBytes: bytes },
      );
  }
  people.set(req, { user, deps });
  return tusServer(store).handleWeb(req);
}
