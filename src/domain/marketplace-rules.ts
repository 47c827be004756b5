/**
 * Plain rules of the app marketplace (issue 13): vocabularies, texts, limits and page paths. No zod
 * here, so islands can import them without shipping the schemas (those live in `marketplace.ts`).
 * Routes and decisions: src/server/modules/marketplace/CONTRACT.md.
 */

/** The industries an app serves: id (used in URLs and filters) → English label. */
export const INDUSTRIES = {
  'real-estate': 'Real estate',
  'short-term-rentals': 'Short-term rentals',
  'insurance-restoration': 'Insurance & restoration',
  'facilities-management': 'Facilities management',
  'architecture-construction': 'Architecture & construction',
  'retail-hospitality': 'Retail & hospitality',
} as const;
/** An industry id. */
export type IndustryId = keyof typeof INDUSTRIES;
/** Every industry id, in display order. */
export const INDUSTRY_IDS = Object.keys(INDUSTRIES) as [IndustryId, ...IndustryId[]];

/** The features an app offers: id (used in URLs and filters) → English label. */
export const FEATURES = {
  'floor-plans': 'Floor plans',
  measurements: 'Measurements',
  'property-listing': 'Property listing',
  booking: 'Booking',
  claims: 'Claims',
  'work-orders': 'Work orders',
  analytics: 'Analytics',
  embeds: 'Embeds',
  'virtual-staging': 'Virtual staging',
  'asset-tagging': 'Asset tagging',
} as const;
/** A feature id. */
export type FeatureId = keyof typeof FEATURES;
/** Every feature id, in display order. */
export const FEATURE_IDS = Object.keys(FEATURES) as [FeatureId, ...FeatureId[]];

/** Where an app runs: inside the product, or on the partner's site (the page shows a redirect notice before leaving). */
export const HOSTINGS = ['INSIDE', 'OUTSIDE'] as const;
/** @see HOSTINGS */
export type Hosting = (typeof HOSTINGS)[number];

/**
 * Where a lead's hand-over stands: SENT = stored and queued for the partner; DELIVERED = the
 * partner's endpoint or inbox took it; FAILED = every channel gave up after 24 hours of retries.
 */
export const LEAD_STATUSES = ['SENT', 'DELIVERED', 'FAILED'] as const;
/** @see LEAD_STATUSES */
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Texts the product shows (spec 4 and 6 quote the first three exactly). */
export const MARKETPLACE_TEXT = {
  sending: 'Sending Information to Partner',
  requested: 'Access Requested',
  noSpaces: 'You are not authorized to access any Spaces.',
  signInToAdd: 'Sign in to Add',
} as const;

/** Field messages of the request form (ours; the phone ones are the spec's, shared with the ordering flow). */
export const LEAD_MSG = {
  spaces: 'Choose at least one space.',
  name: 'Please enter your name.',
  email: 'Enter an email address like name@example.com.',
  phone: 'Please enter Phone',
  phoneNotValid: 'Not a valid phone number',
  phoneInvalidForCountry: 'Enter a valid Phone',
  consent: 'Please agree to share your details with the partner.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
} as const;

/** Limits of the request form. */
export const LEAD_LIMITS = { name: 100, company: 120, message: 2000, email: 320, phone: 40, spaces: 50 } as const;

/** Rate limits of lead requests: per user and app, and per user over all apps. */
export const LEAD_RATE = { perAppPerHour: 3, perUserPerDay: 20 } as const;

/** Page paths of the marketplace without base and locale prefix (the form `page-dependencies.ts` uses). */
export const marketplacePath = {
  landing: () => '/marketplace/',
  app: (slug: string) => `/marketplace/app/${slug}`,
  collection: (slug: string) => `/marketplace/collection/${slug}`,
} as const;

/** Content-event entity types of marketplace changes (content.changed `data.entityType`). */
export const MARKETPLACE_EVENT = {
  app: 'MARKETPLACE_APP',
  partner: 'MARKETPLACE_PARTNER',
  collection: 'MARKETPLACE_COLLECTION',
} as const;

/** The host an outside app's link leaves to (for the redirect notice), or null when the URL is not http(s). */
export function destinationHost(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host : null;
  } catch {
    return null;
  }
}
