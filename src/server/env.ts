import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SHOWCASE_TEMPLATE } from '../domain/urls.ts';
import { WebhookSecret, WebhookUrl } from '../domain/webhooks.ts';
import { setMediaBaseUrl } from './platform/content/media-urls.ts';

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATA_DIR: z.string().default('./data'),
  /** `postgres://…` for PostgreSQL; defaults to `${DATA_DIR}/discover.sqlite`. */
  DATABASE_URL: z.string().optional(),
  /** Public origin of the site, for canonical URLs and cookies; defaults to http://HOST:PORT. */
  PUBLIC_ORIGIN: z.url().optional(),
  /** Template of the 3D tour iframe; {modelId} is replaced. */
  SHOWCASE_URL_TEMPLATE: z.string().default(DEFAULT_SHOWCASE_TEMPLATE),
  AUTH_SECRET: z.string().min(32).optional(),
  /** Lets the site build list UNLISTED spaces; random per process unless set (replicas share one). */
  BUILD_TOKEN: z
    .string()
    .min(16)
    .default(() => randomBytes(24).toString('base64url')),
  /**
   * The header a trusted load balancer puts the client's address in (`x-forwarded-for`, first entry
   * used); unset, the connection's address counts. Set it only behind a proxy that overwrites it.
   */
  CLIENT_IP_HEADER: z.string().min(1).optional(),
  /** Sign-in and sign-up attempts allowed per client address and window. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(10),
  SEED_SPACES: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  SEED: z.coerce.number().int().default(20261122),
  /** Skip building the static site at start (API-only replica). */
  SKIP_BUILD: z.stringbool().default(false),
  /** Outgoing mail: `smtp://user:pass@host:587` or `smtps://…`; unset writes `.eml` files to DATA_DIR/mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender of outgoing mail. */
  MAIL_FROM: z.string().min(3).default('Discover <no-reply@discover.localhost>'),
  /** Content-webhook endpoints besides the ones administrators add: comma-separated URLs, signed with CONTENT_WEBHOOK_SECRET. */
  CONTENT_WEBHOOK_URL: z
    .string()
    .optional()
    .transform((s) =>
      (s ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(WebhookUrl)),
  /** The Standard Webhooks secret (`whsec_…`) of the CONTENT_WEBHOOK_URL endpoints. */
  CONTENT_WEBHOOK_SECRET: WebhookSecret.optional(),
  /**
   * Lets administrators' webhook endpoints and partners' lead endpoints be loopback, private,
   * link-local or metadata addresses (tests, local development); CONTENT_WEBHOOK_URL is trusted anyway.
   */
  ALLOW_PRIVATE_WEBHOOK_TARGETS: z.stringbool().default(false),
  /** Uploaded media in S3-compatible object storage instead of DATA_DIR/media: the bucket (src/server/media). */
  MEDIA_S3_BUCKET: z.string().min(3).optional(),
  /** The storage's endpoint for S3-compatible services (MinIO, R2, …); AWS when unset. */
  MEDIA_S3_ENDPOINT: z.url().optional(),
  MEDIA_S3_REGION: z.string().default('us-east-1'),
  /** Credentials; the AWS SDK's default chain (environment, profile, instance role) when unset. */
  MEDIA_S3_ACCESS_KEY_ID: z.string().optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible servers need. */
  MEDIA_S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** A key prefix inside the bucket (e.g. `media/`). */
  MEDIA_S3_PREFIX: z.string().default(''),
  /** Where browsers load media from (a CDN, or the bucket's public URL), in place of this server's /media. */
  MEDIA_PUBLIC_URL: z.url().optional(),
  /** Live capture holds the people of one account may have at once (each person has one; src/server/modules/capture/limits.ts). */
  CAPTURE_MAX_HOLDS: z.coerce.number().int().min(1).max(1000).default(3),
  /** Upcoming capture orders one person, and one account, may have at once. */
  CAPTURE_MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Bytes of capture uploads (3D models, 360° photos) one person may keep (docs/uploads.md); 2 GB. */
  CAPTURE_UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 ** 3),
});

/** The parsed environment of this process; nothing else reads process.env. */
export type Env = z.infer<typeof Env> & { dataDir: string; databaseUrl: string; publicOrigin: string };

/** Parses process.env once; throws with every problem listed. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  if (e.CONTENT_WEBHOOK_URL.length && !e.CONTENT_WEBHOOK_SECRET)
    throw new Error('Invalid environment: CONTENT_WEBHOOK_SECRET: set it when CONTENT_WEBHOOK_URL is set.');
  const dataDir = resolve(e.DATA_DIR);
  // Media URLs are made in one place for the whole process (src/server/platform/content/media-urls.ts).
  setMediaBaseUrl(e.MEDIA_PUBLIC_URL);
  return {
    ...e,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? resolve(dataDir, 'discover.sqlite'),
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
  };
}
