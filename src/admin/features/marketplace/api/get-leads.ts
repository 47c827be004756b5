import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminListLeads } from '../../../../client/marketplace.ts';
import type { LeadStatus } from '../../../../domain/marketplace-rules.ts';
import { adminHttp } from '../../../lib/api.ts';
import { marketplaceKeys } from './keys.ts';

/** Leads per page of the log. */
export const LEADS_PAGE = 50;

/** GET /admin/api/marketplace/leads/: newest first, optionally one delivery state. */
export const leadsQuery = (status: LeadStatus | '', offset: number) =>
  queryOptions({
    queryKey: marketplaceKeys.leads(status, offset),
    queryFn: () => adminListLeads(adminHttp(), { ...(status ? { status } : {}), offset, limit: LEADS_PAGE }),
    placeholderData: keepPreviousData,
  });

/** A page of the leads log. */
export const useLeads = (status: LeadStatus | '', offset: number) => useQuery(leadsQuery(status, offset));
