/** Query keys of the Submissions screen. */
export const submissionKeys = {
  all: ['admin', 'submissions'] as const,
  list: (filter: unknown) => [...submissionKeys.all, 'list', filter] as const,
};
