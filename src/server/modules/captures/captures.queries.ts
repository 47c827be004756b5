import type { Kysely } from 'kysely';
import type { CaptureUpload } from '../../../domain/capture-upload.ts';
import { CAPTURE_STEPS } from '../../../domain/capture-upload.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { enqueueJob } from '../../platform/jobs/jobs.ts';
import { CAPTURE_JOB } from './process-capture.ts';

/** The caller's uploads as they see them (one when `id` is given). */
export async function readUploads(db: Kysely<Database>, userId: string, id?: string): Promise<CaptureUpload[]> {
  const rows = await db
    .selectFrom('capture_uploads as u')
    .leftJoin('jobs as j', 'j.id', 'u.jobId')
    .leftJoin('spaces as s', 's.id', 'u.spaceId')
    .select([
      'u.id',
      'u.kind',
      'u.fileName',
      'u.bytes',
      'u.status',
      'u.error',
      'u.createdAt',
      'u.updatedAt',
      'j.step',
      's.id as spaceId',
      's.modelId',
      's.slug',
      's.name',
    ])
    .where('u.ownerUserId', '=', userId)
    .$if(id !== undefined, (q) => q.where('u.id', '=', id ?? ''))
    .orderBy('u.createdAt', 'desc')
    .limit(100)
    .execute();
  return rows.map((x) => ({
    id: x.id,
    kind: x.kind === 'panorama' ? 'panorama' : 'model',
    fileName: x.fileName,
    bytes: Number(x.bytes),
    status: x.status as CaptureUpload['status'],
    step: x.status === 'processing' ? (CAPTURE_STEPS.find((s) => s === x.step) ?? null) : null,
    error: x.error,
    space: x.spaceId && x.modelId && x.slug && x.name ? { id: x.spaceId, modelId: x.modelId, slug: x.slug, name: x.name } : null,
    createdAt: x.createdAt,
    updatedAt: x.updatedAt,
  }));
}

/** The bytes a person's uploads take against their quota: every upload they keep (failed ones too, for "Try again"). */
export async function usedBytes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('capture_uploads')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
    .where('ownerUserId', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Queues an upload's processing (again) and marks it processing, in one transaction. */
export async function queueProcessing(db: Kysely<Database>, uploadId: string, clock: Clock): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const jobId = await enqueueJob(tx, { kind: CAPTURE_JOB, payload: { uploadId } }, clock);
    await tx
      .updateTable('capture_uploads')
      .set({ status: 'processing', error: null, jobId, updatedAt: clock.now().toISOString() })
      .where('id', '=', uploadId)
      .execute();
  });
}

/** Forgets an upload its owner deleted: its row (its bytes leave the quota), its job, and an order's link to it, in one transaction. */
export async function forgetUpload(db: Kysely<Database>, uploadId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('capture_uploads').select('jobId').where('id', '=', uploadId).executeTakeFirst();
    await tx.updateTable('capture_orders').set({ uploadId: null }).where('uploadId', '=', uploadId).execute();
    await tx.deleteFrom('capture_uploads').where('id', '=', uploadId).execute();
    if (row?.jobId) await tx.deleteFrom('jobs').where('id', '=', row.jobId).where('status', 'in', ['failed', 'done']).execute();
  });
}
