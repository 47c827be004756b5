import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '../../../../domain/admin.ts';
import type { SpacesImportDto } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { spaceKeys } from './keys.ts';

/** POST /admin/api/space/import/ (spacesImportDto): creates or updates spaces by modelId, all or nothing. */
export function importSpaces(input: SpacesImportDto): Promise<ImportResult> {
  return adminHttp()('POST', '/admin/api/space/import/', { body: input });
}

/** Imports a feed and refreshes every space list. */
export function useImportSpaces() {
  const client = useQueryClient();
  return useMutation({ mutationFn: importSpaces, onSettled: () => client.invalidateQueries({ queryKey: spaceKeys.all }) });
}
