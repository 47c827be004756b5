import { createRouter } from '../../router.ts';
import { CAPTURE_UPLOAD_PATH } from '../../../domain/capture-upload.ts';
import { handleCaptureTus } from './captures-tus.ts';
import * as h from './captures.handlers.ts';
import * as r from './captures.routes.ts';

/** Owners' capture uploads: the tus endpoint (/api/uploads/captures/) and the uploads' states (/api/captures/). */
export const capturesRouter = () => {
  const router = createRouter();
  for (const doc of r.tusDocs) router.openAPIRegistry.registerPath(doc);
  router.all(CAPTURE_UPLOAD_PATH, handleCaptureTus);
  router.all(`${CAPTURE_UPLOAD_PATH}:id`, handleCaptureTus);
  return router.openapi(r.listCaptures, h.listCaptures).openapi(r.getCapture, h.getCapture).openapi(r.retryCapture, h.retryCapture);
};
