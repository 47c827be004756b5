import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import type { ContentCtx } from '../content/context.ts';
import { findAccount as findAccountRow } from '../../modules/profiles/profiles.queries.ts';
import { findSpaceRow } from '../../modules/spaces/spaces.queries.ts';
import { viewerOf } from '../content/viewer.ts';
import { systemClock } from '../clock.ts';

/** A content context over any handle (a transaction too) for the content API's plain finders, which check no visibility and read no time. */
const over = (db: Kysely<Database>): ContentCtx => ({ db, dialect: dialectOf(db), viewer: viewerOf(null), showViews: true, clock: systemClock });

/** Finds a space by id, modelId, current slug or a former slug (the public finder, on a transaction). */
export const findSpace = (db: Kysely<Database>, key: string) => findSpaceRow(over(db), key);

/** Finds an account by id or sid. */
export const findAccount = (db: Kysely<Database>, key: string) => findAccountRow(over(db), key);

/** Finds a collection by id or sid. */
export async function findCollection(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('collections')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('sid', '=', key)]))
    .executeTakeFirst();
}
