import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '../../../../client/api-contract.ts';
import type { AuditSearchInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { auditKeys } from './keys.ts';

/** Entries per page of the audit log screen. */
export const AUDIT_PAGE_SIZE = 25;

/** A page of audit entries as POST /admin/api/audit/ answers it. */
export type AuditPage = ApiAnswer<'POST', '/admin/api/audit/'>;

/** What the screen searches for: the body of the call and the 1-based page. */
export interface AuditSearch {
  body: Partial<AuditSearchInput>;
  page: number;
}

/** POST /admin/api/audit/: a page of entries, newest first unless `reversed`. */
export function searchAudit({ body, page }: AuditSearch): Promise<AuditPage> {
  return adminHttp()('POST', '/admin/api/audit/', { query: { page, limit: AUDIT_PAGE_SIZE }, body });
}

/** Query options of an audit search. */
export const auditQueryOptions = (search: AuditSearch) =>
  queryOptions({ queryKey: auditKeys.search(search), queryFn: () => searchAudit(search), placeholderData: keepPreviousData });

/** The audit entries of a search; the previous page stays shown while the next one loads. */
export function useAuditSearch(search: AuditSearch) {
  return useQuery(auditQueryOptions(search));
}
