import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SubmissionPage, SubmissionQuery } from '../../../../domain/forms.ts';
import { adminHttp } from '../../../lib/api.ts';
import { submissionKeys } from './keys.ts';

/** Submissions per page. */
export const SUBMISSIONS_PAGE_SIZE = 25;

/** GET /admin/api/submission/: a page of submissions, newest first, by form and status. */
export function getSubmissions(query: SubmissionQuery): Promise<SubmissionPage> {
  return adminHttp()('GET', '/admin/api/submission/', { query: { ...query } });
}

/** Query options of a page of submissions. */
export const submissionsQuery = (query: SubmissionQuery) =>
  queryOptions({ queryKey: submissionKeys.list(query), queryFn: () => getSubmissions(query), placeholderData: keepPreviousData });

/** A page of submissions; the previous page stays shown while the next loads. */
export function useSubmissions(query: SubmissionQuery) {
  return useQuery(submissionsQuery(query));
}
