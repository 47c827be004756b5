import { Server, type Upload } from '@tus/server';
import type { Context } from 'hono';
import { CAPTURE_UPLOAD_PATH, MAX_CAPTURE_BYTES, type CaptureKind } from '../../../domain/capture-upload.ts';
import type { AppEnv, SessionUser } from '../../context.ts';
import { ApiError, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { clockOf } from '../../platform/clock.ts';
import { requireUser } from '../auth/guards.ts';
import { kindOf, sniff, WRONG_TYPE_MESSAGE } from './file-types.ts';
import { queueProcessing, usedBytes } from './captures.queries.ts';
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
    disableTerminationForFinishedUploads: true,
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
async function peek(body: ReadableStream<Uint8Array>, n: number): Promise<{ head: Uint8Array; body: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const seen: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < n && !done) {
    const r = await reader.read();
    done = r.done;
    if (r.value) {
      seen.push(r.value);
      length += r.value.length;
    }
  }
  const head = new Uint8Array(Buffer.concat(seen));
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (done) controller.close();
    },
    async pull(controller) {
      const r = await reader.read();
      if (r.done) controller.close();
      else controller.enqueue(r.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head: head.subarray(0, n), body: rest };
}

/**
 * Every tus request under /api/uploads/captures/ (creation POST, HEAD, PATCH, DELETE, OPTIONS), in
 * front of @tus/server: signed-in people only (401), an upload id only for the person who began it
 * (404 for anyone else's, as for an unknown one), a declared size from 1 byte to 500 MB within the
 * person's quota (413 with the spec's body), and a first chunk whose bytes are a GLB, JPEG or PNG
 * (415, and the upload is removed).
 */
export async function handleCaptureTus(c: Context<AppEnv>): Promise<Response> {
  const deps = c.get('deps');
  if (c.req.method === 'OPTIONS') return tusServer(await captureUploadStore(deps.env)).handleWeb(c.req.raw);
  const user = requireUser(c);
  const store = await captureUploadStore(deps.env);
  const id = uploadIdOf(c.req.path);
  let req = c.req.raw;
  if (id) {
    const row = await deps.db.kysely.selectFrom('capture_uploads').select(['ownerUserId', 'status']).where('id', '=', id).executeTakeFirst();
    if (!row || row.ownerUserId !== user.id) throw notFound('Upload');
    if (c.req.method === 'PATCH' && c.req.header('upload-offset') === '0' && req.body) {
      const { head, body } = await peek(req.body, 16);
      const type = sniff(head);
      if (!type) {
        await store.remove(id);
        await deps.db.kysely.deleteFrom('capture_uploads').where('id', '=', id).execute();
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', WRONG_TYPE_MESSAGE, { accepted: ['model/gltf-binary', 'image/jpeg', 'image/png'] });
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
