import { z } from 'zod';
import { CameraKind } from './cameras.ts';
import { CollectionType } from './collection.ts';
import { CarouselItemType, EntityStatus, ItemType, SpaceType, Visibility } from './enums.ts';
import { HexColor } from './homepage.ts';
import { translationsOf } from './locale-texts.ts';
import { FEATURE_FLAGS, type FeatureFlag } from './session.ts';
import { MAX_DESCRIPTION, MAX_NAME, MAX_URL } from './user-rules.ts';
import { MAX_SEARCH_TEXT } from './search.ts';
import { linkHref, MODEL_ID_RE, slugify } from './urls.ts';

/**
 * Bodies of the /admin/api calls (spec 7). The spec names some of them (spaceInput, spaceSlugInput,
 * tagInput, importAllFilter, spacesImportDto, adminSpaceSearchDto) without their fields; the
 * fields here are ours. No schema transforms: handlers normalise (upper-case colours, ISO dates,
 * https:// links) so the OpenAPI document shows exactly what a client sends.
 */

/** Longest banner text (spec 5 lists 320 among its length constants). */
export const MAX_BANNER_TEXT = 320;
/** Longest space name an admin or a feed may set. */
export const MAX_SPACE_NAME = 120;
/** Longest space summary. */
export const MAX_SPACE_SUMMARY = 500;
/** Longest space description. */
export const MAX_SPACE_DESCRIPTION = 10_000;
/** Longest tag name. */
export const MAX_TAG = 50;
/** Longest slug (the slugify rule cuts at 80). */
export const MAX_SLUG = 80;
/** Most ids one bulk call takes. */
export const MAX_BULK = 500;
/** Most items one import call takes. */
export const MAX_IMPORT = 1000;

const Id = z.string().trim().min(1).max(200);
const text = (max: number) => z.string().trim().max(max);

/** An ISO-8601 date (`2030-01-31`, midnight UTC) or date-time with offset. */
export const IsoDate = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .meta({ description: 'ISO-8601 date or date-time, e.g. 2030-01-31 or 2030-01-31T18:00:00Z', example: '2030-01-31T00:00:00.000Z' });

/** A stored timestamp of an ISO date input: `toISOString()` form, so text comparison orders it. */
export const toStoredDate = (value: string): string => new Date(value).toISOString();

/** The end of the day a date-only `to` bound names; a date-time bound is taken as given. */
export const endOfDay = (value: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(value) + 86_400_000 - 1).toISOString() : toStoredDate(value);

/** Whether a link is one a banner may carry: a site path, or an http(s) URL once https:// is prepended (spec 5); never `/\host`. */
export const isBannerLink = (value: string): boolean => linkHref(value) !== undefined;

/** Where a URL slide may link: a site path (`/discover/…`) or an http(s) URL. */
export const isSlideLink = (value: string): boolean => linkHref(value) !== undefined;

/** Normalises a slide or banner link: site paths stay, anything else gets https:// when it has no scheme. */
export const normaliseLink = (value: string): string => linkHref(value) ?? value;

// ---------------------------------------------------------------------------------------------
// Shared bulk shapes

/** Body of every bulk DELETE: the ids to delete. All or nothing: one unknown id answers 404 and nothing changes. */
export const IdList = z.array(Id).min(1).max(MAX_BULK).meta({ id: 'IdList', description: 'Ids of the items; all must exist' });
/** @see IdList */
export type IdList = z.infer<typeof IdList>;

/** Body of PUT …/activate/: set the active flag of every listed item (spec 4: admins set it in bulk). */
export const ActivateInput = z.object({ active: z.boolean(), list: IdList }).meta({ id: 'ActivateInput' });
/** @see ActivateInput */
export type ActivateInput = z.infer<typeof ActivateInput>;

/** Body of PATCH …/{id}/reorder/ of carousel slides and featured tags: the 0-based place in display order to move the item to. */
export const PositionInput = z
  .object({ position: z.number().int().min(0).max(100_000).meta({ description: '0 is first; a position past the end moves it last' }) })
  .meta({ id: 'PositionInput' });
/** @see PositionInput */
export type PositionInput = z.infer<typeof PositionInput>;

/** Body of the status calls of accounts and users: one id or a list, and the new status. */
export const StatusInput = z
  .object({ id: Id.optional(), ids: IdList.optional(), status: EntityStatus })
  .refine((v) => v.id !== undefined || v.ids !== undefined, { message: 'Give id or ids', path: ['ids'] })
  .meta({ id: 'StatusInput' });
/** @see StatusInput */
export type StatusInput = z.infer<typeof StatusInput>;

// ---------------------------------------------------------------------------------------------
// Accounts and audit

/** Body of POST /admin/api/account/search/. */
export const AccountSearchInput = z
  .object({
    searchText: text(MAX_SEARCH_TEXT).optional().meta({ description: 'Part of the name, sid or id, any case' }),
    idsToExclude: z.array(Id).max(MAX_IMPORT).optional(),
    status: EntityStatus.optional().meta({ description: 'Only accounts with this status' }),
  })
  .meta({ id: 'AccountSearchInput' });
/** @see AccountSearchInput */
export type AccountSearchInput = z.infer<typeof AccountSearchInput>;

/** One organization of an account feed; matched on `sid`. */
export const AccountImportItem = z
  .object({
    sid: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _'),
    name: z.string().trim().min(1).max(MAX_SPACE_NAME),
    status: EntityStatus.optional(),
    description: text(MAX_DESCRIPTION).nullable().optional(),
    url: z
      .string()
      .trim()
      .max(MAX_URL)
      .nullable()
      .optional()
      .refine((v) => !v || isBannerLink(v), 'Use an http(s) link'),
    locationDescription: text(MAX_URL).nullable().optional(),
    visibility: Visibility.optional(),
  })
  .meta({ id: 'AccountImportItem' });
/** @see AccountImportItem */
export type AccountImportItem = z.infer<typeof AccountImportItem>;

/** Body of POST /admin/api/account/importAll/: organizations to create or update by sid. */
export const AccountsImportDto = z.object({ accounts: z.array(AccountImportItem).min(1).max(MAX_IMPORT) }).meta({ id: 'AccountsImportDto' });
/** @see AccountsImportDto */
export type AccountsImportDto = z.infer<typeof AccountsImportDto>;

/** Body of POST /admin/api/audit/. */
export const AuditSearchInput = z
  .object({
    adminOnly: z.boolean().default(false).meta({ description: 'Only changes made through the admin API' }),
    from: IsoDate.optional().meta({ description: 'Entries on or after this moment' }),
    to: IsoDate.optional().meta({ description: 'Entries on or before this moment (a date means the whole day)' }),
    reversed: z.boolean().default(false).meta({ description: 'Oldest first (default newest first)' }),
    searchText: text(MAX_SEARCH_TEXT).optional().meta({ description: 'Part of the action, type, user or values' }),
  })
  .meta({ id: 'AuditSearchInput' });
/** @see AuditSearchInput */
export type AuditSearchInput = z.infer<typeof AuditSearchInput>;

// ---------------------------------------------------------------------------------------------
// Homepage content

/** Body of POST and PUT /admin/api/banner/. */
export const BannerInput = z
  .object({
    text: text(MAX_BANNER_TEXT).default('').meta({ description: 'The English text; empty text hides the banner on the site' }),
    translations: translationsOf({ text: text(MAX_BANNER_TEXT) })
      .optional()
      .meta({ description: 'Texts per locale (en_GB, de, fr…), each optional: a missing one shows the English text. Left out, the stored ones stay' }),
    color: HexColor.meta({ example: 'FFBB00' }),
    expirationDate: IsoDate.nullable().optional().meta({ description: 'The banner leaves the public list at this moment (a date means midnight UTC)' }),
    hyperlink: z
      .string()
      .trim()
      .max(MAX_URL)
      .nullable()
      .optional()
      .refine((v) => !v || isBannerLink(v), 'Use an http(s) link')
      .meta({ description: 'https:// is prepended when it has no scheme; other schemes are refused' }),
    isActive: z.boolean().default(true),
    isHideable: z.boolean().default(true),
  })
  .meta({ id: 'BannerInput' });
/** @see BannerInput */
export type BannerInput = z.infer<typeof BannerInput>;

/** Body of POST and PUT /admin/api/fci/: a carousel slide pointing at a space, a collection or a URL. */
export const CarouselItemInput = z
  .object({
    description: text(MAX_URL).nullable().optional(),
    translations: translationsOf({ description: text(MAX_URL) })
      .optional()
      .meta({ description: 'Texts per locale (en_GB, de, fr…), each optional: a missing one shows the English text. Left out, the stored ones stay' }),
    isActive: z.boolean().default(true),
    item: z.object({
      id: Id.nullable().optional().meta({ description: 'Space (id, modelId or slug) or collection (id or sid); required for SPACE and COLLECTION' }),
      url: z.string().trim().max(MAX_URL).nullable().optional().meta({ description: 'Site path or http(s) URL; required for URL' }),
    }),
    type: CarouselItemType,
  })
  .superRefine((v, ctx) => {
    if (v.type === 'URL') {
      if (!v.item.url) ctx.addIssue({ code: 'custom', path: ['item', 'url'], message: 'A URL slide needs item.url' });
      else if (!isSlideLink(v.item.url)) ctx.addIssue({ code: 'custom', path: ['item', 'url'], message: 'Use a site path or an http(s) link' });
    } else if (!v.item.id) {
      ctx.addIssue({ code: 'custom', path: ['item', 'id'], message: `A ${v.type} slide needs item.id` });
    }
  })
  .meta({ id: 'CarouselItemInput' });
/** @see CarouselItemInput */
export type CarouselItemInput = z.infer<typeof CarouselItemInput>;

/** Body of POST and PUT /admin/api/featuredTag/: a homepage tab grouping existing tags. */
export const FeaturedTagInput = z
  .object({
    isActive: z.boolean().default(true),
    name: z.string().trim().min(1).max(MAX_NAME),
    translations: translationsOf({ name: text(MAX_NAME) })
      .optional()
      .meta({ description: 'Texts per locale (en_GB, de, fr…), each optional: a missing one shows the English text. Left out, the stored ones stay' }),
    tags: z.array(z.string().trim().min(1).max(MAX_TAG)).min(1).max(50).meta({ description: 'Names of existing tags (any case)' }),
  })
  .meta({ id: 'FeaturedTagInput' });
/** @see FeaturedTagInput */
export type FeaturedTagInput = z.infer<typeof FeaturedTagInput>;

// ---------------------------------------------------------------------------------------------
// Collections

/** A child of a collection as an admin sets it: a space (id, modelId or slug) or a collection (id or sid), with its place. */
export const CollectionChildInput = z.object({ id: Id, order: z.number().int().min(0).max(100_000).optional() }).meta({ id: 'CollectionChildInput' });

const collectionFields = {
  name: z.string().trim().min(1).max(MAX_NAME),
  description: text(MAX_DESCRIPTION).nullable().optional(),
  translations: translationsOf({ name: text(MAX_NAME), description: text(MAX_DESCRIPTION) })
    .optional()
    .meta({
      description: 'Name and description per locale (en_GB, de, fr…), each optional: a missing one shows the English text. Left out, the stored ones stay',
    }),
  type: CollectionType.optional().meta({ description: 'SPACE (default) or COLLECTION: what the children are' }),
  isActive: z.boolean().optional(),
  metaTitle: text(70).nullable().optional(),
  metaDescription: text(MAX_URL).nullable().optional(),
  priority: z.number().int().min(-1_000_000).max(1_000_000).optional().meta({ description: 'Featured lists show higher first' }),
  children: z
    .array(CollectionChildInput)
    .max(MAX_BULK)
    .optional()
    .meta({ description: 'The children, replacing the current ones; sorted by order, then as listed' }),
};

/** Body of POST and PUT /admin/api/collection/ (PUT replaces every field; missing ones take their defaults). */
export const CollectionInput = z.object(collectionFields).meta({ id: 'AdminCollectionInput' });
/** @see CollectionInput */
export type CollectionInput = z.infer<typeof CollectionInput>;

/** Body of PATCH /admin/api/collection/{id}/: only the fields given change. */
export const CollectionPatch = z.object({ ...collectionFields, name: collectionFields.name.optional() }).meta({ id: 'AdminCollectionPatch' });
/** @see CollectionPatch */
export type CollectionPatch = z.infer<typeof CollectionPatch>;

/** Body of PATCH /admin/api/collection/{id}/reorder/: child ids in their new order; children not listed follow in their current order. */
export const CollectionReorderInput = z.object({ children: z.array(Id).min(1).max(MAX_BULK) }).meta({ id: 'CollectionReorderInput' });
/** @see CollectionReorderInput */
export type CollectionReorderInput = z.infer<typeof CollectionReorderInput>;

/** Body of POST /admin/api/collection/search/. */
export const CollectionSearchInput = z
  .object({
    searchText: text(MAX_SEARCH_TEXT).optional(),
    idsToExclude: z.array(Id).max(MAX_IMPORT).optional(),
    includeEmpty: z.boolean().default(false),
    includeInactive: z.boolean().default(false),
    spaceId: Id.optional().meta({ description: 'Only collections holding this space' }),
    type: CollectionType.optional(),
    isAdmin: z.boolean().optional(),
    isUgc: z.boolean().optional(),
  })
  .meta({ id: 'CollectionSearchInput' });
/** @see CollectionSearchInput */
export type CollectionSearchInput = z.infer<typeof CollectionSearchInput>;

/** Body of PUT /admin/api/collection/markAdmin/: feature (isAdmin) or unfeature collections. */
export const MarkAdminInput = z.object({ collections: IdList, isAdmin: z.boolean() }).meta({ id: 'MarkAdminInput' });
/** @see MarkAdminInput */
export type MarkAdminInput = z.infer<typeof MarkAdminInput>;

// ---------------------------------------------------------------------------------------------
// Moderation, spaces, tags

/** Body of POST /admin/api/moderation/: hide an item from the public site. */
export const ModerationInput = z.object({ itemId: Id, itemType: ItemType, reason: z.string().trim().min(1).max(MAX_URL) }).meta({ id: 'ModerationInput' });
/** @see ModerationInput */
export type ModerationInput = z.infer<typeof ModerationInput>;

const tagList = z.array(z.string().trim().min(1).max(MAX_TAG)).max(50);

/** Body of PATCH /admin/api/space/{id}/ (spaceInput): only the fields given change. */
export const SpaceInput = z
  .object({
    name: z.string().trim().min(1).max(MAX_SPACE_NAME).optional(),
    summary: text(MAX_SPACE_SUMMARY).optional(),
    description: text(MAX_SPACE_DESCRIPTION).optional(),
    tags: tagList.optional().meta({ description: 'Replaces the tags; unknown names become new tags' }),
    visibility: Visibility.optional(),
    presentedBy: text(MAX_SPACE_NAME).nullable().optional(),
    moderation: z
      .object({ isModerated: z.boolean(), reason: z.string().trim().min(1).max(MAX_URL).optional() })
      .optional()
      .meta({ description: 'Hide (with a reason) or show the space on the public site' }),
  })
  .meta({ id: 'SpaceInput' });
/** @see SpaceInput */
export type SpaceInput = z.infer<typeof SpaceInput>;

/** Whether a text is a slug as `slugify` makes them: lowercase ASCII words joined by single dashes. */
export const isSlug = (value: string): boolean => value.length > 0 && slugify(value) === value;

/** Body of POST /admin/api/space/updateSlug/ (spaceSlugInput). */
export const SpaceSlugInput = z
  .object({
    id: Id.meta({ description: 'Space id, modelId or slug' }),
    slug: z
      .string()
      .trim()
      .min(1)
      .max(MAX_SLUG)
      .refine(isSlug, 'Use lowercase letters, digits and single dashes, like sunny-loft-paris')
      .meta({ example: 'sunny-loft-paris' }),
  })
  .meta({ id: 'SpaceSlugInput' });
/** @see SpaceSlugInput */
export type SpaceSlugInput = z.infer<typeof SpaceSlugInput>;

/** Body of POST /admin/api/tag/ (tagInput). */
export const TagInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(MAX_TAG)
      .refine((v) => slugify(v).length > 0, 'A tag needs a letter or a digit'),
  })
  .meta({ id: 'TagInput' });
/** @see TagInput */
export type TagInput = z.infer<typeof TagInput>;

/** A camera of an imported space: a known model code, or any code with its maker and kind. */
export const CameraImport = z
  .object({ code: z.string().trim().min(1).max(40), manufacturer: z.string().trim().min(1).max(40).optional(), kind: CameraKind.optional() })
  .meta({ id: 'CameraImport' });

/** One space of an import feed, matched on modelId. New spaces need a name; other fields keep their value when left out. */
export const SpaceImportItem = z
  .object({
    modelId: z.string().regex(MODEL_ID_RE, 'A modelId is 11 letters, digits or _'),
    name: z.string().trim().min(1).max(MAX_SPACE_NAME).optional(),
    summary: text(MAX_SPACE_SUMMARY).optional(),
    description: text(MAX_SPACE_DESCRIPTION).optional(),
    address: text(MAX_URL).optional(),
    city: text(MAX_NAME).optional(),
    region: text(MAX_NAME).optional(),
    countryCode: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'Use a 2-letter country code')
      .optional(),
    countryName: text(MAX_NAME).optional(),
    geolocation: z
      .object({ lat: z.number().min(-90).max(90), long: z.number().min(-180).max(180), altitude: z.number().nullable().optional() })
      .nullable()
      .optional(),
    tags: tagList.optional(),
    cameras: z.array(CameraImport).max(20).optional(),
    visibility: Visibility.optional(),
    presentedBy: text(MAX_SPACE_NAME).nullable().optional(),
    organizationId: Id.nullable().optional().meta({ description: 'Account id or sid; must exist' }),
    type: SpaceType.optional(),
    views: z.number().int().min(0).optional(),
    imageKey: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9._-]*$/, 'Use letters, digits, ., - and _')
      .optional(),
    imageWidth: z.number().int().min(1).max(20_000).optional(),
    imageHeight: z.number().int().min(1).max(20_000).optional(),
  })
  .meta({ id: 'SpaceImportItem' });
/** @see SpaceImportItem */
export type SpaceImportItem = z.infer<typeof SpaceImportItem>;

/** Body of POST and PUT /admin/api/space/import/ (spacesImportDto): a JSON feed of spaces. */
export const SpacesImportDto = z.object({ spaces: z.array(SpaceImportItem).min(1).max(MAX_IMPORT) }).meta({ id: 'SpacesImportDto' });
/** @see SpacesImportDto */
export type SpacesImportDto = z.infer<typeof SpacesImportDto>;

/** Body of POST /admin/api/space/importAll/ (importAllFilter): which stored spaces to re-import. Empty means all. */
export const ImportAllFilter = z
  .object({
    modelIds: z.array(z.string().max(200)).max(MAX_IMPORT).optional(),
    organizationId: Id.optional(),
    countryCode: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    visibility: Visibility.optional(),
    updatedAfter: IsoDate.optional(),
    updatedBefore: IsoDate.optional(),
  })
  .meta({ id: 'ImportAllFilter' });
/** @see ImportAllFilter */
export type ImportAllFilter = z.infer<typeof ImportAllFilter>;

/** Body of POST /admin/api/space/search/ (adminSpaceSearchDto): every space, whatever its visibility or moderation. */
export const AdminSpaceSearchDto = z
  .object({
    searchText: text(MAX_SEARCH_TEXT)
      .optional()
      .meta({ description: 'Words in the name, summary, description, tags or location; also an exact id, modelId or slug' }),
    visibility: z.array(Visibility).max(3).optional().meta({ description: 'Only these visibilities' }),
    includePrivate: z.boolean().default(false).meta({ description: 'Include PRIVATE spaces when visibility is not given' }),
    countryCode: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    organizationId: Id.optional(),
    ownerUserId: Id.optional(),
    moderated: z.boolean().optional().meta({ description: 'true: only moderated; false: only unmoderated' }),
    tags: z.array(z.string().max(MAX_TAG)).max(20).optional().meta({ description: 'Every tag must be present' }),
    cameras: z.array(CameraKind).max(20).optional().meta({ description: 'Only spaces captured with a camera of one of these kinds' }),
    sort: z.enum(['relevance', 'recent', 'views', 'name']).optional().meta({ description: 'Default: relevance with searchText, else recent' }),
  })
  .meta({ id: 'AdminSpaceSearchDto' });
/** @see AdminSpaceSearchDto */
export type AdminSpaceSearchDto = z.infer<typeof AdminSpaceSearchDto>;

// ---------------------------------------------------------------------------------------------
// A person's feature flags (issue 14): body and answers of /admin/api/user/{userId}/flags/

/** A feature flag as a person carries it: `discover/<flag>` of the flags the product checks (spec 6). */
export const FeatureFlagName = z.enum(FEATURE_FLAGS.map((f) => `discover/${f}` as const)).meta({ id: 'FeatureFlagName' });
/** @see FeatureFlagName */
export type FeatureFlagName = z.infer<typeof FeatureFlagName>;
/** The `discover/<flag>` name of a flag. */
export const flagName = (flag: FeatureFlag): FeatureFlagName => `discover/${flag}`;

/** Body of PUT /admin/api/user/{userId}/flags/: the person's own flags, replacing the ones they have. */
export const UserFlagsInput = z
  .object({
    flags: z
      .array(FeatureFlagName)
      .max(FEATURE_FLAGS.length * 2)
      .meta({ description: 'Every flag the person should have; the others are taken away' }),
  })
  .meta({ id: 'UserFlagsInput' });
/** @see UserFlagsInput */
export type UserFlagsInput = z.infer<typeof UserFlagsInput>;

/** Answer of PUT /admin/api/user/{userId}/flags/: the person's own flags now (sorted). */
export const UserFlags = z.object({ userId: z.string(), flags: z.array(FeatureFlagName) }).meta({ id: 'UserFlags' });
/** @see UserFlags */
export type UserFlags = z.infer<typeof UserFlags>;

/** Answer of GET /admin/api/user/{userId}/flags/: who the person is and their own flags (membership flags are separate). */
export const AdminUserFlags = UserFlags.extend({
  sid: z.string(),
  name: z.string(),
  email: z.string(),
  status: EntityStatus,
}).meta({ id: 'AdminUserFlags' });
/** @see AdminUserFlags */
export type AdminUserFlags = z.infer<typeof AdminUserFlags>;
