/** Query keys of the banners screen: invalidate `all` after any banner change. */
export const bannerKeys = {
  all: ['admin', 'banners'] as const,
  list: () => [...bannerKeys.all, 'list'] as const,
};
