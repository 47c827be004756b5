import { z } from 'zod';
import { Visibility } from './enums.ts';
import { MAX_URL } from './user-rules.ts';

/** Social links of a profile; each a value or null. */
export const SocialMedia = z
  .object({
    facebook: z.string().max(MAX_URL).nullable(),
    instagram: z.string().max(MAX_URL).nullable(),
    linkedin: z.string().max(MAX_URL).nullable(),
    twitter: z.string().max(MAX_URL).nullable(),
  })
  .meta({ id: 'SocialMedia' });
/** @see SocialMedia */
export type SocialMedia = z.infer<typeof SocialMedia>;

/** A badge on a profile, earned by being featured in a collection. */
export const Badge = z.object({ collectionId: z.string(), collectionName: z.string(), id: z.string(), message: z.string() });

/** An account or user profile (spec 3, "Account profile"). Photo and cover ids resolve to /media URLs. */
export const Profile = z
  .object({
    sid: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    url: z.string().nullable(),
    location: z.object({ description: z.string().nullable() }),
    photoId: z.string().nullable(),
    coverId: z.string().nullable(),
    photoUrl: z.string().nullable(),
    coverUrl: z.string().nullable(),
    socialMedia: SocialMedia,
    badges: z.array(Badge),
    visibility: Visibility,
    followers: z.number().int(),
    spaceCount: z.number().int(),
  })
  .meta({ id: 'Profile' });
/** @see Profile */
export type Profile = z.infer<typeof Profile>;

/** The owner shown on a user's collections (spec 3, "User info"). */
export const UserInfo = z
  .object({ firstName: z.string(), lastName: z.string(), userSid: z.string(), username: z.string(), profile: z.union([Profile, z.null()]) })
  .meta({ id: 'UserInfo' });
/** @see UserInfo */
export type UserInfo = z.infer<typeof UserInfo>;

/** An organization as listed on /accounts and shown on /account/{id}. */
export const AccountSummary = z
  .object({ id: z.string(), sid: z.string(), name: z.string(), photoUrl: z.string().nullable(), spaceCount: z.number().int() })
  .meta({ id: 'AccountSummary' });
/** @see AccountSummary */
export type AccountSummary = z.infer<typeof AccountSummary>;

/** The accounts the signed-in user follows: their ids, and a summary of each that is still listed. */
export const FollowedAccounts = z.object({ ids: z.array(z.string()), accounts: z.array(AccountSummary) }).meta({ id: 'FollowedAccounts' });
/** @see FollowedAccounts */
export type FollowedAccounts = z.infer<typeof FollowedAccounts>;

/** An organization in the public account list: enough to link to its page and know when it changed. */
export const AccountListItem = AccountSummary.extend({ updatedAt: z.string() }).meta({ id: 'AccountListItem' });
/** @see AccountListItem */
export type AccountListItem = z.infer<typeof AccountListItem>;

/** A person in the public profile list. */
export const UserListItem = z
  .object({ id: z.string(), sid: z.string(), name: z.string(), username: z.string(), photoUrl: z.string().nullable(), updatedAt: z.string() })
  .meta({ id: 'UserListItem' });
/** @see UserListItem */
export type UserListItem = z.infer<typeof UserListItem>;
