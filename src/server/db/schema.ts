import type { Generated } from 'kysely';

/**
 * Table shapes. Portable between SQLite and PostgreSQL: text ids, 0/1 integers for flags,
 * JSON as text, ISO-8601 text timestamps.
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

export interface AccountsTable extends ProfileColumns, Stamp {
  id: string;
  sid: string;
  name: string;
  status: string;
  /** A personal account belongs to one user; an organization has memberships. */
  isPersonal: Flag;
  flags: string;
}

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

export interface MembershipsTable extends Stamp {
  userId: string;
  accountId: string;
  role: string;
  flags: string;
}

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

export interface SpaceSlugsTable {
  slug: string;
  spaceId: string;
  createdAt: string;
}

export interface SpaceCamerasTable {
  spaceId: string;
  code: string;
  manufacturer: string;
  kind: string;
}

export interface TagsTable extends Stamp {
  id: string;
  name: string;
  slug: string;
}

export interface SpaceTagsTable {
  spaceId: string;
  tagId: string;
}

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
}

export interface CollectionChildrenTable {
  collectionId: string;
  childType: string;
  childId: string;
  position: number;
  addedAt: string;
}

export interface FeaturedTagsTable extends Stamp {
  id: string;
  name: string;
  isActive: Flag;
  priority: number;
  tags: string;
}

export interface CarouselItemsTable extends Stamp {
  id: string;
  description: string | null;
  isActive: Flag;
  priority: number;
  type: string;
  itemId: string | null;
  url: string | null;
}

export interface BannersTable extends Stamp {
  id: string;
  text: string;
  color: string;
  hyperlink: string | null;
  expirationDate: string | null;
  isActive: Flag;
  isHideable: Flag;
  position: number;
}

export interface ModerationRecordsTable extends Stamp {
  id: string;
  creatorUserId: string | null;
  itemId: string;
  itemType: string;
  reason: string;
}

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

export interface FollowsTable {
  userId: string;
  accountId: string;
  createdAt: string;
}

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

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: string;
}

export interface ContentEventsTable {
  id: Generated<number>;
  type: string;
  ids: string;
  time: string;
}

/** The whole database as Kysely sees it. */
export interface Database {
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
}
