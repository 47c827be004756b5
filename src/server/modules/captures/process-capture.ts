import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import type { CaptureStep } from '../../../domain/capture-upload.ts';
import { CAPTURE_PICTURE_PREFIX } from '../../../domain/space-pictures.ts';
import type { TourLayout } from '../../../domain/tour.ts';
import { slugify } from '../../../domain/urls.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import type { ContentChange, ContentEvents } from '../../platform/events.ts';
import { mediaStoreOf } from '../../platform/media/store.ts';
import { newId } from '../../platform/ids.ts';
import { PermanentJobError } from '../../platform/jobs/jobs.ts';
import type { JobKind } from '../../platform/jobs/worker.ts';
import { checkComplete, sniff, SNIFF_BYTES, WRONG_TYPE_MESSAGE } from './file-types.ts';
import { readBundle } from './gltf-bundle.ts';
import { checkGltfBundle, checkModel } from './model-checks.ts';
import { modelBounds, optimizeModel, packGltf, readModel, worldTriangles } from './model-io.ts';
import { appendPanorama, layoutFromBounds, panoramaLayout, type PanoramaPhoto } from './capture-layout.ts';
import { ADD_TO_SPACE_META, panoramaTarget } from './panorama-target.ts';
import { PANORAMA_WEBP, tilePanorama } from './panorama-tiles.ts';
import { panoramaTourOf, saveTourLayout } from '../tours/tour-layout.queries.ts';
import { POSTER_SIZE, renderPlan, renderPoster, spacePictures } from './capture-pictures.ts';
import { captureUploadStore } from './upload-store.ts';
import { deliverUploadedOrder } from '../capture/delivery.ts';
import { blankSpaceRow } from '../spaces/space-writes.ts';

/** The job kind that turns a finished upload into a space. */
export const CAPTURE_JOB = 'capture.process';
/** Pixels a 360° photo may have (16384 × 8192), read from its header before anything decodes it. */
export const MAX_PANORAMA_PIXELS = 16384 * 8192;
/** Widest panorama kept (the player's textures); wider photos are scaled down. */
const PANORAMA_WIDTH = 8192;

/** What the job needs. */
export interface CaptureJobDeps {
  db: Kysely<Database>;
  env: Env;
  clock?: Clock;
  /** Where a photo that joins the tour of a space on the site says so, so the publisher shows it. */
  events?: ContentEvents;
}

type Box = TourLayout['bounds'];
type Checked = { type: 'glb' | 'gltf'; vertices: number } | { type: 'jpeg' | 'png'; width: number; height: number; target?: string | null };
type Optimized = { modelKey: string; bytes: number; bounds: Box } | { panorama: PanoramaPhoto };
type Pictures = { posterKey: string; plan: { key: string; width: number; height: number } | null };

const MODEL_ID_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** An 11-character public model id (spec 2's format). */
const newModelId = () => Array.from({ length: 11 }, () => MODEL_ID_CHARS[randomInt(MODEL_ID_CHARS.length)]).join('');

/** Adds a processed photo to an owner's panorama tour as one more sweep (in the space step's transaction); answers the space. */
async function addToTour(tx: Kysely<Database>, spaceId: string, photo: PanoramaPhoto, uploadId: string, now: string): Promise<string> {
  const current = await tx.selectFrom('capture_uploads').select('spaceId').where('id', '=', uploadId).executeTakeFirst();
  if (current?.spaceId) return current.spaceId;
  const tour = await panoramaTourOf(tx, spaceId);
  if (!tour) throw new PermanentJobError('Photos can only be added to a 360° tour of a space you own.');
  await saveTourLayout(tx, tour.tourModelId, appendPanorama(tour.layout, photo), now);
  await tx.updateTable('capture_uploads').set({ spaceId, status: 'ready', error: null, updatedAt: now }).where('id', '=', uploadId).execute();
  return spaceId;
}

/** A space name from a file name: `my_flat-2024.glb` → `My flat 2024`. */
export function nameFromFile(fileName: string): string {
  const base = fileName
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return base ? base[0]?.toUpperCase() + base.slice(1) : 'My space';
}

/**
 * The job of one upload (payload `{ uploadId }`), in steps that each run once across restarts:
 * check (type by content, completeness, glTF validation and limits; a photo's 2:1 shape and size
 * from its header), optimize (the published model, or the re-encoded photo), layout, pictures
 * (poster, plan, the space's cover), space (the PRIVATE space and its tour rows, in one
 * transaction). A bad file fails at once with the reason; the owner sees every step.
 */
export function captureJobKind(deps: CaptureJobDeps): JobKind {
  const clock = deps.clock ?? systemClock;
  const media = mediaStoreOf(deps.env);
  const setUpload = (id: string, set: Partial<Database['capture_uploads']>) =>
    deps.db
      .updateTable('capture_uploads')
      .set({ ...set, updatedAt: clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  return {
    async run({ job, step }) {
      const { uploadId } = (job.payload ?? {}) as { uploadId?: string };
      const upload = uploadId ? await deps.db.selectFrom('capture_uploads').selectAll().where('id', '=', uploadId).executeTakeFirst() : undefined;
      if (!upload) throw new PermanentJobError('The upload no longer exists.');
      if (upload.spaceId) return;
      const store = await captureUploadStore(deps.env);
      const folder = `tours/cap-${upload.id}`;
      const pictureKey = `${CAPTURE_PICTURE_PREFIX}${upload.id}`;
      let file: Uint8Array | null = null;
      const bytes = async () => (file ??= await store.read(upload.id));
      let glb: Uint8Array | null = null;
      // The model as one GLB: the upload itself, or a .gltf and its files packed (resolved among the uploaded files only).
      const model = async () =>
        (glb ??= sniff((await bytes()).subarray(0, SNIFF_BYTES)) === 'gltf' ? await packGltf(readBundle(await bytes())) : await bytes());
      const run = <T>(name: CaptureStep, fn: () => Promise<T>) => step(name, fn);

      const checked = await run('check', async (): Promise<Checked> => {
        const data = await bytes();
        if (data.length === 0) throw new PermanentJobError('The file is empty.');
        const type = sniff(data.subarray(0, SNIFF_BYTES));
        if (!type) throw new PermanentJobError(WRONG_TYPE_MESSAGE);
        checkComplete(type, data);
        if (type === 'glb') return { type, ...(await checkModel(data)) };
        if (type === 'gltf') return { type, ...(await checkGltfBundle(readBundle(data))) };
        const meta = await sharp(data).metadata();
        const { width = 0, height = 0 } = meta;
        if (!width || !height) throw new PermanentJobError('This photo cannot be read: its file is damaged.');
        if (width * height > MAX_PANORAMA_PIXELS)
          throw new PermanentJobError(`This photo is ${width} × ${height} pixels; at most 16384 × 8192 are accepted. Make it smaller and upload it again.`);
        if (Math.abs(width / height - 2) > 0.02)
          throw new PermanentJobError(
            `This photo is ${width} × ${height} pixels: a 360° photo is twice as wide as it is high (2:1). Export it as an equirectangular panorama.`,
          );
        // A photo the owner adds to one of their panorama tours names it in its tus metadata.
        const key = (await store.datastore.getUpload(upload.id)).metadata?.[ADD_TO_SPACE_META];
        return { type, width, height, target: key ? await panoramaTarget(deps.db, key, upload.ownerUserId) : null };
      });

      const optimized = await run('optimize', async (): Promise<Optimized> => {
        if ('vertices' in checked) {
          const optimizedGlb = await optimizeModel(await model());
          await media.put(`${folder}/model.glb`, optimizedGlb, 'model/gltf-binary');
          return { modelKey: `${folder}/model.glb`, bytes: optimizedGlb.length, bounds: modelBounds(await readModel(optimizedGlb)) };
        }
        const data = await bytes();
        // Decoded once: the whole photo (WebP, 8192 px wide at most), its preview and its tiles are cut from the same pixels.
        const raw = await sharp(data, { limitInputPixels: MAX_PANORAMA_PIXELS })
          .rotate()
          .resize({ width: Math.min(PANORAMA_WIDTH, checked.width), withoutEnlargement: true })
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const info = { width: raw.info.width, height: raw.info.height, channels: raw.info.channels };
        const out = await sharp(raw.data, { raw: info }).webp(PANORAMA_WEBP).toBuffer();
        await media.put(`${folder}/pano-s0.webp`, new Uint8Array(out), 'image/webp');
        const tiles = await tilePanorama({ data: raw.data, info }, `${folder}/pano-s0`, (key, b, type) => media.put(key, b, type));
        return { panorama: { panorama: { url: `${folder}/pano-s0.webp`, width: info.width, height: info.height }, tiles } };
      });

      const name = nameFromFile(upload.fileName);
      const layout = await run('layout', () =>
        Promise.resolve('panorama' in optimized ? panoramaLayout(optimized.panorama, 'Room') : layoutFromBounds(optimized.bounds, 'Room')),
      );

      const pictures = await run('pictures', async (): Promise<Pictures> => {
        let poster: Buffer;
        let plan: Pictures['plan'] = null;
        if ('panorama' in optimized) {
          // The middle of the photo, at the horizon, as its still.
          poster = await sharp(await bytes(), { limitInputPixels: MAX_PANORAMA_PIXELS })
            .rotate()
            .resize({ width: POSTER_SIZE.width * 2, height: POSTER_SIZE.width, fit: 'fill' })
            .extract({ left: POSTER_SIZE.width / 2, top: Math.round((POSTER_SIZE.width - POSTER_SIZE.height) / 2), ...POSTER_SIZE })
            .webp({ quality: 82 })
            .toBuffer();
        } else {
          const triangles = worldTriangles(await readModel(await model()));
          poster = Buffer.from(await renderPoster(triangles, layout.bounds));
          const drawn = await renderPlan(triangles, layout);
          await media.put(`${folder}/plan-0.webp`, drawn.data, 'image/webp');
          plan = { key: `${folder}/plan-0.webp`, width: drawn.width, height: drawn.height };
        }
        await media.put(`${folder}/poster.webp`, new Uint8Array(poster), 'image/webp');
        // A photo added to a tour leaves the space's cover as it is.
        if ('target' in checked && checked.target) return { posterKey: `${folder}/poster.webp`, plan };
        // The space's picture folder: cover and card picture at every width, and its link preview (og.jpg).
        for (const p of await spacePictures(poster)) await media.put(`spaces/${pictureKey}/${p.file}`, p.data, p.type);
        return { posterKey: `${folder}/poster.webp`, plan };
      });

      await run('space', async () => {
        const now = clock.now().toISOString();
        const target = 'target' in checked ? checked.target : null;
        let change: ContentChange | null = null;
        const spaceId = await deps.db.transaction().execute(async (tx) => {
          if (target && 'panorama' in optimized) {
            const joined = await addToTour(tx, target, optimized.panorama, upload.id, now);
            // A public or unlisted space is published again with its new point, as a layout save does.
            const space = await tx.selectFrom('spaces').select('visibility').where('id', '=', joined).executeTakeFirst();
            if (deps.events && space && space.visibility !== 'PRIVATE') change = await deps.events.record(tx, 'SPACE', [joined], 'UPDATE');
            return joined;
          }
          // A claim that died after this committed finds the space made (the upload names it).
          const current = await tx.selectFrom('capture_uploads').select('spaceId').where('id', '=', upload.id).executeTakeFirst();
          if (current?.spaceId) return current.spaceId;
          const id = newId();
          const modelId = newModelId();
          const personal =
            upload.accountId === (await tx.selectFrom('users').select('accountId').where('id', '=', upload.ownerUserId).executeTakeFirst())?.accountId;
          const plan = pictures.plan ? { url: pictures.plan.key, width: pictures.plan.width, height: pictures.plan.height } : null;
          const floors = layout.floors.map((f, i) => (i === 0 && plan ? { ...f, plan } : f));
          const tourModelId = `cap:${upload.id}`;
          await tx
            .insertInto('tour_models')
            .values({
              id: tourModelId,
              modelKey: 'modelKey' in optimized ? optimized.modelKey : null,
              modelBytes: 'modelKey' in optimized ? optimized.bytes : null,
              posterKey: pictures.posterKey,
              posterWidth: POSTER_SIZE.width,
              posterHeight: POSTER_SIZE.height,
              plans: JSON.stringify([pictures.plan]),
              layout: JSON.stringify({ ...layout, floors }),
              updatedAt: now,
            })
            .execute();
          await tx
            .insertInto('spaces')
            .values({
              ...blankSpaceRow({ id, modelId, name, slug: `${slugify(name) || 'space'}-${modelId.toLowerCase()}`, now }),
              visibility: 'PRIVATE',
              organizationId: personal ? null : upload.accountId,
              ownerUserId: upload.ownerUserId,
              imageKey: pictureKey,
              imageWidth: POSTER_SIZE.width,
              imageHeight: POSTER_SIZE.height,
            })
            .execute();
          await tx.insertInto('space_tours').values({ spaceId: id, tourModelId, tags: '[]', updatedAt: now }).execute();
          await tx.updateTable('capture_uploads').set({ spaceId: id, status: 'ready', error: null, updatedAt: now }).where('id', '=', upload.id).execute();
          // A technician's capture of an order (issue 24): the space becomes the customer's and the order DELIVERED, in this transaction.
          await deliverUploadedOrder(tx, deps, { uploadId: upload.id, spaceId: id });
          return id;
        });
        if (change) deps.events?.announce(change);
        // The bytes served their purpose: the space's files are in the media store.
        await store.remove(upload.id);
        return spaceId;
      });
    },
    async onFailed(job, message) {
      const { uploadId } = (job.payload ?? {}) as { uploadId?: string };
      if (uploadId) await setUpload(uploadId, { status: 'failed', error: message });
    },
  };
}
