import { createRoute } from '@hono/zod-openapi';
import { AuditEntry } from '../../../domain/admin.ts';
import { AuditSearchInput } from '../../../domain/admin-inputs.ts';
import { PageQuery, pageOf } from '../../../domain/page.ts';
import { jsonBody, ok } from '../../platform/content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware } from '../../platform/admin/openapi.ts';

/** A page of audit entries. */
export const AuditPage = pageOf(AuditEntry, 'AuditPage');

/** POST /admin/api/audit/ */
export const searchAudit = createRoute({
  method: 'post',
  path: '/admin/api/audit/',
  tags: [...ADMIN_TAGS.audit],
  summary: 'Audit log',
  description:
    'Changes with their before (`from`) and after (`to`) values, newest first (`reversed`: oldest first). `user` is the email of who made the change. Pages of 50 by default; `page` is 1-based.',
  middleware: adminMiddleware,
  request: { query: PageQuery.pick({ page: true, limit: true, offset: true }), ...jsonBody(AuditSearchInput) },
  responses: { ...ok(AuditPage, 'A page of entries'), ...adminErrors() },
});
