import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { MemoryLocker, type DataStore } from '@tus/server';
import type { Env } from '../../env.ts';

/** Where the bytes of capture uploads live while they are uploaded and processed. */
export interface CaptureUploadStore {
  /** `file` (DATA_DIR/uploads/captures) or `s3` (the media bucket's root: `<id>`, `<id>.info`, `<id>.part`). */
  readonly kind: 'file' | 's3';
  readonly datastore: DataStore;
  readonly locker: MemoryLocker;
  /** The whole upload's bytes (processing reads them once). */
  read(id: string): Promise<Uint8Array>;
  /** Removes an upload's bytes; no error when they are gone. */
  remove(id: string): Promise<void>;
}

async function collect(stream: Readable): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * A PATCH body that tells of its failure when it is read, not before. `@tus/s3-store` joins the kept
 * incomplete part and the body with multistream, which hears the body's events only from when it joins
 * them: a body that broke while the store was still fetching that part (a connection cut early in the
 * PATCH) had already said so, and the write waited forever, holding the upload's lock (HEAD waited
 * too). Read through its async iterator (listening from now on), a broken body fails the read that
 * meets it, so the write rejects and tus answers.
 */
function failsWhenRead(body: Readable): Readable {
  return Readable.from(body[Symbol.asyncIterator](), { objectMode: false });
}

const stores = new Map<string, Promise<CaptureUploadStore>>();

/**
 * The upload store the environment names (one per configuration and process): tus's file store in
 * `DATA_DIR/uploads/captures` by default; with the media store on S3 (`MEDIA_S3_BUCKET`), tus's S3
 * store in that bucket, so any replica behind a load balancer can take the next chunk of an upload
 * another replica began (docs/uploads.md).
 */
export function captureUploadStore(env: Env): Promise<CaptureUploadStore> {
  const key = env.MEDIA_S3_BUCKET ? `s3|${env.MEDIA_S3_ENDPOINT ?? ''}|${env.MEDIA_S3_BUCKET}|${env.MEDIA_S3_PREFIX}` : `file|${env.dataDir}`;
  let store = stores.get(key);
  if (!store) {
    store = makeStore(env);
    stores.set(key, store);
  }
  return store;
}

async function makeStore(env: Env): Promise<CaptureUploadStore> {
  const locker = new MemoryLocker();
  if (env.MEDIA_S3_BUCKET) {
    const { S3Store } = await import('@tus/s3-store');
    /** tus's S3 store, with its removal of the incomplete last part (`<id>.part`) in reach. */
    class CaptureS3Store extends S3Store {
      override write(src: Readable, id: string, offset: number): Promise<number> {
        return super.write(failsWhenRead(src), id, offset);
      }
      removeIncompletePart(id: string): Promise<void> {
        return this.deleteIncompletePart(id);
      }
    }
    const s3 = new CaptureS3Store({
      partSize: 8 * 1024 * 1024,
      s3ClientConfig: {
        bucket: env.MEDIA_S3_BUCKET,
        region: env.MEDIA_S3_REGION,
        // An S3-compatible store other than AWS: checksums only where S3 requires them, since streamed
        // parts would otherwise be sent aws-chunked with checksum trailers, which many such stores
        // (and s3rver, the tests' server) store as is instead of decoding.
        ...(env.MEDIA_S3_ENDPOINT ? { endpoint: env.MEDIA_S3_ENDPOINT, requestChecksumCalculation: 'WHEN_REQUIRED' as const } : {}),
        forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE,
        ...(env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY
          ? { credentials: { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY } }
          : {}),
      },
    });
    return {
      kind: 's3',
      datastore: s3,
      locker,
      read: async (id) => collect(await s3.read(id)),
      // tus's remove leaves the incomplete last part (`<id>.part`) behind: it goes too.
      remove: async (id) => {
        await s3.remove(id).catch(() => undefined);
        await s3.removeIncompletePart(id).catch(() => undefined);
      },
    };
  }
  const files = new FileStore({ directory: join(env.dataDir, 'uploads', 'captures') });
  return {
    kind: 'file',
    datastore: files,
    locker,
    read: (id) => collect(files.read(id)),
    remove: (id) => files.remove(id).catch(() => undefined),
  };
}
