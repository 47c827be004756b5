/** Query keys of the Marketplace screens: invalidate `all` after any marketplace change. */
export const marketplaceKeys = {
  all: ['admin', 'marketplace'] as const,
  apps: () => [...marketplaceKeys.all, 'apps'] as const,
  app: (id: string) => [...marketplaceKeys.all, 'app', id] as const,
  partners: () => [...marketplaceKeys.all, 'partners'] as const,
  partner: (id: string) => [...marketplaceKeys.all, 'partner', id] as const,
  collections: () => [...marketplaceKeys.all, 'collections'] as const,
  collection: (id: string) => [...marketplaceKeys.all, 'collection', id] as const,
  leads: (status: string, offset: number) => [...marketplaceKeys.all, 'leads', status, offset] as const,
};

/** The keys of one ordered marketplace list (apps, partners or collections), for its optimistic updates. */
export const marketplaceListKeys = (resource: 'apps' | 'partners' | 'collections') => ({
  all: marketplaceKeys.all,
  list: () => (resource === 'apps' ? marketplaceKeys.apps() : resource === 'partners' ? marketplaceKeys.partners() : marketplaceKeys.collections()),
});
