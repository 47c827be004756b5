import { z } from 'zod';
import { CarouselItemType, EntityStatus, ItemType } from './enums.ts';
import { translationsOf } from './locale-texts.ts';

/** A moderation record: an item hidden from the public site, and why (spec 3). */
export const ModerationRecord = z
  .object({ id: z.string(), created: z.string(), creator: z.string().nullable(), itemId: z.string(), itemType: ItemType, reason: z.string() })
  .meta({ id: 'ModerationRecord' });
/** @see ModerationRecord */
export type ModerationRecord = z.infer<typeof ModerationRecord>;

/**
 * An audit-log entry; `from` and `to` hold the before and after values (spec 3). `isAdmin` tells a
 * change made through the admin API from a user's own change.
 */
export const AuditEntry = z
  .object({
    id: z.string(),
    action: z.string(),
    date: z.string(),
    from: z.unknown(),
    to: z.unknown(),
    type: z.string(),
    user: z.string().nullable(),
    isAdmin: z.boolean().meta({ description: 'Made through the admin API (false: a user changing their own content)' }),
  })
  .meta({ id: 'AuditEntry' });
/** @see AuditEntry */
export type AuditEntry = z.infer<typeof AuditEntry>;

/** An account as the admin search lists it (spec 7: id, name, sid), with its status. */
export const AccountRef = z
  .object({ id: z.string(), name: z.string(), sid: z.string(), status: EntityStatus, isPersonal: z.boolean() })
  .meta({ id: 'AccountRef' });
/** @see AccountRef */
export type AccountRef = z.infer<typeof AccountRef>;

/** What a bulk admin call changed: how many items, and their ids. */
export const BulkResult = z.object({ count: z.number().int(), ids: z.array(z.string()) }).meta({ id: 'BulkResult' });
/** @see BulkResult */
export type BulkResult = z.infer<typeof BulkResult>;

/** What an import did: items created and updated (ids of both, in feed order). */
export const ImportResult = z
  .object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), ids: z.array(z.string()) })
  .meta({ id: 'ImportResult' });
/** @see ImportResult */
export type ImportResult = z.infer<typeof ImportResult>;

/** A boolean site setting (view counts shown, featured tags randomized). */
export const SettingValue = z.object({ key: z.string(), value: z.boolean() }).meta({ id: 'SettingValue' });
/** @see SettingValue */
export type SettingValue = z.infer<typeof SettingValue>;

/** A tag as admins manage it, with the number of spaces carrying it. */
export const AdminTag = z.object({ id: z.string(), name: z.string(), slug: z.string(), spaceCount: z.number().int() }).meta({ id: 'AdminTag' });
/** @see AdminTag */
export type AdminTag = z.infer<typeof AdminTag>;

/**
 * A carousel slide as admins see it: what is stored (`item` id or url) and `preview`, what the
 * public carousel shows for it; null when the public carousel leaves it out (item missing, not
 * public, moderated or empty).
 */
export const AdminCarouselItem = z
  .object({
    id: z.string(),
    description: z.string().nullable(),
    translations: translationsOf({ description: z.string() }),
    isActive: z.boolean(),
    priority: z.number().int(),
    type: CarouselItemType,
    item: z.object({ id: z.string().nullable(), url: z.string().nullable() }),
    preview: z.object({ name: z.string(), imageUrl: z.string().nullable(), href: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminCarouselItem' });
/** @see AdminCarouselItem */
export type AdminCarouselItem = z.infer<typeof AdminCarouselItem>;

/** What PATCH /admin/api/collection/construct/ rebuilt. */
export const ConstructResult = z
  .object({
    collections: z.number().int().meta({ description: 'Collections checked' }),
    removedChildren: z.number().int().meta({ description: 'Children pointing at deleted spaces or collections, or of the wrong type, removed' }),
    renumbered: z.number().int().meta({ description: 'Collections whose child positions were renumbered 0, 1, 2…' }),
  })
  .meta({ id: 'ConstructResult' });
/** @see ConstructResult */
export type ConstructResult = z.infer<typeof ConstructResult>;
