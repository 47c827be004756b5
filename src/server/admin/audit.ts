// Moved to src/server/platform/audit.ts (issue 22); kept only until the files being edited beside this change import it from there.
export { withAudit, type AuditedChange } from '../platform/audit.ts';
export { timeOrderedId as auditId } from '../platform/ids.ts';
