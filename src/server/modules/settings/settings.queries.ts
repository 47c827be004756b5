import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Setting keys the content API reads (values are the strings 'true' / 'false'). */
export const SETTING_SHOW_VIEWS = 'space.showViews';
/** @see SETTING_SHOW_VIEWS */
export const SETTING_RANDOMIZE_FEATURED_TAGS = 'featuredTags.randomize';

/** Reads a boolean setting; missing or unreadable values give the default. */
export async function readFlagSetting(db: Kysely<Database>, key: string, fallback: boolean): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return fallback;
  const v = row.value.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return fallback;
}
