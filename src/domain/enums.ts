import { z } from 'zod';

/** Kinds of item a collection child, moderation record or carousel slide can point at (spec 3). */
export const ItemType = z.enum(['COLLECTION', 'SPACE', 'ACCOUNT']).meta({ id: 'ItemType' });
/** @see ItemType */
export type ItemType = z.infer<typeof ItemType>;

/** Who may see an item: PUBLIC in lists, UNLISTED by id only, PRIVATE to owners and admins. */
export const Visibility = z.enum(['PUBLIC', 'UNLISTED', 'PRIVATE']).meta({ id: 'Visibility' });
/** @see Visibility */
export type Visibility = z.infer<typeof Visibility>;

/** What a featured-carousel slide links to. */
export const CarouselItemType = z.enum(['SPACE', 'COLLECTION', 'URL']).meta({ id: 'CarouselItemType' });
/** @see CarouselItemType */
export type CarouselItemType = z.infer<typeof CarouselItemType>;

/** Which picture of a profile an upload replaces. */
export const AttachmentType = z.enum(['COVER_IMAGE', 'PROFILE_IMAGE']).meta({ id: 'AttachmentType' });
/** @see AttachmentType */
export type AttachmentType = z.infer<typeof AttachmentType>;

/** Who owns an attachment. */
export const OwnerKind = z.enum(['space', 'account', 'user']);
/** @see OwnerKind */
export type OwnerKind = z.infer<typeof OwnerKind>;

/** Page types the site renders (spec 3, "Page types"). */
export const PageType = z.enum(['Space', 'Account', 'Collection']);

/** Roles a user can hold in an organization; owners and billing contacts see invoices. */
export const MembershipRole = z.enum(['OWNER', 'BILLING', 'MEMBER']).meta({ id: 'MembershipRole' });
/** @see MembershipRole */
export type MembershipRole = z.infer<typeof MembershipRole>;

/** Status an administrator sets on an account or user; DISABLED hides it from the public site. */
export const EntityStatus = z.enum(['ACTIVE', 'DISABLED']).meta({ id: 'EntityStatus' });
/** @see EntityStatus */
export type EntityStatus = z.infer<typeof EntityStatus>;

/** What a space is, used for cards, filters and placeholder art. */
export const SpaceType = z
  .enum([
    'HOME',
    'APARTMENT',
    'VILLA',
    'MUSEUM',
    'GALLERY',
    'SHOP',
    'RESTAURANT',
    'HOTEL',
    'OFFICE',
    'VENUE',
    'LANDMARK',
    'CHURCH',
    'SCHOOL',
    'WAREHOUSE',
    'YACHT',
    'OTHER',
  ])
  .meta({ id: 'SpaceType' });
/** @see SpaceType */
export type SpaceType = z.infer<typeof SpaceType>;
