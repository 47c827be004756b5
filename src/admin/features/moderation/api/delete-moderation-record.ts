import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import { adminHttp } from '../../../lib/api.ts';
import { moderationKeys } from './keys.ts';

/** DELETE /admin/api/moderation/{id}/: removes one record, so its item is public again. */
export function deleteModerationRecord(id: string): Promise<void> {
  requireParams('deleteModerationRecord', { id });
  return adminHttp()('DELETE', '/admin/api/moderation/{id}/', { params: { id } });
}

/** Lifts one moderation and refreshes the records. */
export function useDeleteModerationRecord() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteModerationRecord, onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.all }) });
}
