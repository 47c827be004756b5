import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '../../../../domain/capture-delivery.ts';
import { adminHttp } from '../../../lib/api.ts';
import { jobKeys } from './keys.ts';

/** A technician's step on a job. */
export type JobStep = 'arrived' | 'captured';

/** POST /admin/api/capture/jobs/{orderId}/arrived/ or /captured/. */
export function markJob({ orderId, step }: { orderId: string; step: JobStep }): Promise<Job> {
  const http = adminHttp();
  return step === 'arrived'
    ? http('POST', '/admin/api/capture/jobs/{orderId}/arrived/', { params: { orderId } })
    : http('POST', '/admin/api/capture/jobs/{orderId}/captured/', { params: { orderId } });
}

/** Marks a step and refreshes the schedule. */
export function useMarkJob() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markJob, onSettled: () => client.invalidateQueries({ queryKey: jobKeys.all }) });
}
