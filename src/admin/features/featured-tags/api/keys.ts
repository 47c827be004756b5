/** Query keys of the Featured Tags screens: invalidate `all` after any featured-tag change. */
export const featuredTagKeys = {
  all: ['admin', 'featured-tags'] as const,
  list: () => [...featuredTagKeys.all, 'list'] as const,
  detail: (id: string) => [...featuredTagKeys.all, 'detail', id] as const,
  randomize: () => [...featuredTagKeys.all, 'randomize'] as const,
  spaceCount: (id: string) => [...featuredTagKeys.all, 'space-count', id] as const,
};

/** Query keys of tags (the picker's search); invalidate `all` after creating a tag. */
export const tagKeys = {
  all: ['admin', 'tags'] as const,
  search: (text: string) => [...tagKeys.all, 'search', text] as const,
  /** The picker's options (tags not chosen yet): its own key, since its data is a list, not a page. */
  picker: (text: string) => [...tagKeys.all, 'picker', text] as const,
};
