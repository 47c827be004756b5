import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const stamps = (t: CreateTableBuilder<any, any>) => t.addColumn('createdAt', 'text', (c) => c.notNull()).addColumn('updatedAt', 'text', (c) => c.notNull());
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const profile = (t: CreateTableBuilder<any, any>) =>
  t
    .addColumn('description', 'text')
    .addColumn('url', 'text')
    .addColumn('locationDescription', 'text')
    .addColumn('photoId', 'text')
    .addColumn('coverId', 'text')
    .addColumn('facebook', 'text')
    .addColumn('instagram', 'text')
    .addColumn('linkedin', 'text')
    .addColumn('twitter', 'text')
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('PUBLIC'));

/** The first schema: every entity of spec section 3 the site and admin use. */
export function initial(dialect: Dialect) {
  return {
    async up(db: Db) {
      await stamps(
        profile(
          db.schema
            .createTable('accounts')
            .addColumn('id', 'text', (c) => c.primaryKey())
            .addColumn('sid', 'text', (c) => c.notNull().unique())
            .addColumn('name', 'text', (c) => c.notNull())
            .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
            .addColumn('isPersonal', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('flags', 'text', (c) => c.notNull().defaultTo('[]')),
        ),
      ).execute();

      await stamps(
        profile(
          db.schema
            .createTable('users')
            .addColumn('id', 'text', (c) => c.primaryKey())
            .addColumn('sid', 'text', (c) => c.notNull().unique())
            .addColumn('email', 'text', (c) => c.notNull().unique())
            .addColumn('firstName', 'text', (c) => c.notNull())
            .addColumn('lastName', 'text', (c) => c.notNull())
            .addColumn('username', 'text', (c) => c.notNull().unique())
            .addColumn('accountId', 'text', (c) => c.notNull().references('accounts.id'))
            .addColumn('isPrivileged', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('isStaff', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('flags', 'text', (c) => c.notNull().defaultTo('[]'))
            .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
            .addColumn('preparedAt', 'text'),
        ),
      ).execute();

      await stamps(
        db.schema
          .createTable('memberships')
          .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('accountId', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('flags', 'text', (c) => c.notNull().defaultTo('[]'))
          .addPrimaryKeyConstraint('memberships_pk', ['userId', 'accountId']),
      ).execute();

      await stamps(
        db.schema
          .createTable('spaces')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('modelId', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('countryCode', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('countryName', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('lat', 'real')
          .addColumn('long', 'real')
          .addColumn('altitude', 'real')
          .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('PUBLIC'))
          .addColumn('presentedBy', 'text')
          .addColumn('organizationId', 'text', (c) => c.references('accounts.id').onDelete('set null'))
          .addColumn('ownerUserId', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('type', 'text', (c) => c.notNull().defaultTo('OTHER'))
          .addColumn('imageKey', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('imageWidth', 'integer', (c) => c.notNull().defaultTo(1200))
          .addColumn('imageHeight', 'integer', (c) => c.notNull().defaultTo(800))
          .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]')),
      ).execute();
      await db.schema.createIndex('spaces_visibility_views').on('spaces').columns(['visibility', 'views']).execute();
      await db.schema.createIndex('spaces_org').on('spaces').column('organizationId').execute();
      await db.schema.createIndex('spaces_owner').on('spaces').column('ownerUserId').execute();
      await db.schema.createIndex('spaces_country').on('spaces').column('countryCode').execute();

      await db.schema
        .createTable('space_slugs')
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('spaceId', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('space_cameras')
        .addColumn('spaceId', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('manufacturer', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('space_cameras_pk', ['spaceId', 'code'])
        .execute();
      await db.schema.createIndex('space_cameras_code').on('space_cameras').columns(['code', 'spaceId']).execute();
      await db.schema.createIndex('space_cameras_maker').on('space_cameras').columns(['manufacturer', 'spaceId']).execute();

      await stamps(
        db.schema
          .createTable('tags')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull().unique())
          .addColumn('slug', 'text', (c) => c.notNull().unique()),
      ).execute();

      await db.schema
        .createTable('space_tags')
        .addColumn('spaceId', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('tagId', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('space_tags_pk', ['spaceId', 'tagId'])
        .execute();
      await db.schema.createIndex('space_tags_tag').on('space_tags').columns(['tagId', 'spaceId']).execute();

      await stamps(
        db.schema
          .createTable('collections')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('sid', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('type', 'text', (c) => c.notNull().defaultTo('SPACE'))
          .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('isFavorite', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('isUgc', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('isAdmin', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('metaTitle', 'text')
          .addColumn('metaDescription', 'text')
          .addColumn('ownerUserId', 'text', (c) => c.references('users.id').onDelete('cascade'))
          .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('PUBLIC')),
      ).execute();
      await db.schema.createIndex('collections_owner').on('collections').column('ownerUserId').execute();

      await db.schema
        .createTable('collection_children')
        .addColumn('collectionId', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
        .addColumn('childType', 'text', (c) => c.notNull())
        .addColumn('childId', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('addedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('collection_children_pk', ['collectionId', 'childType', 'childId'])
        .execute();
      await db.schema.createIndex('collection_children_child').on('collection_children').columns(['childId', 'collectionId']).execute();

      await stamps(
        db.schema
          .createTable('featured_tags')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]')),
      ).execute();

      await stamps(
        db.schema
          .createTable('carousel_items')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('description', 'text')
          .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('itemId', 'text')
          .addColumn('url', 'text'),
      ).execute();

      await stamps(
        db.schema
          .createTable('banners')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('color', 'text', (c) => c.notNull())
          .addColumn('hyperlink', 'text')
          .addColumn('expirationDate', 'text')
          .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('isHideable', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await stamps(
        db.schema
          .createTable('moderation_records')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('creatorUserId', 'text')
          .addColumn('itemId', 'text', (c) => c.notNull())
          .addColumn('itemType', 'text', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('moderation_item').on('moderation_records').columns(['itemType', 'itemId']).execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('fromValue', 'text')
        .addColumn('toValue', 'text')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('userId', 'text')
        .addColumn('isAdmin', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('audit_date').on('audit_log').column('date').execute();

      await db.schema
        .createTable('follows')
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('accountId', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('follows_pk', ['userId', 'accountId'])
        .execute();
      await db.schema.createIndex('follows_account').on('follows').column('accountId').execute();

      await stamps(
        db.schema
          .createTable('attachments')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('ownerKind', 'text', (c) => c.notNull())
          .addColumn('ownerId', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('width', 'integer', (c) => c.notNull())
          .addColumn('height', 'integer', (c) => c.notNull())
          .addColumn('variants', 'text', (c) => c.notNull()),
      ).execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('content_events')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('ids', 'text', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull())
        .execute();

      if (dialect === 'sqlite') {
        // Full-text search over the fields a visitor types into the search box; rowid mirrors spaces.rowid.
        await sql`CREATE VIRTUAL TABLE spaces_fts USING fts5(name, summary, description, tags, location, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(
          db,
        );
        const row = (r: string) =>
          sql.raw(
            `${r}.name, ${r}.summary, ${r}.description, replace(replace(replace(${r}.tags, '","', ' '), '["', ''), '"]', ''), ${r}.address || ' ' || ${r}.city || ' ' || ${r}.region || ' ' || ${r}.countryName`,
          );
        await sql`CREATE TRIGGER spaces_fts_ai AFTER INSERT ON spaces BEGIN INSERT INTO spaces_fts(rowid, name, summary, description, tags, location) VALUES (new.rowid, ${row('new')}); END`.execute(
          db,
        );
        await sql`CREATE TRIGGER spaces_fts_ad AFTER DELETE ON spaces BEGIN DELETE FROM spaces_fts WHERE rowid = old.rowid; END`.execute(db);
        await sql`CREATE TRIGGER spaces_fts_au AFTER UPDATE OF name, summary, description, tags, address, city, region, countryName ON spaces BEGIN DELETE FROM spaces_fts WHERE rowid = old.rowid; INSERT INTO spaces_fts(rowid, name, summary, description, tags, location) VALUES (new.rowid, ${row('new')}); END`.execute(
          db,
        );
      }
    },
  };
}
