import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTag } from '../../../../domain/admin.ts';
import type { TagInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { tagKeys } from './keys.ts';

/** POST /admin/api/tag/: creates a tag (409 when one with the same name or slug exists). */
export function createTag(input: TagInput): Promise<AdminTag> {
  return adminHttp()('POST', '/admin/api/tag/', { body: input });
}

/** Creates a tag and refreshes tag searches. */
export function useCreateTag() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createTag, onSettled: () => client.invalidateQueries({ queryKey: tagKeys.all }) });
}
