import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readFlagSetting } from './settings.queries.ts';

/** Defaults of the boolean settings, as the content API reads them when unset. */
export const SETTING_DEFAULTS: Record<string, boolean> = { 'space.showViews': true, 'featuredTags.randomize': false };

/** Writes a boolean setting ('true' / 'false', the form the content API reads) at `now` (ISO) and answers the value it had. */
export async function writeFlagSetting(db: Kysely<Database>, key: string, value: boolean, now: string): Promise<boolean> {
  const before = await readFlagSetting(db, key, SETTING_DEFAULTS[key] ?? false);
  await db
    .insertInto('settings')
    .values({ key, value: String(value), updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(value), updatedAt: now }))
    .execute();
  return before;
}
