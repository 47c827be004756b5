import type { Kysely } from 'kysely';
import type { Dialect } from '../db.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** A pro's directory profile (Find a 3D Pro, issue 27): what the technician or partner row does not hold. */
export interface ProProfilesTable {
  id: string;
  /** TECHNICIAN or PARTNER. */
  kind: string;
  /** capture_technicians.id of a TECHNICIAN. */
  technicianId: string | null;
  /** marketplace_partners.id of a PARTNER. */
  partnerId: string | null;
  headline: string;
  /** The photo's path under /media, or null. */
  photoPath: string | null;
  photoWidth: number;
  photoHeight: number;
  /** JSON [{ city, region, countryCode }]: the areas served (a technician's first is its base). */
  areas: string;
  /** JSON array of BCP 47 tags. */
  languages: string;
  /** JSON array of capture kinds. */
  captures: string;
  createdAt: string;
  updatedAt: string;
}

/** The pros table, added to a database's tables (the shared schema does not list it). */
export const prosDb = <DB>(db: Kysely<DB>) => db.$extendTables<{ pro_profiles: ProProfilesTable }>();

/** Directory profiles of the capture technicians and partner professionals. */
export function pros(_dialect: Dialect) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('pro_profiles')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('technicianId', 'text')
        .addColumn('partnerId', 'text')
        .addColumn('headline', 'text', (c) => c.notNull())
        .addColumn('photoPath', 'text')
        .addColumn('photoWidth', 'integer', (c) => c.notNull())
        .addColumn('photoHeight', 'integer', (c) => c.notNull())
        .addColumn('areas', 'text', (c) => c.notNull())
        .addColumn('languages', 'text', (c) => c.notNull())
        .addColumn('captures', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('pro_profiles').execute();
    },
  };
}
