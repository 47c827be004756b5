/** Query keys of the search insights screen. */
export const searchInsightKeys = {
  all: ['admin', 'search-insights'] as const,
  period: (period: { from: string; to: string }) => [...searchInsightKeys.all, period.from, period.to] as const,
};
