/** Marketplace apps, partners and app collections (their admin changes are audited and published under these). */
export type MarketplaceContentType = 'MARKETPLACE_APP' | 'MARKETPLACE_PARTNER' | 'MARKETPLACE_COLLECTION';

/**
 * Kinds of public content a content-change event names (`content_events.type`, a content webhook's
 * `entityType`); the publisher rebuilds what they touch.
 */
export type ContentType = 'SPACE' | 'COLLECTION' | 'ACCOUNT' | 'USER' | 'BANNER' | 'CAROUSEL_ITEM' | 'FEATURED_TAG' | 'SETTING' | MarketplaceContentType;
