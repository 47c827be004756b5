import { createRoute, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import { CaptureUpload, CaptureUploadList } from '../../../domain/capture-upload.ts';
import { errorResponses, ok } from '../../platform/content/openapi.ts';
import { signedIn } from '../auth/guards.ts';

const id = z.object({ id: z.string().min(1).max(64) });
const jsonError = (description: string) => ({ description, content: { 'application/json': { schema: ApiErrorBody } } });

/** GET /api/captures/: the caller's uploads and their quota. */
export const listCaptures = createRoute({
  method: 'get',
  path: '/api/captures/',
  tags: ['Captures'],
  summary: 'List my capture uploads',
  description:
    'The signed-in person’s capture uploads, newest first, each with its state (uploading, processing and its step, ready with its space, failed with the reason), and the bytes their uploads take of their quota.',
  middleware: [signedIn] as const,
  responses: { ...ok(CaptureUploadList, 'The uploads'), ...errorResponses(401) },
});

/** GET /api/captures/{id}/: one of the caller's uploads. */
export const getCapture = createRoute({
  method: 'get',
  path: '/api/captures/{id}/',
  tags: ['Captures'],
  summary: 'Get one of my capture uploads',
  description: 'The state of an upload by its tus id. 404 for an upload of someone else, as for an unknown one.',
  middleware: [signedIn] as const,
  request: { params: id },
  responses: { ...ok(CaptureUpload, 'The upload'), ...errorResponses(401, 404) },
});

/** POST /api/captures/{id}/retry/: processes a failed upload again. */
export const retryCapture = createRoute({
  method: 'post',
  path: '/api/captures/{id}/retry/',
  tags: ['Captures'],
  summary: 'Try processing a failed upload again',
  description: '"Try again" on a failed upload whose file is still kept: queues its processing again. 409 when it has not failed.',
  middleware: [signedIn] as const,
  request: { params: id },
  responses: { ...ok(CaptureUpload, 'The upload, processing again'), ...errorResponses(401, 404), 409: jsonError('CONFLICT: the upload has not failed') },
});

const tusHeaders = {
  'Tus-Resumable': z.literal('1.0.0').meta({ description: 'The tus protocol version (every request but OPTIONS)' }),
};
const tusErrors = {
  401: jsonError('Not signed in'),
  404: jsonError('No upload with this id among the caller’s uploads'),
  413: jsonError('PAYLOAD_TOO_LARGE: over 500 MB, or over the person’s quota (`extra`: quotaBytes, usedBytes, uploadBytes)'),
};

/**
 * The tus routes (https://tus.io/protocols/resumable-upload, core + creation + termination) as
 * far as OpenAPI describes them: registered for the document only, served by @tus/server.
 */
export const tusDocs = [
  {
    method: 'post' as const,
    path: '/api/uploads/captures/',
    tags: ['Captures'],
    summary: 'Begin a resumable capture upload (tus creation)',
    description:
      'Creates an upload of `Upload-Length` bytes (1 byte to 500 MB, within the person’s quota: `CAPTURE_UPLOAD_QUOTA_BYTES`, 2 GB by default) and answers 201 with its `Location` (`/api/uploads/captures/{id}`). `Upload-Metadata` may carry `filename` and `accountId` (the person’s own account, the default, or an organization they own). Signed-in people only.',
    request: {
      headers: z.object({
        ...tusHeaders,
        'Upload-Length': z.string().meta({ description: 'The file’s size in bytes' }),
        'Upload-Metadata': z.string().optional().meta({ description: 'tus metadata: `filename <base64>,accountId <base64>`' }),
      }),
    },
    responses: {
      201: { description: 'Created; `Location` names the upload' },
      400: jsonError('No or a zero Upload-Length'),
      403: jsonError('Not an account of the caller'),
      ...tusErrors,
    },
  },
  {
    method: 'head' as const,
    path: '/api/uploads/captures/{id}',
    tags: ['Captures'],
    summary: 'How much of an upload arrived (tus)',
    description: 'Answers `Upload-Offset` and `Upload-Length`: a client resumes from the offset after a cut or a reload.',
    request: { params: id, headers: z.object(tusHeaders) },
    responses: { 200: { description: 'The offset in `Upload-Offset`' }, ...tusErrors },
  },
  {
    method: 'patch' as const,
    path: '/api/uploads/captures/{id}',
    tags: ['Captures'],
    summary: 'Send the next bytes of an upload (tus)',
    description:
      'Body `application/offset+octet-stream` from `Upload-Offset`. The first chunk’s bytes must be a GLB (`glTF`), a .gltf with its files in a ustar archive, a JPEG or a PNG, else 415 and the upload is removed (a Gaussian splat is named as such). The last chunk queues its processing (GET /api/captures/{id}/).',
    request: {
      params: id,
      headers: z.object({ ...tusHeaders, 'Upload-Offset': z.string() }),
      body: { content: { 'application/offset+octet-stream': { schema: z.string().meta({ format: 'binary' }) } }, required: true },
    },
    responses: {
      204: { description: 'Stored; the new `Upload-Offset`' },
      409: { description: 'The offset is not the upload’s' },
      415: jsonError('Not a GLB, a .gltf bundle, a JPEG or a PNG by content'),
      ...tusErrors,
    },
  },
  {
    method: 'delete' as const,
    path: '/api/uploads/captures/{id}',
    tags: ['Captures'],
    summary: 'Cancel or delete an upload (tus termination)',
    description:
      'Cancels an upload in progress, or deletes a failed one: its bytes, its state and its share of the quota go. 409 while it is processed or once it became a space (delete the space instead).',
    request: { params: id, headers: z.object(tusHeaders) },
    responses: { 204: { description: 'Removed' }, 409: jsonError('CONFLICT: the upload is processing or became a space'), ...tusErrors },
  },
];
