/** Query keys of the jobs screen. */
export const jobKeys = {
  all: ['admin', 'jobs'] as const,
  list: (query: unknown) => [...jobKeys.all, 'list', query] as const,
};
