import { sql } from 'kysely';
import { makePage, type PageWindow } from '../../../domain/page.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { accountSpacesCondition, readAccountRow } from '../profiles/profiles.queries.ts';
import { cardsPage } from '../spaces/spaces.queries.ts';

/** A page of an account's spaces: listed ones for everyone; members and admins see all but moderated. */
export async function accountSpaces(ctx: ContentCtx, accountKey: string, w: PageWindow) {
  const account = await readAccountRow(ctx, accountKey);
  const ofAccount = await accountSpacesCondition(ctx, account);
  const insider = ctx.viewer.isAdmin || ctx.viewer.accountIds.includes(account.id);
  const visible = insider
    ? sql`s.id NOT IN (SELECT "itemId" FROM moderation_records WHERE "itemType" = 'SPACE')`
    : sql`s.visibility = 'PUBLIC' AND s.id NOT IN (SELECT "itemId" FROM moderation_records WHERE "itemType" = 'SPACE')`;
  if (w.limit <= 0) return makePage([], 0, w);
  return cardsPage(ctx, sql`${ofAccount} AND ${visible}`, sql`s."createdAt" DESC`, w);
}
