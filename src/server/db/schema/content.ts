import type { ColumnType, Generated } from 'kysely';

/**
 * The content and its people (migration 001): accounts, users and memberships, spaces with their
 * slugs, cameras and tags, collections, the homepage's curated rows, moderation, the audit log,
 * follows, attachments, settings and the content-event log. Portable between SQLite and PostgreSQL:
 * text ids, 0/1 integers for flags, JSON as text, ISO-8601 text timestamps. SQLite's full-text index
 * `spaces_fts` with its stored scores `spaces_fts_scores` (migration 023; PostgreSQL's
 * `spaces.search_vector` and `space_words`, migrations 011 and 020) are kept by triggers and queried
 * only through `sql` (src/server/modules/spaces/), so they are not listed here.
 */
type Flag = number;
type Stamp = { createdAt: string; updatedAt: string };

/** Profile columns shared by accounts and users. */
export interface ProfileColumns {
  description: string | null;
  url: string | null;
  locationDescription: string | null;
  photoId: string | null;
  coverId: string | null;
  facebook: string | null;
  instagram: string | null;
  linkedin: string | null;
  twitter: string | null;
  visibility: string;
}

/** An account: a person's own (personal) account or an organization. */
export interface AccountsTable extends ProfileColumns, Stamp {
  id: string;
  sid: string;
  name: string;
  status: string;
  /** A personal account belongs to one user; an organization has memberships. */
  isPersonal: Flag;
  flags: string;
}

/** A person who signs in (better-auth's `auth_user` has the same id). */
export interface UsersTable extends ProfileColumns, Stamp {
  id: string;
  sid: string;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  /** The user's own (personal) account: group_sid. */
  accountId: string;
  isPrivileged: Flag;
  isStaff: Flag;
  flags: string;
  status: string;
  preparedAt: string | null;
}

/** A user's role in an organization account. */
export interface MembershipsTable extends Stamp {
  userId: string;
  accountId: string;
  role: string;
  flags: string;
}

/** A 3D-scanned space. */
export interface SpacesTable extends Stamp {
  id: string;
  modelId: string;
  name: string;
  slug: string;
  summary: string;
  description: string;
  address: string;
  city: string;
  region: string;
  countryCode: string;
  countryName: string;
  lat: number | null;
  long: number | null;
  altitude: number | null;
  views: number;
  visibility: string;
  presentedBy: string | null;
  organizationId: string | null;
  ownerUserId: string | null;
  type: string;
  imageKey: string;
  imageWidth: number;
  imageHeight: number;
  /** JSON array of tag names, denormalised for reads; space_tags is the queryable copy. */
  tags: string;
}

/** Every slug a space has had, so old links redirect. */
export interface SpaceSlugsTable {
  slug: string;
  spaceId: string;
  createdAt: string;
}

/** The cameras a space was captured with. */
export interface SpaceCamerasTable {
  spaceId: string;
  code: string;
  manufacturer: string;
  kind: string;
}

/** A tag. */
export interface TagsTable extends Stamp {
  id: string;
  name: string;
  slug: string;
}

/** A space's tags, queryable. */
export interface SpaceTagsTable {
  spaceId: string;
  tagId: string;
}

/** A collection of spaces or accounts (curated or a user's own). */
export interface CollectionsTable extends Stamp {
  id: string;
  sid: string;
  name: string;
  description: string | null;
  type: string;
  isActive: Flag;
  isFavorite: Flag;
  isUgc: Flag;
  isAdmin: Flag;
  priority: number;
  metaTitle: string | null;
  metaDescription: string | null;
  ownerUserId: string | null;
  visibility: string;
  /** Texts per locale, JSON `{ "de": { "name": "…" } }` (migration 018); `{}` shows English everywhere. */
  translations: ColumnType<string, string | undefined, string>;
}

/** A space or account in a collection, in order. */
export interface CollectionChildrenTable {
  collectionId: string;
  childType: string;
  childId: string;
  position: number;
  addedAt: string;
}

/** A featured tag group on the homepage. */
export interface FeaturedTagsTable extends Stamp {
  id: string;
  name: string;
  isActive: Flag;
  priority: number;
  tags: string;
  /** Texts per locale, JSON `{ "de": { "name": "…" } }` (migration 018); `{}` shows English everywhere. */
  translations: ColumnType<string, string | undefined, string>;
}

/** An item of the homepage carousel. */
export interface CarouselItemsTable extends Stamp {
  id: string;
  description: string | null;
  isActive: Flag;
  priority: number;
  type: string;
  itemId: string | null;
  url: string | null;
  /** Texts per locale, JSON `{ "de": { "description": "…" } }` (migration 018); `{}` shows English everywhere. */
  translations: ColumnType<string, string | undefined, string>;
}

/** A site banner. */
export interface BannersTable extends Stamp {
  id: string;
  text: string;
  color: string;
  hyperlink: string | null;
  expirationDate: string | null;
  isActive: Flag;
  isHideable: Flag;
  position: number;
  /** Texts per locale, JSON `{ "de": { "text": "…" } }` (migration 018); `{}` shows English everywhere. */
  translations: ColumnType<string, string | undefined, string>;
}

/** Why an item was moderated. */
export interface ModerationRecordsTable extends Stamp {
  id: string;
  creatorUserId: string | null;
  itemId: string;
  itemType: string;
  reason: string;
}

/** One audited change. */
export interface AuditLogTable {
  id: string;
  action: string;
  date: string;
  fromValue: string | null;
  toValue: string | null;
  type: string;
  userId: string | null;
  isAdmin: Flag;
}

/** A user following an account. */
export interface FollowsTable {
  userId: string;
  accountId: string;
  createdAt: string;
}

/** An uploaded picture (profile photo, cover), re-encoded into variants. */
export interface AttachmentsTable extends Stamp {
  id: string;
  ownerKind: string;
  ownerId: string;
  type: string;
  width: number;
  height: number;
  /** JSON: { [width]: relative file path } of the re-encoded variants. */
  variants: string;
}

/** A site setting by key. */
export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: string;
}

/** The log of content changes the publisher and webhooks follow. */
export interface ContentEventsTable {
  id: Generated<number>;
  type: string;
  ids: string;
  time: string;
}

/** The content tables by name. */
export type ContentTables = {
  accounts: AccountsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  spaces: SpacesTable;
  space_slugs: SpaceSlugsTable;
  space_cameras: SpaceCamerasTable;
  tags: TagsTable;
  space_tags: SpaceTagsTable;
  collections: CollectionsTable;
  collection_children: CollectionChildrenTable;
  featured_tags: FeaturedTagsTable;
  carousel_items: CarouselItemsTable;
  banners: BannersTable;
  moderation_records: ModerationRecordsTable;
  audit_log: AuditLogTable;
  follows: FollowsTable;
  attachments: AttachmentsTable;
  settings: SettingsTable;
  content_events: ContentEventsTable;
};
