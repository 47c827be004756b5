/** Query keys of the Carousel screens: invalidate `all` after any slide change. */
export const carouselKeys = {
  all: ['admin', 'carousel'] as const,
  list: () => [...carouselKeys.all, 'list'] as const,
  detail: (id: string) => [...carouselKeys.all, 'detail', id] as const,
  spaces: (text: string) => ['admin', 'carousel-picker', 'spaces', text] as const,
  collections: (text: string) => ['admin', 'carousel-picker', 'collections', text] as const,
};
