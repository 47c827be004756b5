import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * better-auth's tables, prefixed `auth_` so they sit beside ours (our `accounts` are organizations).
 * Column names and types are what better-auth 1.7 generates for each dialect, so its schema check
 * passes; `auth_user.id` equals `users.id`.
 */
export function auth(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const date = pg ? 'timestamptz' : 'date';
  const bool = pg ? 'boolean' : 'integer';
  return {
    async up(db: Db) {
      await db.schema
        .createTable('auth_user')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', bool, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('auth_session')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('auth_session_userId_idx').on('auth_session').column('userId').execute();

      await db.schema
        .createTable('auth_account')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', date)
        .addColumn('refreshTokenExpiresAt', date)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auth_account_userId_idx').on('auth_account').column('userId').execute();

      await db.schema
        .createTable('auth_verification')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auth_verification_identifier_idx').on('auth_verification').column('identifier').execute();

      // Rate-limit counters live in the database so they hold across restarts and replicas.
      await db.schema
        .createTable('auth_rate_limit')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('lastRequest', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
