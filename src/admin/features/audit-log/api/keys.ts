/** Query keys of the audit log screen. */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  search: (search: unknown) => [...auditKeys.all, 'search', search] as const,
};
