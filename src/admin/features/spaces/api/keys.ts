/** Query keys of the spaces screens: invalidate `all` after any space change. */
export const spaceKeys = {
  all: ['admin', 'spaces'] as const,
  search: (search: unknown) => [...spaceKeys.all, 'search', search] as const,
  detail: (id: string) => [...spaceKeys.all, 'detail', id] as const,
  exists: (modelId: string) => [...spaceKeys.all, 'exists', modelId] as const,
  showViews: () => [...spaceKeys.all, 'showViewsConfig'] as const,
  tags: (text: string) => ['admin', 'tags', 'search', text] as const,
};
