import { z } from 'zod';

/** Largest capture one upload may carry: 500 MB (docs/uploads.md). */
export const MAX_CAPTURE_BYTES = 500 * 1024 * 1024;
/** Where browsers send capture uploads (the tus protocol, https://tus.io). */
export const CAPTURE_UPLOAD_PATH = '/api/uploads/captures/';

/** What a capture is: a binary glTF model, or one 360° photo (equirectangular, 2:1, JPEG or PNG). */
export const CAPTURE_KINDS = ['model', 'panorama'] as const;
/** @see CAPTURE_KINDS */
export const CaptureKind = z.enum(CAPTURE_KINDS).meta({ id: 'OwnerCaptureKind' });
/** @see CaptureKind */
export type CaptureKind = z.infer<typeof CaptureKind>;

/** Where an upload stands, as its owner sees it. */
export const CAPTURE_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
/** @see CAPTURE_STATUSES */
export const CaptureStatus = z.enum(CAPTURE_STATUSES).meta({ id: 'OwnerCaptureStatus' });
/** @see CaptureStatus */
export type CaptureStatus = z.infer<typeof CaptureStatus>;

/** The processing steps in order (the owner sees "Processing (step)"). */
export const CAPTURE_STEPS = ['check', 'optimize', 'layout', 'pictures', 'space'] as const;
/** @see CAPTURE_STEPS */
export type CaptureStep = (typeof CAPTURE_STEPS)[number];

/** GET /api/captures/{id}/: one of the caller's uploads and what became of it. */
export const CaptureUpload = z
  .object({
    id: z.string(),
    kind: CaptureKind,
    fileName: z.string(),
    /** The file's size, bytes. */
    bytes: z.number().int().min(0),
    status: CaptureStatus,
    /** The processing step running or reached (while `processing`), else null. */
    step: z.enum(CAPTURE_STEPS).nullable(),
    /** Why processing failed, in plain words (when `failed`). */
    error: z.string().nullable(),
    /** The space made from it (when `ready`): its tour is at `/discover/showcase/?m={modelId}`. */
    space: z.object({ id: z.string(), modelId: z.string(), slug: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'OwnerCapture' });
/** @see CaptureUpload */
export type CaptureUpload = z.infer<typeof CaptureUpload>;

/** GET /api/captures/: the caller's uploads, newest first, and their storage quota. */
export const CaptureUploadList = z
  .object({
    items: z.array(CaptureUpload),
    /** Bytes the caller's uploads take and may take. */
    quota: z.object({ usedBytes: z.number().int().min(0), limitBytes: z.number().int().positive() }),
  })
  .meta({ id: 'OwnerCaptureList' });
/** @see CaptureUploadList */
export type CaptureUploadList = z.infer<typeof CaptureUploadList>;
