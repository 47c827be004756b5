import { createRoute, z } from '@hono/zod-openapi';
import { AttachUploadInput, Job, JobList, JobQuery } from '../../../domain/capture-delivery.ts';
import { signedIn } from '../auth/guards.ts';
import { adminErrors } from '../../platform/admin/openapi.ts';
import { jsonBody, ok } from '../../platform/content/openapi.ts';

const tags = ['Technician: jobs'];
const params = z.object({ orderId: z.string().min(1).max(64) });
const description =
  "Technicians (people an administrator linked to a technician) see their own jobs only; another technician's job answers 404. Administrators see every job. 403 for anyone else.";

/** GET /admin/api/capture/jobs/ */
export const getJobs = createRoute({
  method: 'get',
  path: '/admin/api/capture/jobs/',
  tags,
  middleware: [signedIn],
  summary: 'My schedule',
  description,
  request: { query: JobQuery },
  responses: { ...ok(JobList, "The jobs from `from` (the technician's today by default), `days` long, by start"), ...adminErrors() },
});

/** GET /admin/api/capture/jobs/{orderId}/ */
export const getJob = createRoute({
  method: 'get',
  path: '/admin/api/capture/jobs/{orderId}/',
  tags,
  middleware: [signedIn],
  summary: 'One job',
  description,
  request: { params },
  responses: { ...ok(Job, 'The job'), ...adminErrors(404) },
});

/** POST /admin/api/capture/jobs/{orderId}/arrived/ */
export const postArrived = createRoute({
  method: 'post',
  path: '/admin/api/capture/jobs/{orderId}/arrived/',
  tags,
  middleware: [signedIn],
  summary: 'Arrived',
  description: 'The technician is at the property (from 12 hours before the start). 409 when already said, too early, or the visit is over.',
  request: { params },
  responses: { ...ok(Job, 'The job'), ...adminErrors(404, 409) },
});

/** POST /admin/api/capture/jobs/{orderId}/captured/ */
export const postCaptured = createRoute({
  method: 'post',
  path: '/admin/api/capture/jobs/{orderId}/captured/',
  tags,
  middleware: [signedIn],
  summary: 'Captured',
  description: 'The scan is done: the order is CAPTURED and waits for its upload. It becomes DELIVERED only when the upload is processed.',
  request: { params },
  responses: { ...ok(Job, 'The job'), ...adminErrors(404, 409) },
});

/** POST /admin/api/capture/jobs/{orderId}/upload/ */
export const postUpload = createRoute({
  method: 'post',
  path: '/admin/api/capture/jobs/{orderId}/upload/',
  tags,
  middleware: [signedIn],
  summary: 'Upload capture',
  description:
    'Binds the technician\'s own capture upload (made at /api/uploads/captures/) to the captured order: when processing makes its space, the order is DELIVERED (at once if it already has). 404 for someone else\'s upload; 409 before "Captured" or while another capture of the visit is processed.',
  request: { params, ...jsonBody(AttachUploadInput) },
  responses: { ...ok(Job, 'The job'), ...adminErrors(404, 409) },
});
