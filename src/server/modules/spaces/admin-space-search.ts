import { sql, type RawBuilder } from 'kysely';
import type { AdminSpaceSearchDto } from '../../../domain/admin-inputs.ts';
import { makePage, type PageWindow } from '../../../domain/page.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { FTS_COLUMNS, FTS_WEIGHTS, ftsMatchExpression, ftsSpaceRowid, pgTextSearch } from './fts.ts';
import { hasAnyTag, tagIdsFor, toSpaces, type SpaceCardRow } from './spaces.queries.ts';

type Row = SpaceCardRow & Record<string, unknown>;
const MODERATED = sql`(SELECT "itemId" FROM moderation_records WHERE "itemType" = 'SPACE')`;

/** SQL conditions (alias s) of the filters of an admin space search, text aside. */
async function filterConditions(ctx: ContentCtx, dto: AdminSpaceSearchDto): Promise<RawBuilder<unknown>[]> {
  const where: RawBuilder<unknown>[] = [];
  if (dto.visibility?.length) where.push(sql`s.visibility IN (${sql.join(dto.visibility)})`);
  else if (!dto.includePrivate) where.push(sql`s.visibility <> 'PRIVATE'`);
  if (dto.countryCode) where.push(sql`s."countryCode" = ${dto.countryCode.toUpperCase()}`);
  if (dto.organizationId)
    where.push(sql`s."organizationId" IN (SELECT a.id FROM accounts a WHERE a.id = ${dto.organizationId} OR a.sid = ${dto.organizationId})`);
  if (dto.ownerUserId) where.push(sql`s."ownerUserId" IN (SELECT u.id FROM users u WHERE u.id = ${dto.ownerUserId} OR u.sid = ${dto.ownerUserId})`);
  if (dto.moderated === true) where.push(sql`s.id IN ${MODERATED}`);
  if (dto.moderated === false) where.push(sql`s.id NOT IN ${MODERATED}`);
  if (dto.cameras?.length) where.push(sql`s.id IN (SELECT sc."spaceId" FROM space_cameras sc WHERE sc.kind IN (${sql.join(dto.cameras)}))`);
  if (dto.tags?.length) {
    const ids = await tagIdsFor(ctx, dto.tags);
    for (const t of dto.tags) {
      const id = ids.get(t.trim().toLowerCase());
      where.push(id ? hasAnyTag(ctx, [id], false) : sql`1 = 0`);
    }
  }
  return where;
}

/**
 * POST /admin/api/space/search/: every space, whatever its visibility or moderation, as full
 * records. Text matches words like the public search (FTS5 on SQLite, full-text search on PostgreSQL); a text
 * that is exactly a space's id, modelId or slug also finds that space, listed first.
 */
export async function searchAllSpaces(ctx: ContentCtx, dto: AdminSpaceSearchDto, w: PageWindow) {
  const where = await filterConditions(ctx, dto);
  const text = dto.searchText?.trim() ?? '';
  const sort = dto.sort ?? (text ? 'relevance' : 'recent');
  const tie = ctx.dialect === 'sqlite' ? sql.raw('s.rowid DESC') : sql.raw('s.id DESC');
  let from: RawBuilder<unknown> = sql.raw('spaces s');
  let relevance: RawBuilder<unknown> = sql`s.views DESC`;
  let exact: Row | undefined;
  if (text) {
    const filters = where.length ? sql.join(where, sql` AND `) : sql`1 = 1`;
    exact = (
      await sql<Row>`SELECT s.* FROM spaces s WHERE (s.id = ${text} OR s."modelId" = ${text} OR s.slug = ${text}) AND ${filters} LIMIT 1`.execute(ctx.db)
    ).rows[0];
    if (exact) where.push(sql`s.id <> ${exact.id}`);
    if (ctx.dialect === 'sqlite') {
      const expr = ftsMatchExpression(text);
      if (!expr) where.push(sql`1 = 0`);
      else {
        // The FTS subquery drives the join (rowid lookups into spaces), as in the public search.
        const weights = sql.raw(FTS_COLUMNS.map((c) => FTS_WEIGHTS[c]).join(', '));
        from = sql`spaces s JOIN (SELECT ${ftsSpaceRowid()} AS fid, bm25(spaces_fts, ${weights}) AS rank FROM spaces_fts WHERE spaces_fts MATCH ${expr}) f ON f.fid = s.rowid`;
        relevance = sql`f.rank ASC, s.views DESC`;
      }
    } else {
      const search = pgTextSearch(text);
      if (!search) where.push(sql`1 = 0`);
      else {
        from = search.from;
        where.push(...search.where);
        relevance = sql`${search.rank} DESC, s.views DESC`;
      }
    }
  }
  const order =
    sort === 'relevance'
      ? sql`${relevance}, ${tie}`
      : sort === 'views'
        ? sql`s.views DESC, ${tie}`
        : sort === 'name'
          ? sql`s.name ASC, ${tie}`
          : sql`s."createdAt" DESC, ${tie}`;
  const cond = where.length ? sql.join(where, sql` AND `) : sql`1 = 1`;
  // The exact hit takes the first place; the word matches follow it.
  const lead = exact && w.offset === 0 ? [exact] : [];
  const skip = exact ? Math.max(0, w.offset - 1) : w.offset;
  const take = w.limit - lead.length;
  const [rows, count] = await Promise.all([
    take > 0
      ? sql<Row>`SELECT s.* FROM ${from} WHERE ${cond} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`.execute(ctx.db)
      : Promise.resolve({ rows: [] as Row[] }),
    sql<{ n: number }>`SELECT count(*) AS n FROM ${from} WHERE ${cond}`.execute(ctx.db),
  ]);
  const spaces = await toSpaces(ctx, [...lead, ...rows.rows]);
  return makePage(spaces, Number(count.rows[0]?.n ?? 0) + (exact ? 1 : 0), w);
}
