import { useId, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { CAPTURE_UPLOAD_PATH } from '../../../../domain/capture-upload.ts';
import type { Job } from '../../../../domain/capture-delivery.ts';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useAttachUpload } from '../api/attach-upload.ts';
import { t } from '../texts.ts';

/**
 * "Upload capture": sends the technician's file through the upload pipeline (tus, resumable, at
 * CAPTURE_UPLOAD_PATH; a dropped connection resumes), then binds the finished upload to the order,
 * whose processing delivers it. The pipeline's processing state shows on the job afterwards.
 */
export function CaptureUpload({ job }: { job: Job }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const attach = useAttachUpload();

  const start = (file: File) => {
    setPercent(0);
    const upload = new Upload(file, {
      endpoint: CAPTURE_UPLOAD_PATH,
      metadata: { filename: file.name },
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      // Same-origin cookies carry the technician's session.
      onBeforeRequest: (req) => {
        (req.getUnderlyingObject() as XMLHttpRequest).withCredentials = true;
      },
      onProgress: (sent, total) => setPercent(total ? Math.floor((sent / total) * 100) : 0),
      onError: (error) => {
        setPercent(null);
        notifyError(error);
      },
      onSuccess: () => {
        const uploadId = (upload.url ?? '').replace(/\/+$/, '').split('/').pop() ?? '';
        attach.mutate(
          { orderId: job.orderId, uploadId },
          {
            onSuccess: () => notifySuccess(t('done.uploaded')),
            onError: (e) => notifyError(e),
            onSettled: () => setPercent(null),
          },
        );
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      const last = previous[0];
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    });
  };

  const uploading = percent !== null;
  return (
    <div className="job-upload">
      <label htmlFor={id} className="adm-sr-only">
        {t('upload.label', { number: job.number })}
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept=".glb,model/gltf-binary,image/jpeg,image/png"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) start(file);
          e.target.value = '';
        }}
      />
      <button type="button" className="adm-btn adm-btn--primary" disabled={uploading || attach.isPending} onClick={() => input.current?.click()}>
        {job.upload?.status === 'failed' ? t('action.uploadAgain') : t('action.upload')}
      </button>
      {uploading && (
        <div className="job-progress">
          <progress max={100} value={percent} aria-label={t('upload.label', { number: job.number })} />
          <span aria-live="polite">{t('upload.progress', { percent })}</span>
        </div>
      )}
    </div>
  );
}
