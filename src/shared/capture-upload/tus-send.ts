/**
 * Sending a capture file (tus) and following its processing: one place (src/shared: features do not import each other) for the upload page (one
 * file, or a set of 360° photos) and the tour layout editor's "Add 360° photos".
 */
import { Upload } from 'tus-js-client';
import { getCapture } from '../../client/captures.ts';
import { CAPTURE_UPLOAD_PATH, type CaptureUpload } from '../../domain/capture-upload.ts';
import { browserHttp } from '../session/browser-http.ts';
import { apiBase } from '../site/api-base.ts';

const POLL_MS = 1500;
const MB = 1024 * 1024;

/** How one file is sent: its tus metadata (`filename`, and `accountId` or `spaceId`), its progress, the Upload (to pause or cancel it). */
export interface SendOptions {
  metadata: Record<string, string>;
  onProgress: (percent: number) => void;
  onUpload?: (upload: Upload) => void;
  /** The key under which an unfinished upload is found again (tus's default: the file's name, type, size and date). */
  fingerprint?: () => Promise<string>;
  /** Told the upload's id as soon as the server gave it (made, or found again to resume), before any byte goes. */
  onUploadId?: (id: string) => void;
}

/** The upload id at the end of a tus upload URL. */
const idOf = (url: string | null | undefined): string => (url ?? '').split('/').filter(Boolean).pop() ?? '';

/**
 * Sends one file (tus, 8 MB chunks); a file sent partly before (a dropped connection, a reload)
 * continues where it stopped. Resolves with the upload's id; rejects with tus's error. An upload
 * aborted through `onUpload` never settles.
 */
export async function sendCapture(file: Blob, o: SendOptions): Promise<string> {
  let upload: Upload | null = null;
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(file, {
      ...(o.fingerprint ? { fingerprint: o.fingerprint } : {}),
      endpoint: `${apiBase()}${CAPTURE_UPLOAD_PATH}`,
      chunkSize: 8 * MB,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      metadata: o.metadata,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req) => {
        const xhr = req.getUnderlyingObject() as XMLHttpRequest | undefined;
        if (xhr && 'withCredentials' in xhr) xhr.withCredentials = true;
      },
      onProgress: (sent, total) => o.onProgress(total ? Math.floor((sent / total) * 100) : 0),
      onUploadUrlAvailable: () => o.onUploadId?.(idOf(upload?.url)),
      onError: reject,
      onSuccess: () => resolve(idOf(upload?.url)),
    });
  });
  const u = upload as unknown as Upload;
  o.onUpload?.(u);
  const previous = await u.findPreviousUploads();
  if (previous[0]) u.resumeFromPreviousUpload(previous[0]);
  u.start();
  return done;
}

/** Waits until an upload is processed, telling each state seen; rejects with the reason when it failed. */
export async function waitProcessed(id: string, onState?: (c: CaptureUpload) => void): Promise<CaptureUpload> {
  for (;;) {
    const c = await getCapture(browserHttp(), { id });
    onState?.(c);
    if (c.status === 'ready') return c;
    if (c.status === 'failed') throw new Error(c.error ?? '');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The message of a failed tus request: the API's error body when it sent one. */
export function tusMessage(error: unknown, fallback: string): string {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON: tus's own text
    }
  }
  return fallback;
}

/** Why a send or its processing failed, in words for the owner. */
export function failureReason(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'originalResponse' in error) return tusMessage(error, fallback);
  return error instanceof Error && error.message ? error.message : fallback;
}
