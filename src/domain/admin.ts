import { z } from 'zod';
import { ItemType } from './enums.ts';

/** A moderation record: an item hidden from the public site, and why (spec 3). */
export const ModerationRecord = z
  .object({ id: z.string(), created: z.string(), creator: z.string().nullable(), itemId: z.string(), itemType: ItemType, reason: z.string() })
  .meta({ id: 'ModerationRecord' });
/** @see ModerationRecord */
export type ModerationRecord = z.infer<typeof ModerationRecord>;

/** An audit-log entry; `from` and `to` hold the before and after values (spec 3). */
export const AuditEntry = z
  .object({ id: z.string(), action: z.string(), date: z.string(), from: z.unknown(), to: z.unknown(), type: z.string(), user: z.string().nullable() })
  .meta({ id: 'AuditEntry' });
/** @see AuditEntry */
export type AuditEntry = z.infer<typeof AuditEntry>;
