/**
 * The S3 media store (issue 16) against a local S3-compatible server: s3rver (npm, in-process, files
 * in a temporary folder). An upload through the API with MEDIA_S3_* set lands in the bucket, and the
 * URL the API answers (MEDIA_PUBLIC_URL, here the bucket itself) serves the rendition: profile
 * pictures, capture floor plans and photos, marketplace partner logos and app screenshots.
 */
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { Profile } from '../../src/domain/profile.ts';
import { S3MediaStore } from '../../src/server/platform/media/store.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import type { Order } from '../../src/domain/capture.ts';
import type { MarketplaceImage } from '../../src/domain/marketplace.ts';
import { captureApp, orderBody, ORG } from './capture-helpers.ts';
import { json, seedFixtures, SESSIONS, W } from './fixtures.ts';
import { marketplaceApp } from './marketplace-helpers.ts';
import { blob, makePng } from './user-helpers.ts';
import { useS3TestServer } from './s3-test-server.ts';

const BUCKET = 'discover-media';
const S3 = useS3TestServer(BUCKET);
let endpoint: string;
let s3: S3Client;
beforeAll(() => {
  endpoint = S3.endpoint;
  s3 = S3.client;
});
const S3_ENV = S3.env;

describe('media in S3-compatible storage', () => {
  test('an uploaded profile photo is stored in the bucket and served from the public media URL; deleting it removes the objects', async () => {
    const t = await createTestApp({ env: S3_ENV(), session: () => Promise.resolve(SESSIONS.bob) });
    try {
      await seedFixtures(t.db.kysely);
      const form = new FormData();
      form.set('file', blob(await makePng(600, 400)), 'me.png');
      form.set('type', 'PROFILE_IMAGE');
      const res = await t.app.request('/api/content/user/me/profile/attachment/', { method: 'PUT', headers: { Origin: TEST_ORIGIN }, body: form });
      const p = Profile.parse(await json(res));
      expect(p.photoUrl).toMatch(new RegExp(`^${endpoint}/${BUCKET}/media/uploads/[0-9a-f]{2}/[0-9a-f]{24}/256\\.webp$`));

      // Through the served URL, as a browser (or the CDN in front of the bucket) reads it.
      const served = await fetch(p.photoUrl as string);
      expect(served.status).toBe(200);
      expect(await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });

      // In the bucket, under the prefix, with the headers a CDN keeps.
      const key = new URL(p.photoUrl as string).pathname.slice(`/${BUCKET}/`.length);
      const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(object.ContentType).toBe('image/webp');
      expect(object.CacheControl).toContain('immutable');
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'media/uploads/' }));
      expect((listed.Contents ?? []).map((o) => o.Key?.split('/').pop()).sort()).toEqual(['256.webp', '96.webp']);
      // Nothing was written to the local media folder.
      const local = await t.app.request(new URL(p.photoUrl as string).pathname.replace(`/${BUCKET}`, ''));
      expect(local.status).toBe(404);

      // Removing the photo deletes its files from the bucket (no profile shows it any more).
      const del = await t.app.request('/api/content/user/me/profile/attachment/?type=PROFILE_IMAGE', { method: 'DELETE', headers: { Origin: TEST_ORIGIN } });
      expect(del.status).toBeLessThan(300);
      const after = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'media/uploads/' }));
      expect(after.Contents ?? []).toEqual([]);
      expect(W.user.bob).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  /** The object keys under an upload's folder in the bucket, by file name. */
  const objectsOf = async (url: string) => {
    const folder = new URL(url).pathname.slice(`/${BUCKET}/`.length).replace(/[^/]+$/, '');
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: folder }));
    return (listed.Contents ?? []).map((o) => o.Key?.split('/').pop()).sort();
  };
  /** What the served URL answers, as a browser reads it: status and the picture's format and size. */
  const served = async (url: string) => {
    const res = await fetch(url);
    const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
    return { status: res.status, format: meta.format, width: meta.width };
  };
  const pictureUrl = (file: string) => new RegExp(`^${endpoint}/${BUCKET}/media/uploads/[0-9a-f]{2}/[0-9a-f]{24}/${file}$`);

  test('a capture floor plan and a marketplace partner logo are stored in the bucket and served from the public media URL', async () => {
    const capture = await captureApp({ env: S3_ENV() });
    try {
      const form = new FormData();
      form.append('file', blob(await makePng(1200, 900)), 'floor plan.png');
      const res = await capture.app.request('/api/capture/uploads/', { method: 'POST', headers: { origin: TEST_ORIGIN, 'x-test-user': 'owner' }, body: form });
      expect(res.status).toBe(200);
      const plan = (await res.json()) as { id: string; url: string };
      expect(plan.url).toMatch(pictureUrl('1200\\.webp'));
      expect(await served(plan.url)).toEqual({ status: 200, format: 'webp', width: 1200 });
      expect(await objectsOf(plan.url)).toEqual(['1200.webp', '800.webp']);
      // Nothing in the local media folder.
      expect((await capture.app.request(new URL(plan.url).pathname.replace(`/${BUCKET}`, ''))).status).toBe(404);
      // The order it is attached to shows it at the same URL.
      expect((await capture.call('owner', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'PROFESSIONAL' })).status).toBe(200);
      const placed = await capture.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: '2030-01-08T16:00:00.000Z', attachmentIds: [plan.id] }));
      expect(placed.status).toBe(200);
      expect((placed.json as unknown as Order).attachments).toEqual([expect.objectContaining({ id: plan.id, url: plan.url })]);
    } finally {
      await capture.close();
    }

    const market = await marketplaceApp({ env: S3_ENV() });
    try {
      const form = new FormData();
      form.set('file', blob(await makePng(900, 600)), 'logo.png');
      form.set('kind', 'LOGO');
      form.set('alt', 'Planwise logo');
      const logo = await market.call<MarketplaceImage>('admin', 'POST', '/admin/api/marketplace/media/', form);
      expect(logo.status).toBe(201);
      expect(logo.body.url).toMatch(pictureUrl('256\\.webp'));
      expect(logo.body.thumbnail).toMatch(pictureUrl('96\\.webp'));
      expect(await served(logo.body.url)).toEqual({ status: 200, format: 'webp', width: 256 });
      expect(await served(logo.body.thumbnail)).toEqual({ status: 200, format: 'webp', width: 96 });
      expect(await objectsOf(logo.body.url)).toEqual(['256.webp', '96.webp']);
      expect((await market.app.request(new URL(logo.body.url).pathname.replace(`/${BUCKET}`, ''))).status).toBe(404);
      // The partner the logo is put on shows it at the same URL in the public catalogue.
      const { appSlug } = await market.catalog({ logo: { id: logo.body.id, alt: 'Planwise' } });
      const app = await market.call<{ partner: { logo: MarketplaceImage | null } }>(null, 'GET', `/api/marketplace/apps/${appSlug}/`);
      expect(app.body.partner.logo).toMatchObject({ id: logo.body.id, url: logo.body.url });
    } finally {
      await market.close();
    }
  });

  test('the store reads back what it wrote and answers null for a missing key', async () => {
    const store = new S3MediaStore({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'x/',
    });
    try {
      await store.put('a/b.txt', new TextEncoder().encode('hello'), 'text/plain');
      expect(new TextDecoder().decode((await store.get('a/b.txt')) ?? new Uint8Array())).toBe('hello');
      expect(await store.get('a/none.txt')).toBeNull();
      await store.removePrefix('a');
      expect(await store.get('a/b.txt')).toBeNull();
      await expect(store.put('../escape', new Uint8Array(), 'text/plain')).rejects.toThrow(/Invalid media key/);
    } finally {
      await store.close();
    }
  });
});
