import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '../../../../domain/capture-delivery.ts';
import { adminHttp } from '../../../lib/api.ts';
import { jobKeys } from './keys.ts';

/** POST /admin/api/capture/jobs/{orderId}/upload/: binds the technician's finished upload to the order (its processing delivers it). */
export function attachUpload({ orderId, uploadId }: { orderId: string; uploadId: string }): Promise<Job> {
  return adminHttp()('POST', '/admin/api/capture/jobs/{orderId}/upload/', { params: { orderId }, body: { uploadId } });
}

/** Binds an upload and refreshes the schedule. */
export function useAttachUpload() {
  const client = useQueryClient();
  return useMutation({ mutationFn: attachUpload, onSettled: () => client.invalidateQueries({ queryKey: jobKeys.all }) });
}
