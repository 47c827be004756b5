import { z } from 'zod';
import { EMAIL_PATTERN } from './auth-inputs.ts';
import { FEATURE_IDS, HOSTINGS, INDUSTRY_IDS, LEAD_LIMITS, LEAD_MSG, LEAD_STATUSES } from './marketplace-rules.ts';
import { pageOf, PageQuery } from './page.ts';
import { phoneIssue } from './phone-rules.ts';
import { DeliveryStatus, PUBLIC_WEBHOOK_URL_NOTE, WebhookSecret, WebhookUrl } from './webhooks.ts';

/**
 * Shapes of the app marketplace API, `/api/marketplace/**` and `/admin/api/marketplace/**` (issue
 * 13; the spec shows no calls, these are ours). The same schemas validate requests on the server,
 * generate the OpenAPI document (named `Marketplace*`) and drive the islands' and console's forms.
 * Routes, errors and decisions: src/server/modules/marketplace/CONTRACT.md; plain rules: marketplace-rules.ts.
 */

const Instant = z.string().meta({ description: 'ISO 8601 instant (UTC)', example: '2026-11-23T09:30:00.000Z' });
const text = (max: number) => z.string().trim().max(max, LEAD_MSG.tooLong(max));
/** A URL-safe slug: lower-case letters, digits and single dashes. */
export const MarketplaceSlug = z
  .string()
  .trim()
  .min(1, 'Enter a slug.')
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes.');
const HttpUrl = z.url({ protocol: /^https?$/, error: 'Enter an http:// or https:// URL.' }).max(2000);

// ---------------------------------------------------------------- vocabularies

/** An industry id (`real-estate`, …; see INDUSTRIES). */
export const IndustryId = z.enum(INDUSTRY_IDS).meta({ id: 'MarketplaceIndustryId' });
/** A feature id (`floor-plans`, …; see FEATURES). */
export const FeatureId = z.enum(FEATURE_IDS).meta({ id: 'MarketplaceFeatureId' });
/** INSIDE: runs in the product; OUTSIDE: on the partner's site (redirect notice first). */
export const Hosting = z.enum(HOSTINGS).meta({ id: 'MarketplaceHosting' });

/** One industry or feature with its English label and how many active apps have it. */
export const VocabularyTerm = z.object({ id: z.string(), label: z.string(), appCount: z.number().int() }).meta({ id: 'MarketplaceTerm' });
/** @see VocabularyTerm */
export type VocabularyTerm = z.infer<typeof VocabularyTerm>;

/** Answer of GET /api/marketplace/vocabularies/: the filter terms in display order. */
export const Vocabularies = z.object({ industries: z.array(VocabularyTerm), features: z.array(VocabularyTerm) }).meta({ id: 'MarketplaceVocabularies' });
/** @see Vocabularies */
export type Vocabularies = z.infer<typeof Vocabularies>;

// ---------------------------------------------------------------- images and links

/** A picture served under /media: `url` is the large rendition, `thumbnail` the small one (WebP). */
export const MarketplaceImage = z
  .object({
    id: z.string(),
    url: z.string().meta({ example: '/media/marketplace/app-floorplanner-1/1280.webp' }),
    thumbnail: z.string().meta({ example: '/media/marketplace/app-floorplanner-1/640.webp' }),
    width: z.number().int(),
    height: z.number().int(),
    alt: z.string(),
  })
  .meta({ id: 'MarketplaceImage' });
/** @see MarketplaceImage */
export type MarketplaceImage = z.infer<typeof MarketplaceImage>;

/** A document, download or resource: a title and where it is (PDF: a PDF file; LINK: a web page). */
export const MarketplaceLink = z
  .object({
    title: z.string().trim().min(1, 'Enter a title.').max(120),
    url: HttpUrl,
    kind: z.enum(['PDF', 'LINK']).default('LINK'),
  })
  .meta({ id: 'MarketplaceLink' });
/** @see MarketplaceLink */
export type MarketplaceLink = z.infer<typeof MarketplaceLink>;

/** How to get help with an app: at least one of the two. */
export const MarketplaceSupport = z.object({ email: z.string().nullable(), url: z.string().nullable() }).meta({ id: 'MarketplaceSupport' });
/** @see MarketplaceSupport */
export type MarketplaceSupport = z.infer<typeof MarketplaceSupport>;

// ---------------------------------------------------------------- public reads

/** The partner behind an app, as the public sees it (no endpoint, secret or contact). */
export const PartnerRef = z
  .object({ id: z.string(), slug: z.string(), name: z.string(), logo: z.union([MarketplaceImage, z.null()]), website: z.string().nullable() })
  .meta({ id: 'MarketplacePartnerRef' });
/** @see PartnerRef */
export type PartnerRef = z.infer<typeof PartnerRef>;

/** A collection an app is in (name and where its page is). */
export const CollectionRef = z.object({ id: z.string(), slug: z.string(), name: z.string() }).meta({ id: 'MarketplaceCollectionRef' });
/** @see CollectionRef */
export type CollectionRef = z.infer<typeof CollectionRef>;

/** An app on a card (landing, collection, filters). */
export const AppCard = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    summary: z.string(),
    partner: PartnerRef,
    industries: z.array(IndustryId),
    features: z.array(FeatureId),
    beta: z.boolean(),
    hosting: Hosting,
    /** The first screenshot (card picture), or null. */
    cover: z.union([MarketplaceImage, z.null()]),
    updatedAt: Instant,
  })
  .meta({ id: 'MarketplaceAppCard' });
/** @see AppCard */
export type AppCard = z.infer<typeof AppCard>;

/** An app's detail page. */
export const App = AppCard.extend({
  /** Plain text with limited Markdown: paragraphs, `- ` lists, **bold**, *italic*, [text](https://…). Never HTML: render it escaped. */
  description: z.string(),
  /** The partner's page for the app; for OUTSIDE apps where the app runs (show the redirect notice before leaving). */
  website: z.string().nullable(),
  support: MarketplaceSupport,
  documents: z.array(MarketplaceLink),
  downloads: z.array(MarketplaceLink),
  resources: z.array(MarketplaceLink),
  screenshots: z.array(MarketplaceImage),
  collections: z.array(CollectionRef),
}).meta({ id: 'MarketplaceApp' });
/** @see App */
export type App = z.infer<typeof App>;

/** Filters of GET /api/marketplace/apps/: any of the industries, every feature, every word of q, the collection (all combined). */
export const AppQuery = z
  .object({
    industry: z.union([IndustryId, z.array(IndustryId)]).optional(),
    feature: z.union([FeatureId, z.array(FeatureId)]).optional(),
    q: z.string().trim().max(200).optional(),
    collection: z.string().trim().max(80).optional(),
    ...PageQuery.pick({ offset: true, limit: true }).shape,
  })
  .meta({ id: 'MarketplaceAppQuery' });
/** @see AppQuery */
export type AppQuery = z.infer<typeof AppQuery>;

/** A page of app cards. */
export const AppPage = pageOf(AppCard, 'MarketplaceAppPage');
/** @see AppPage */
export type AppPage = z.infer<typeof AppPage>;

/** A collection of apps with its apps in order (public: active apps only). */
export const AppCollection = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    featured: z.boolean(),
    apps: z.array(AppCard),
    updatedAt: Instant,
  })
  .meta({ id: 'MarketplaceCollection' });
/** @see AppCollection */
export type AppCollection = z.infer<typeof AppCollection>;

/** Answer of GET /api/marketplace/collections/: active collections in order, featured ones first. */
export const AppCollectionList = z.object({ collections: z.array(AppCollection) }).meta({ id: 'MarketplaceCollectionList' });
/** @see AppCollectionList */
export type AppCollectionList = z.infer<typeof AppCollectionList>;

// ---------------------------------------------------------------- signed in: spaces and leads

/** A space the user may request access for (their own, or an organization's they are an OWNER of). */
export const AuthorizedSpace = z
  .object({
    id: z.string(),
    modelId: z.string(),
    name: z.string(),
    visibility: z.string(),
    thumbnail: z.string(),
    account: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'MarketplaceAuthorizedSpace' });
/** @see AuthorizedSpace */
export type AuthorizedSpace = z.infer<typeof AuthorizedSpace>;

/** Query of GET /api/marketplace/spaces/: `q` searches name (and model id); paged. */
export const AuthorizedSpaceQuery = z.object({ q: z.string().trim().max(200).optional(), ...PageQuery.pick({ offset: true, limit: true }).shape });
/** @see AuthorizedSpaceQuery */
export type AuthorizedSpaceQuery = z.infer<typeof AuthorizedSpaceQuery>;

/** A page of authorized spaces; empty for a user with none ('You are not authorized to access any Spaces.'). */
export const AuthorizedSpacePage = pageOf(AuthorizedSpace, 'MarketplaceAuthorizedSpacePage');
/** @see AuthorizedSpacePage */
export type AuthorizedSpacePage = z.infer<typeof AuthorizedSpacePage>;

/** The request form (POST /api/marketplace/apps/{slug}/leads/). */
export const LeadInput = z
  .object({
    spaceIds: z.array(z.string().max(100)).min(1, LEAD_MSG.spaces).max(LEAD_LIMITS.spaces),
    name: z.string().trim().min(1, LEAD_MSG.name).max(LEAD_LIMITS.name, LEAD_MSG.tooLong(LEAD_LIMITS.name)),
    email: z.string().trim().min(1, LEAD_MSG.email).max(LEAD_LIMITS.email, LEAD_MSG.email).regex(EMAIL_PATTERN, LEAD_MSG.email),
    company: text(LEAD_LIMITS.company).default(''),
    /** As typed; with a leading + any country, else read in `phoneCountry`. Stored as E.164. */
    phone: z.string().max(LEAD_LIMITS.phone, LEAD_MSG.phoneNotValid),
    /** ISO 3166-1 alpha-2 country a phone without + is read in (default US). */
    phoneCountry: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((v) => v.toUpperCase())
      .default('US'),
    message: text(LEAD_LIMITS.message).default(''),
    consent: z.boolean().refine((v) => v, LEAD_MSG.consent),
  })
  .superRefine((v, ctx) => {
    const issue = phoneIssue(v.phone, v.phoneCountry);
    if (issue) ctx.addIssue({ code: 'custom', path: ['phone'], message: issue });
  })
  .meta({ id: 'MarketplaceLeadInput' });
/** @see LeadInput */
export type LeadInput = z.input<typeof LeadInput>;

/** Lead status: SENT (stored and queued for the partner), DELIVERED, FAILED. */
export const LeadStatus = z.enum(LEAD_STATUSES).meta({ id: 'MarketplaceLeadStatus' });

/** What the requester gets back, and what GET …/leads/ lists: enough for 'Access Requested'. */
export const LeadReceipt = z
  .object({
    id: z.string(),
    appSlug: z.string(),
    spaceIds: z.array(z.string()),
    status: LeadStatus,
    createdAt: Instant,
  })
  .meta({ id: 'MarketplaceLeadReceipt' });
/** @see LeadReceipt */
export type LeadReceipt = z.infer<typeof LeadReceipt>;

/** Answer of GET /api/marketplace/apps/{slug}/leads/: the caller's requests for the app, newest first. */
export const MyLeads = z.object({ requested: z.boolean(), leads: z.array(LeadReceipt) }).meta({ id: 'MarketplaceMyLeads' });
/** @see MyLeads */
export type MyLeads = z.infer<typeof MyLeads>;

/** The webhook body a partner receives (`type: 'lead.created'`), Standard Webhooks signed with the partner's secret. */
export const LeadWebhookPayload = z
  .object({
    type: z.literal('lead.created'),
    id: z.string().meta({ description: 'The lead id' }),
    timestamp: Instant,
    data: z.object({
      leadId: z.string(),
      app: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
      partner: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
      spaces: z.array(z.object({ id: z.string(), modelId: z.string(), name: z.string(), url: z.string() })),
      contact: z.object({ name: z.string(), email: z.string(), company: z.string(), phone: z.string(), message: z.string() }),
      consent: z.literal(true),
      createdAt: Instant,
    }),
  })
  .meta({ id: 'MarketplaceLeadWebhook' });
/** @see LeadWebhookPayload */
export type LeadWebhookPayload = z.infer<typeof LeadWebhookPayload>;

// ---------------------------------------------------------------- administration

/** What an admin upload is for: LOGO (square, 96 and 256 px) or SCREENSHOT (16:10, 640 and 1280 px). */
export const MarketplaceMediaKind = z.enum(['LOGO', 'SCREENSHOT']).meta({ id: 'MarketplaceMediaKind' });

/** An image reference in admin inputs: an uploaded (or generated) media id and its alt text. */
export const ImageRefInput = z.object({ id: z.string().min(1).max(100), alt: z.string().trim().max(200).default('') });

/** What an administrator sends to create or replace a partner (PUT replaces every field but the secret). */
export const PartnerInput = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(100),
    slug: MarketplaceSlug,
    logo: ImageRefInput.nullable().default(null),
    website: HttpUrl.nullable().default(null),
    contactEmail: z.string().trim().max(320).regex(EMAIL_PATTERN, LEAD_MSG.email),
    /** Where leads are posted (Standard Webhooks); null: leads go by email only. */
    leadEndpointUrl: WebhookUrl.meta({ example: 'https://partner.example.com/leads', description: PUBLIC_WEBHOOK_URL_NOTE }).nullable().default(null),
    /** Optional on create (the server makes one); ignored on PUT (use rotate-secret). */
    leadSecret: WebhookSecret.optional(),
    isActive: z.boolean().default(true),
  })
  .meta({ id: 'MarketplacePartnerInput' });
/** @see PartnerInput */
export type PartnerInput = z.input<typeof PartnerInput>;

/** A partner as administrators see it (never the secret). */
export const AdminPartner = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    logo: z.union([MarketplaceImage, z.null()]),
    website: z.string().nullable(),
    contactEmail: z.string(),
    leadEndpointUrl: z.string().nullable(),
    isActive: z.boolean(),
    position: z.number().int(),
    appCount: z.number().int(),
    createdAt: Instant,
    updatedAt: Instant,
  })
  .meta({ id: 'MarketplaceAdminPartner' });
/** @see AdminPartner */
export type AdminPartner = z.infer<typeof AdminPartner>;

/** A partner just created or with a rotated secret: the signing secret, shown this once. */
export const PartnerWithSecret = AdminPartner.extend({ leadSecret: WebhookSecret }).meta({ id: 'MarketplacePartnerWithSecret' });
/** @see PartnerWithSecret */
export type PartnerWithSecret = z.infer<typeof PartnerWithSecret>;

/** What an administrator sends to create or replace an app. */
export const AppInput = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(100),
    slug: MarketplaceSlug,
    partnerId: z.string().min(1, 'Choose a partner.').max(100),
    summary: z.string().trim().min(1, 'Enter a summary.').max(200),
    description: z.string().trim().max(10_000).default(''),
    industries: z.array(IndustryId).max(INDUSTRY_IDS.length).default([]),
    features: z.array(FeatureId).max(FEATURE_IDS.length).default([]),
    beta: z.boolean().default(false),
    hosting: Hosting.default('INSIDE'),
    website: HttpUrl.nullable().default(null),
    supportEmail: z.string().trim().max(320).regex(EMAIL_PATTERN, LEAD_MSG.email).nullable().default(null),
    supportUrl: HttpUrl.nullable().default(null),
    documents: z.array(MarketplaceLink).max(20).default([]),
    downloads: z.array(MarketplaceLink).max(20).default([]),
    resources: z.array(MarketplaceLink).max(20).default([]),
    screenshots: z.array(ImageRefInput).max(8).default([]),
    /** Collections the app is in (appended at their end when new). */
    collectionIds: z.array(z.string().max(100)).max(50).default([]),
    isActive: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.hosting === 'OUTSIDE' && !v.website) ctx.addIssue({ code: 'custom', path: ['website'], message: 'An app hosted outside needs its website.' });
  })
  .meta({ id: 'MarketplaceAppInput' });
/** @see AppInput */
export type AppInput = z.input<typeof AppInput>;

/** An app as administrators see it: the public detail plus its state and the partner's id. */
export const AdminApp = App.extend({
  partnerId: z.string(),
  isActive: z.boolean(),
  position: z.number().int(),
  leadCount: z.number().int(),
  createdAt: Instant,
}).meta({ id: 'MarketplaceAdminApp' });
/** @see AdminApp */
export type AdminApp = z.infer<typeof AdminApp>;

/** What an administrator sends to create or replace an app collection. */
export const CollectionInput = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(100),
    slug: MarketplaceSlug,
    description: z.string().trim().max(2000).default(''),
    /** App ids in display order. */
    appIds: z.array(z.string().max(100)).max(200).default([]),
    featured: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .meta({ id: 'MarketplaceCollectionInput' });
/** @see CollectionInput */
export type CollectionInput = z.input<typeof CollectionInput>;

/** A collection as administrators see it (apps of any state, in order). */
export const AdminCollection = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    featured: z.boolean(),
    isActive: z.boolean(),
    position: z.number().int(),
    apps: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), isActive: z.boolean() })),
    createdAt: Instant,
    updatedAt: Instant,
  })
  .meta({ id: 'MarketplaceAdminCollection' });
/** @see AdminCollection */
export type AdminCollection = z.infer<typeof AdminCollection>;

/** Body of PUT …/activate/: set `active` on every listed id (all or nothing). */
export const ActivateInput = z.object({ ids: z.array(z.string().max(100)).min(1).max(500), active: z.boolean() }).meta({ id: 'MarketplaceActivateInput' });
/** @see ActivateInput */
export type ActivateInput = z.infer<typeof ActivateInput>;

/** Body of PATCH …/{id}/reorder/: the 0-based place in the display order. */
export const ReorderInput = z.object({ position: z.number().int().min(0) }).meta({ id: 'MarketplaceReorderInput' });
/** @see ReorderInput */
export type ReorderInput = z.infer<typeof ReorderInput>;

/** Admin list query: text over name and slug, inactive ones included unless `includeInactive=false`. */
export const AdminListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  includeInactive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  partnerId: z.string().max(100).optional(),
});

/** The hand-over of one lead through one channel (an outbox message). */
export const LeadDelivery = z
  .object({
    messageId: z.string(),
    channel: z.enum(['WEBHOOK', 'EMAIL']),
    target: z.string(),
    status: DeliveryStatus,
    attempts: z.number().int(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'MarketplaceLeadDelivery' });
/** @see LeadDelivery */
export type LeadDelivery = z.infer<typeof LeadDelivery>;

/** A lead as administrators see it, with its delivery state. */
export const AdminLead = z
  .object({
    id: z.string(),
    status: LeadStatus,
    app: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
    partner: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
    user: z.object({ id: z.string(), email: z.string() }),
    spaces: z.array(z.object({ id: z.string(), name: z.string() })),
    name: z.string(),
    email: z.string(),
    company: z.string(),
    phone: z.string().meta({ description: 'E.164' }),
    message: z.string(),
    consent: z.boolean(),
    createdAt: Instant,
    deliveries: z.array(LeadDelivery),
  })
  .meta({ id: 'MarketplaceAdminLead' });
/** @see AdminLead */
export type AdminLead = z.infer<typeof AdminLead>;

/** Filters of GET /admin/api/marketplace/leads/ (newest first, 50 a page). */
export const AdminLeadQuery = z.object({
  appId: z.string().max(100).optional(),
  partnerId: z.string().max(100).optional(),
  status: LeadStatus.optional(),
  ...PageQuery.pick({ offset: true, limit: true, page: true }).shape,
});
/** @see AdminLeadQuery */
export type AdminLeadQuery = z.infer<typeof AdminLeadQuery>;

/** A page of leads. */
export const AdminLeadPage = pageOf(AdminLead, 'MarketplaceAdminLeadPage');
/** @see AdminLeadPage */
export type AdminLeadPage = z.infer<typeof AdminLeadPage>;
