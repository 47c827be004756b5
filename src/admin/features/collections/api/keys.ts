/** Query keys of the featured collections screens: invalidate `all` after any collection change. */
export const collectionKeys = {
  all: ['admin', 'collections'] as const,
  list: (filter: unknown) => [...collectionKeys.all, 'list', filter] as const,
  detail: (id: string) => [...collectionKeys.all, 'detail', id] as const,
  targets: () => [...collectionKeys.all, 'targets'] as const,
  collectionSearch: (text: string, type: string) => [...collectionKeys.all, 'search', type, text] as const,
  spaceSearch: (search: unknown) => ['admin', 'spaces', 'search', 'for-collections', search] as const,
};
