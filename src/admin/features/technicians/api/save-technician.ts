import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TechnicianInput, TechnicianSaved } from '../../../../domain/capture.ts';
import { adminHttp } from '../../../lib/api.ts';
import { technicianKeys } from './keys.ts';

/** POST /admin/api/capture/technicians/ (new) or PUT …/{technicianId}/ (replace every field). */
export function saveTechnician({ id, input }: { id: string | null; input: TechnicianInput }): Promise<TechnicianSaved> {
  const http = adminHttp();
  return id
    ? http('PUT', '/admin/api/capture/technicians/{technicianId}/', { params: { technicianId: id }, body: input })
    : http('POST', '/admin/api/capture/technicians/', { body: input });
}

/** Saves a technician and refreshes the list. */
export function useSaveTechnician() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveTechnician, onSettled: () => client.invalidateQueries({ queryKey: technicianKeys.all }) });
}
