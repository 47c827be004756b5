import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { AuditLogScreen } from './components/AuditLogScreen.tsx';

/** Audit log: one screen (spec 2: /admin/audit-log). */
export const auditLogRoutes: RouteObject[] = [{ path: PATHS.auditLog, element: <AuditLogScreen /> }];
