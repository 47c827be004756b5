import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Submission } from '../../../../domain/forms.ts';
import { adminHttp } from '../../../lib/api.ts';
import { submissionKeys } from './keys.ts';

/** POST /admin/api/submission/{id}/handled/: marks a submission handled, or open again. */
export function markSubmission({ id, handled }: { id: string; handled: boolean }): Promise<Submission> {
  return adminHttp()('POST', '/admin/api/submission/{submissionId}/handled/', { params: { submissionId: id }, body: { handled } });
}

/** Marks a submission and refreshes the lists. */
export function useMarkSubmission() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markSubmission, onSettled: () => client.invalidateQueries({ queryKey: submissionKeys.all }) });
}
