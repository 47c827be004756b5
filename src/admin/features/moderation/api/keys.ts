/** Query keys of the moderation screen: invalidate `all` after any moderation change. */
export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  list: (filter: { reason: string; itemType: string; offset: number; limit: number }) => [...moderationKeys.all, 'list', filter] as const,
};
