import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { contentCtx, type ContentCtx } from '../content/context.ts';
import { viewerOf } from '../content/viewer.ts';
import { clockOf } from '../clock.ts';

/** The content context of an admin request: the administrator sees every item, moderated and private ones too. */
export const adminCtx = (c: Context<AppEnv>): Promise<ContentCtx> => contentCtx(c);

/** A content context that sees what a guest sees: for previews of what the public site will show. */
export function guestCtx(c: Context<AppEnv>): ContentCtx {
  const deps = c.get('deps');
  return { db: deps.db.kysely, dialect: deps.db.dialect, viewer: viewerOf(null), showViews: true, clock: clockOf(deps) };
}

/** The same context over a transaction, for content mappers called inside `withAudit`. */
export const inTx = (ctx: ContentCtx, tx: Kysely<Database>): ContentCtx => ({ ...ctx, db: tx });
