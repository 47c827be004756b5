import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Env } from '../../env.ts';

/**
 * Where media files (uploaded pictures' renditions) are kept: the local folder `DATA_DIR/media`
 * (default, served by the server at /media) or S3-compatible object storage (`MEDIA_S3_*`, served
 * by a CDN or the bucket at MEDIA_PUBLIC_URL). Keys are paths relative to /media
 * (`uploads/ab/abcd…/256.webp`); the URLs browsers get come from src/server/platform/content/media-urls.ts.
 */
export interface MediaStore {
  /** `local` or `s3`, for logs and tests. */
  readonly kind: 'local' | 's3';
  /** Stores one file whole (readers never see half of it). */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes every file under a key prefix (a folder); no error when there is none. */
  removePrefix(prefix: string): Promise<void>;
}

/** A key must stay inside the store: no absolute paths, no `..`. */
function safeKey(key: string): string {
  const clean = normalize(key).replace(/^\/+/, '');
  if (!clean || clean.startsWith('..') || clean.includes('/../')) throw new Error(`Invalid media key: ${key}`);
  return clean;
}

/** Media in a local folder: write to a temporary file, then rename. */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const;
  readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }
  async put(key: string, data: Uint8Array): Promise<void> {
    const file = join(this.dir, safeKey(key));
    await mkdir(dirname(file), { recursive: true });
    const tmp = join(dirname(file), `.${file.slice(dirname(file).length + 1)}.${process.pid}.tmp`);
    try {
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (error) {
      // A full disk leaves the part written so far: give that space back.
      await rm(tmp, { force: true }).catch(() => undefined);
      throw error;
    }
  }
  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(join(this.dir, safeKey(key))));
    } catch {
      return null;
    }
  }
  async removePrefix(prefix: string): Promise<void> {
    await rm(join(this.dir, safeKey(prefix)), { recursive: true, force: true });
  }
}

/** What an S3 store needs (from MEDIA_S3_*). */
export interface S3StoreOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean;
  prefix?: string;
}

/** Media in an S3-compatible bucket, through @aws-sdk/client-s3 (loaded on first use). A PUT of one object is atomic. */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  private readonly options: S3StoreOptions;
  private client: Promise<{ s3: S3Sdk.S3Client; sdk: typeof S3Sdk }> | null = null;
  constructor(options: S3StoreOptions) {
    this.options = options;
  }
  private connect() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => {
      const o = this.options;
      const s3 = new sdk.S3Client({
        region: o.region,
        ...(o.endpoint ? { endpoint: o.endpoint } : {}),
        forcePathStyle: o.forcePathStyle ?? false,
        ...(o.accessKeyId && o.secretAccessKey ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } } : {}),
      });
      return { s3, sdk };
    });
    return this.client;
  }
  private key(key: string): string {
    return `${this.options.prefix ?? ''}${safeKey(key)}`;
  }
  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    const { s3, sdk } = await this.connect();
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key(key),
        Body: data,
        ContentType: contentType,
        // Renditions never change under their key (a new upload gets a new id).
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }
  async get(key: string): Promise<Uint8Array | null> {
    const { s3, sdk } = await this.connect();
    try {
      const out = await s3.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
      return out.Body ? await out.Body.transformToByteArray() : null;
    } catch (e) {
      if ((e as { name?: string }).name === 'NoSuchKey' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw e;
    }
  }
  async removePrefix(prefix: string): Promise<void> {
    const { s3, sdk } = await this.connect();
    const Prefix = `${this.key(prefix).replace(/\/+$/, '')}/`;
    let token: string | undefined;
    do {
      const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket: this.options.bucket, Prefix, ...(token ? { ContinuationToken: token } : {}) }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      // One DELETE per object: S3-compatible servers differ in their support of the batch call.
      for (const k of keys) await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: k.Key }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  /** Closes the client's sockets. */
  async close(): Promise<void> {
    if (this.client) (await this.client).s3.destroy();
  }
}

const stores = new Map<string, MediaStore>();

/** The media store the environment names (one per configuration and process). */
export function mediaStoreOf(env: Env): MediaStore {
  const key = env.MEDIA_S3_BUCKET ? `s3|${env.MEDIA_S3_ENDPOINT ?? ''}|${env.MEDIA_S3_BUCKET}|${env.MEDIA_S3_PREFIX}` : `local|${env.dataDir}`;
  let store = stores.get(key);
  if (!store) {
    store = env.MEDIA_S3_BUCKET
      ? new S3MediaStore({
          bucket: env.MEDIA_S3_BUCKET,
          region: env.MEDIA_S3_REGION,
          endpoint: env.MEDIA_S3_ENDPOINT,
          accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
          secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE,
          prefix: env.MEDIA_S3_PREFIX,
        })
      : new LocalMediaStore(join(env.dataDir, 'media'));
    stores.set(key, store);
  }
  return store;
}
