import type { CaptureUpload, CaptureUploadList } from '../domain/capture-upload.ts';
import { requireParams, type Http } from './http.ts';

/** GET /api/captures/: the signed-in person's capture uploads and their quota. */
export function listCaptures(http: Http): Promise<CaptureUploadList> {
  return http('GET', '/api/captures/');
}

/** GET /api/captures/{id}/: one of the person's uploads (its state, step, reason or space). */
export function getCapture(http: Http, params: { id: string }): Promise<CaptureUpload> {
  requireParams('getCapture', { id: params.id });
  return http('GET', '/api/captures/{id}/', { params: { id: params.id } });
}

/** POST /api/captures/{id}/retry/: "Try again" on a failed upload. */
export function retryCapture(http: Http, params: { id: string }): Promise<CaptureUpload> {
  requireParams('retryCapture', { id: params.id });
  return http('POST', '/api/captures/{id}/retry/', { params: { id: params.id } });
}
