import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { Dialect } from '../../db/dialect.ts';
import { clockOf, type Clock } from '../clock.ts';
import { viewerOf, type Viewer } from './viewer.ts';
import { readFlagSetting, SETTING_SHOW_VIEWS } from '../../modules/settings/settings.queries.ts';

/** What every content query needs: the database, its engine and who is asking. */
export interface ContentCtx {
  db: Kysely<Database>;
  dialect: Dialect;
  viewer: Viewer;
  /** Whether view counts are shown to this viewer (setting `space.showViews`; admins always see them). */
  showViews: boolean;
  /** The app's clock, for anything that depends on the time (banner expiry, the daily shuffle). */
  clock: Clock;
}

/** Builds the content context of a request (one settings read). */
export async function contentCtx(c: Context<AppEnv>): Promise<ContentCtx> {
  const deps = c.get('deps');
  const { db } = deps;
  const viewer = viewerOf(c.get('user'));
  const showViews = viewer.isAdmin || (await readFlagSetting(db.kysely, SETTING_SHOW_VIEWS, true));
  return { db: db.kysely, dialect: db.dialect, viewer, showViews, clock: clockOf(deps) };
}
