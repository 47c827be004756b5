import { z } from 'zod';
import { CollectionType } from './collection.ts';
import { AttachmentType, Visibility } from './enums.ts';
import { isSocialLink } from './social-links.ts';
import { fixUrl } from './urls.ts';
import {
  isProfileLink,
  MAX_BULK_IDS,
  MAX_COLLECTION_CHILDREN,
  MAX_DESCRIPTION,
  MAX_LOCATION,
  MAX_META_TITLE,
  MAX_NAME,
  MAX_UPLOAD_MB,
  MAX_UPLOAD_PIXELS,
  MAX_URL,
  type SocialMediaKey,
} from './user-rules.ts';

/**
 * Bodies of the signed-in user's calls (spec 7): profile edits, attachments, follows and the
 * user's own collections. The spec names userProfileInput, userProfileSocialMedia, fileAttachment
 * and followAccountInput without their fields; the fields here are ours. Refinements only, no
 * transforms: handlers normalise (https:// prepended, blank text to null).
 */

/** The stored form of a typed link: https:// prepended when it has no scheme; null when blank. */
export const normaliseProfileLink = (value: string | null | undefined): string | null => fixUrl(value) ?? null;

/** Blank text (only spaces) is stored as null. */
export const blankToNull = (value: string | null | undefined): string | null => {
  const v = (value ?? '').trim();
  return v ? v : null;
};

const LINK_MESSAGE = 'Enter a web address starting with http:// or https://';
const link = z
  .string()
  .max(MAX_URL)
  .nullable()
  .refine((v) => isProfileLink(v), { message: LINK_MESSAGE });

/** Body of POST …/profile/ (userProfileInput): only the fields given change; null or blank clears one. */
export const UserProfileInput = z
  .object({
    description: z.string().max(MAX_DESCRIPTION).nullable().optional(),
    location: z.object({ description: z.string().max(MAX_LOCATION).nullable().optional() }).optional(),
    url: link.optional().meta({ description: 'https:// is prepended when it has no scheme; other schemes than http(s) are refused' }),
  })
  .meta({ id: 'UserProfileInput' });
/** @see UserProfileInput */
export type UserProfileInput = z.infer<typeof UserProfileInput>;

const SOCIAL_MESSAGE = 'Enter your handle (@name) or a web address';
const social = (network: SocialMediaKey) =>
  z
    .string()
    .max(MAX_URL)
    .nullable()
    .refine((v) => isSocialLink(network, v), { message: SOCIAL_MESSAGE })
    .optional()
    .meta({ description: `A handle (@name or name: its ${network} profile URL is stored), or a web address (https:// is prepended when it has no scheme)` });

/** Body of PUT …/profile/socialmedia/ (userProfileSocialMedia): every link, each a value or null (a missing one is cleared). */
export const UserProfileSocialMedia = z
  .object({
    facebook: social('facebook'),
    instagram: social('instagram'),
    linkedin: social('linkedin'),
    twitter: social('twitter'),
  })
  .meta({ id: 'UserProfileSocialMedia' });
/** @see UserProfileSocialMedia */
export type UserProfileSocialMedia = z.infer<typeof UserProfileSocialMedia>;

/** JSON body of PUT …/profile/attachment/ (fileAttachment): use an attachment already uploaded by this profile or user. */
export const FileAttachment = z.object({ id: z.string().min(1).max(200), type: AttachmentType }).meta({ id: 'FileAttachment' });
/** @see FileAttachment */
export type FileAttachment = z.infer<typeof FileAttachment>;

/** Multipart body of PUT …/profile/attachment/: a new picture and which one it replaces. */
export const FileUpload = z
  .object({
    file: z.file().meta({
      type: 'string',
      format: 'binary',
      description: `JPEG, PNG, WebP, AVIF or GIF, at most ${MAX_UPLOAD_MB} MB and ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels`,
    }),
    type: AttachmentType,
  })
  .meta({ id: 'FileUpload' });

/** Query of DELETE …/profile/attachment/: which picture to remove. */
export const AttachmentTypeQuery = z.object({ type: AttachmentType });

/** Body of PUT /api/content/user/follow/ (followAccountInput): follow or unfollow an account as the signed-in user. */
export const FollowAccountInput = z
  .object({ accountId: z.string().trim().min(1).max(200).meta({ description: 'Account id or sid' }), follow: z.boolean() })
  .meta({ id: 'FollowAccountInput' });
/** @see FollowAccountInput */
export type FollowAccountInput = z.infer<typeof FollowAccountInput>;

/** Answer of PUT /api/content/user/follow/: the state after the call. */
export const FollowState = z.object({ accountId: z.string(), following: z.boolean(), followers: z.number().int() }).meta({ id: 'FollowState' });
/** @see FollowState */
export type FollowState = z.infer<typeof FollowState>;

const Id = z.string().trim().min(1).max(200);

/** A child as a user sets it: a space (id, modelId or slug) or, in a collection of collections, a collection (id or sid). */
export const UserCollectionChild = z.object({ id: Id, order: z.number().int().min(0).max(100_000).optional() }).meta({ id: 'UserCollectionChild' });

const collectionFields = {
  name: z.string().trim().min(1, 'Enter a name').max(MAX_NAME),
  description: z.string().max(MAX_DESCRIPTION).nullable().optional(),
  type: CollectionType.optional().meta({ description: 'SPACE (default) or COLLECTION: what the children are' }),
  isActive: z.boolean().optional(),
  metaTitle: z.string().max(MAX_META_TITLE).nullable().optional(),
  metaDescription: z.string().max(MAX_URL).nullable().optional(),
  visibility: Visibility.optional().meta({ description: 'PUBLIC (default) lists it; UNLISTED and PRIVATE keep it off lists (PRIVATE: only you)' }),
};

/**
 * Body of POST /api/content/collection/ and PUT /api/content/collection/{id}/ (PUT replaces every
 * field; missing ones take their defaults). `children` replaces the children when given.
 */
export const UserCollectionInput = z
  .object({
    ...collectionFields,
    children: z.array(UserCollectionChild).max(MAX_COLLECTION_CHILDREN).optional().meta({ description: 'The children in order (by `order`, then as listed)' }),
  })
  .meta({ id: 'UserCollectionInput' });
/** @see UserCollectionInput */
export type UserCollectionInput = z.infer<typeof UserCollectionInput>;

/**
 * Body of PATCH /api/content/collection/{id}/: only the fields given change. `children` reorders:
 * each listed child moves to its `order` (a new one is added there); children not listed keep
 * their relative order after them.
 */
export const UserCollectionPatch = z
  .object({
    ...collectionFields,
    name: collectionFields.name.optional(),
    children: z.array(UserCollectionChild).max(MAX_COLLECTION_CHILDREN).optional().meta({ description: 'Children to place (reorder or add), by `order`' }),
  })
  .meta({ id: 'UserCollectionPatch' });
/** @see UserCollectionPatch */
export type UserCollectionPatch = z.infer<typeof UserCollectionPatch>;

/** Body of POST /api/content/collection/{id}/rename/. */
export const RenameCollectionInput = z.object({ name: collectionFields.name }).meta({ id: 'RenameCollectionInput' });
/** @see RenameCollectionInput */
export type RenameCollectionInput = z.infer<typeof RenameCollectionInput>;

/** Body of DELETE /api/content/collection/: ids or sids of the user's own collections; all or nothing. */
export const CollectionIdList = z.array(Id).min(1).max(MAX_BULK_IDS).meta({ id: 'CollectionIdList' });
/** @see CollectionIdList */
export type CollectionIdList = z.infer<typeof CollectionIdList>;

/** Query of PUT …/{id}/add/ and …/{id}/delete/: the space (id, modelId or slug), or collection in a collection of collections. */
export const ItemIdQuery = z.object({ itemId: Id.meta({ description: 'Space id, modelId or slug (a collection id or sid in a collection of collections)' }) });

/** Body of PATCH /api/content/space/{id}/ by its owner (spaceInput): only the fields given change. */
export const OwnerSpacePatch = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    summary: z.string().max(500).optional(),
    description: z.string().max(10_000).optional(),
    visibility: Visibility.optional().meta({ description: 'PUBLIC lists the space on Discover ("add your space"); UNLISTED and PRIVATE take it off' }),
  })
  .meta({ id: 'OwnerSpacePatch' });
/** @see OwnerSpacePatch */
export type OwnerSpacePatch = z.infer<typeof OwnerSpacePatch>;
