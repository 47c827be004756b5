import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<any, any>;

/**
 * Tables of the app marketplace (issue 13). Portable between SQLite and PostgreSQL: text ids,
 * 0/1 integer flags, ISO-8601 UTC text times, JSON as text. Display order is `position` ascending.
 */

const stamps = (t: Table) => t.addColumn('createdAt', 'text', (c) => c.notNull()).addColumn('updatedAt', 'text', (c) => c.notNull());

/** The marketplace tables. */
export function marketplace(_dialect: Dialect) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('marketplace_media')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('variants', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();

      await stamps(
        db.schema
          .createTable('marketplace_partners')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('logoId', 'text')
          .addColumn('logoAlt', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('website', 'text')
          .addColumn('contactEmail', 'text', (c) => c.notNull())
          .addColumn('leadEndpointUrl', 'text')
          .addColumn('leadSecret', 'text', (c) => c.notNull())
          .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await stamps(
        db.schema
          .createTable('marketplace_apps')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .addColumn('partnerId', 'text', (c) => c.notNull().references('marketplace_partners.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('summary', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('industries', 'text', (c) => c.notNull())
          .addColumn('features', 'text', (c) => c.notNull())
          .addColumn('beta', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('hosting', 'text', (c) => c.notNull())
          .addColumn('website', 'text')
          .addColumn('supportEmail', 'text')
          .addColumn('supportUrl', 'text')
          .addColumn('documents', 'text', (c) => c.notNull())
          .addColumn('downloads', 'text', (c) => c.notNull())
          .addColumn('resources', 'text', (c) => c.notNull())
          .addColumn('screenshots', 'text', (c) => c.notNull())
          .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();
      await db.schema.createIndex('marketplace_apps_partner').on('marketplace_apps').column('partnerId').execute();

      await stamps(
        db.schema
          .createTable('marketplace_collections')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await db.schema
        .createTable('marketplace_collection_apps')
        .addColumn('collectionId', 'text', (c) => c.notNull().references('marketplace_collections.id').onDelete('cascade'))
        .addColumn('appId', 'text', (c) => c.notNull().references('marketplace_apps.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('marketplace_collection_apps_pk', ['collectionId', 'appId'])
        .execute();
      await db.schema.createIndex('marketplace_collection_apps_app').on('marketplace_collection_apps').column('appId').execute();

      await db.schema
        .createTable('marketplace_leads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('appId', 'text', (c) => c.notNull())
        .addColumn('partnerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull())
        .addColumn('spaces', 'text', (c) => c.notNull())
        .addColumn('appSlug', 'text', (c) => c.notNull())
        .addColumn('appName', 'text', (c) => c.notNull())
        .addColumn('partnerName', 'text', (c) => c.notNull())
        .addColumn('partnerSlug', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('company', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('consent', 'integer', (c) => c.notNull())
        .addColumn('webhookMessageId', 'text')
        .addColumn('emailMessageId', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('marketplace_leads_user_app').on('marketplace_leads').columns(['userId', 'appId', 'createdAt']).execute();
      await db.schema.createIndex('marketplace_leads_user').on('marketplace_leads').columns(['userId', 'createdAt']).execute();
      await db.schema.createIndex('marketplace_leads_created').on('marketplace_leads').column('createdAt').execute();
    },
    async down(db: Db) {
      for (const t of [
        'marketplace_leads',
        'marketplace_collection_apps',
        'marketplace_collections',
        'marketplace_apps',
        'marketplace_partners',
        'marketplace_media',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
