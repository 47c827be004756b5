/** Query keys of the accounts screen: invalidate `all` after any status change. */
export const accountKeys = {
  all: ['admin', 'accounts'] as const,
  search: (filter: unknown) => [...accountKeys.all, 'search', filter] as const,
  userFlags: (key: string) => [...accountKeys.all, 'user-flags', key] as const,
  insight: (request: unknown) => [...accountKeys.all, 'insight', request] as const,
};
