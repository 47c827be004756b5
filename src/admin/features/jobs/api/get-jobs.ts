import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JobList } from '../../../../domain/capture-delivery.ts';
import { adminHttp } from '../../../lib/api.ts';
import { jobKeys } from './keys.ts';

/** What the schedule asks for: from a date (YYYY-MM-DD; null: the technician's today), a day or a week. */
export interface JobsQuery {
  from: string | null;
  days: 1 | 7;
}

/** GET /admin/api/capture/jobs/: the signed-in technician's visits (every technician's for an administrator). */
export function getJobs(query: JobsQuery): Promise<JobList> {
  return adminHttp()('GET', '/admin/api/capture/jobs/', { query: { ...(query.from ? { from: query.from } : {}), days: query.days } });
}

/** Query options of the schedule. */
export const jobsQuery = (query: JobsQuery) =>
  queryOptions({ queryKey: jobKeys.list(query), queryFn: () => getJobs(query), placeholderData: keepPreviousData });

/** The schedule; the previous range stays shown while the next loads. */
export function useJobs(query: JobsQuery) {
  return useQuery(jobsQuery(query));
}
