/**
 * Console paths, relative to the router's basename `/admin` (spec 2, "Admin routes"). Links and
 * `navigate()` take these; the browser shows them under /admin.
 */
export const PATHS = {
  featuredTags: '/featured-tags',
  featuredTagCreate: '/featured-tags/create',
  featuredTag: (id: string) => `/featured-tags/${encodeURIComponent(id)}`,
  collections: '/collections',
  collectionCreate: '/collections/create',
  collectionAdd: '/collections/add',
  collection: (id: string) => `/collections/${encodeURIComponent(id)}`,
  carousel: '/carousel',
  carouselCreate: '/carousel/create',
  carouselItem: (id: string) => `/carousel/${encodeURIComponent(id)}`,
  spaces: '/spaces',
  space: (id: string) => `/spaces/${encodeURIComponent(id)}`,
  banner: '/banner',
  auditLog: '/audit-log',
  searchInsights: '/search-insights',
  moderation: '/moderation',
  accounts: '/accounts',
  accountInsight: (id: string) => `/accounts/${encodeURIComponent(id)}/insight`,
  submissions: '/submissions',
  marketplace: '/marketplace',
  marketplaceApps: '/marketplace/apps',
  marketplaceAppCreate: '/marketplace/apps/create',
  marketplaceApp: (id: string) => `/marketplace/apps/${encodeURIComponent(id)}`,
  marketplacePartners: '/marketplace/partners',
  marketplacePartnerCreate: '/marketplace/partners/create',
  marketplacePartner: (id: string) => `/marketplace/partners/${encodeURIComponent(id)}`,
  marketplaceCollections: '/marketplace/collections',
  marketplaceCollectionCreate: '/marketplace/collections/create',
  marketplaceCollection: (id: string) => `/marketplace/collections/${encodeURIComponent(id)}`,
  marketplaceLeads: '/marketplace/leads',
  jobs: '/jobs',
  orders: '/orders',
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  technicians: '/technicians',
  technician: (id: string) => `/technicians/${encodeURIComponent(id)}`,
} as const;

/** The router's basename: where the console lives. */
export const ADMIN_BASE = '/admin';
