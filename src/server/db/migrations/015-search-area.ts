import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * A spatial index of where spaces are, for "Search this area" (issue 25). SQLite: an R*Tree
 * `spaces_area` (id = the space's rowid; a point is a box of zero size), kept by triggers on
 * `spaces.lat`/`long`. PostgreSQL: a GiST index on `point(long, lat)`, queried with `<@ box(...)`.
 * Neither is in the schema types: queries reach them through `sql`.
 */
export function searchArea(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect === 'postgres') {
        await sql`CREATE INDEX spaces_area ON spaces USING gist (point(long, lat)) WHERE lat IS NOT NULL AND long IS NOT NULL`.execute(db);
        return;
      }
      await sql`CREATE VIRTUAL TABLE spaces_area USING rtree(id, "minLat", "maxLat", "minLong", "maxLong")`.execute(db);
      await sql`INSERT INTO spaces_area SELECT rowid, lat, lat, long, long FROM spaces WHERE lat IS NOT NULL AND long IS NOT NULL`.execute(db);
      await sql`CREATE TRIGGER spaces_area_ai AFTER INSERT ON spaces WHEN new.lat IS NOT NULL AND new.long IS NOT NULL BEGIN
          INSERT INTO spaces_area VALUES (new.rowid, new.lat, new.lat, new.long, new.long); END`.execute(db);
      await sql`CREATE TRIGGER spaces_area_au AFTER UPDATE OF lat, long ON spaces BEGIN
          DELETE FROM spaces_area WHERE id = old.rowid;
          INSERT INTO spaces_area SELECT new.rowid, new.lat, new.lat, new.long, new.long WHERE new.lat IS NOT NULL AND new.long IS NOT NULL; END`.execute(db);
      await sql`CREATE TRIGGER spaces_area_ad AFTER DELETE ON spaces BEGIN DELETE FROM spaces_area WHERE id = old.rowid; END`.execute(db);
    },
    async down(db: Db): Promise<void> {
      if (dialect === 'postgres') {
        await sql`DROP INDEX spaces_area`.execute(db);
        return;
      }
      for (const t of ['spaces_area_ai', 'spaces_area_au', 'spaces_area_ad']) await sql`DROP TRIGGER ${sql.raw(t)}`.execute(db);
      await sql`DROP TABLE spaces_area`.execute(db);
    },
  };
}
