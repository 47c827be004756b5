import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationRecord } from '../../../../domain/admin.ts';
import type { ModerationInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { moderationKeys } from './keys.ts';

/** POST /admin/api/moderation/: hides an item from the public site (409 when it already is). */
export function createModerationRecord(input: ModerationInput): Promise<ModerationRecord> {
  return adminHttp()('POST', '/admin/api/moderation/', { body: input });
}

/** Moderates an item and refreshes the records (and any screen showing moderation). */
export function useCreateModerationRecord() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createModerationRecord, onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.all }) });
}
