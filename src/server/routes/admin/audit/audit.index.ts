import { createRouter } from '../../../router.ts';
import { searchAudit } from './audit.handlers.ts';
import * as r from './audit.routes.ts';

/** The admin audit log under /admin/api/audit. */
export const adminAuditRouter = () => createRouter().openapi(r.searchAudit, searchAudit);
