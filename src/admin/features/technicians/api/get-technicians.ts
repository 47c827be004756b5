import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Technician } from '../../../../domain/capture.ts';
import { adminHttp } from '../../../lib/api.ts';
import { technicianKeys } from './keys.ts';

/** GET /admin/api/capture/technicians/: every technician by continent and area. */
export async function getTechnicians(): Promise<Technician[]> {
  return (await adminHttp()('GET', '/admin/api/capture/technicians/', {})).technicians;
}

/** Query options of the technicians. */
export const techniciansQuery = () => queryOptions({ queryKey: technicianKeys.list(), queryFn: getTechnicians });

/** Every technician. */
export function useTechnicians() {
  return useQuery(techniciansQuery());
}
