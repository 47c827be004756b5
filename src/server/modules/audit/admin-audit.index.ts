import { createRouter } from '../../router.ts';
import { searchAudit } from './admin-audit.handlers.ts';
import * as r from './admin-audit.routes.ts';

/** The admin audit log under /admin/api/audit. */
export const adminAuditRouter = () => createRouter().openapi(r.searchAudit, searchAudit);
