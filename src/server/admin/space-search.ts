import { sql, type RawBuilder } from 'kysely';
import type { AdminSpaceSearchDto } from '../../domain/admin-inputs.ts';
import { makePage, type PageWindow } from '../../domain/page.ts';
import type { Space } from '../../domain/space.ts';
import type { ContentCtx } from '../content/context.ts';
import { FTS_COLUMNS, FTS_WEIGHTS, ftsMatchExpression, searchTokens } from '../content/fts.ts';
import { hasAnyTag, tagIdsFor, toSpaces, type SpaceCardRow } from '../content/spaces.ts';

const MODERATED = sql`(SELECT "itemId" FROM moderation_records WHERE "itemType" = 'SPACE')`;

/**
 * POST /admin/api/space/search/: every space, whatever its visibility or moderation, as full
 * records. Text matches words like the public search (FTS5 on SQLite, LIKE on PostgreSQL) and also
 * an exact id, modelId or slug, which comes first.
 */
export async function searchAllSpaces(ctx: ContentCtx, dto: AdminSpaceSearchDto, w: PageWindow) {
  const where: RawBuilder<unknown>[] = [];
  if (dto.visibility?.length) where.push(sql`s.visibility IN (${sql.join(dto.visibility)})`);
  else if (!dto.includePrivate) where.push(sql`s.visibility <> 'PRIVATE'`);
  if (dto.countryCode) where.push(sql`s."countryCode" = ${dto.countryCode.toUpperCase()}`);
  if (dto.organizationId) where.push(sql`s."organizationId" IN (SELECT a.id FROM accounts a WHERE a.id = ${dto.organizationId} OR a.sid = ${dto.organizationId})`);
  if (dto.ownerUserId) where.push(sql`s."ownerUserId" IN (SELECT u.id FROM users u WHERE u.id = ${dto.ownerUserId} OR u.sid = ${dto.ownerUserId})`);
  if (dto.moderated === true) where.push(sql`s.id IN ${MODERATED}`);
  if (dto.moderated === false) where.push(sql`s.id NOT IN ${MODERATED}`);
  if (dto.tags?.length) {
    const ids = await tagIdsFor(ctx, dto.tags);
    for (const t of dto.tags) {
      const id = ids.get(t.trim().toLowerCase());
      where.push(id ? hasAnyTag(ctx, [id], false) : sql`1 = 0`);
    }
  }
  const text = dto.searchText?.trim() ?? '';
  const sort = dto.sort ?? (text ? 'relevance' : 'recent');
  const tie = ctx.dialect === 'sqlite' ? sql.raw('s.rowid DESC') : sql.raw('s.id DESC');
  let from: RawBuilder<unknown> = sql.raw('spaces s');
  let rank: RawBuilder<unknown> = sql`0`;
  if (text) {
    const exact = sql`(s.id = ${text} OR s."modelId" = ${text} OR s.slug = ${text})`;
    let words: RawBuilder<unknown> = sql`1 = 0`;
    if (ctx.dialect === 'sqlite') {
      const expr = ftsMatchExpression(text);
      if (expr) {
        const weights = sql.raw(FTS_COLUMNS.map((c) => FTS_WEIGHTS[c]).join(', '));
        from = sql`spaces s LEFT JOIN (SELECT rowid AS fid, bm25(spaces_fts, ${weights}) AS rank FROM spaces_fts WHERE spaces_fts MATCH ${expr}) f ON f.fid = s.rowid`;
        words = sql`f.fid IS NOT NULL`;
        rank = sql`CASE WHEN ${exact} THEN -1e9 ELSE coalesce(f.rank, 0) END`;
      }
    } else {
      const tokens = searchTokens(text);
      if (tokens.length) {
        const hay = sql`lower(s.name || ' ' || s.summary || ' ' || s.description || ' ' || s.tags || ' ' || s.address || ' ' || s.city || ' ' || s.region || ' ' || s."countryName")`;
        words = sql.join(tokens.map((t) => sql`${hay} LIKE ${`%${t.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`), sql` AND `);
      }
      rank = sql`CASE WHEN ${exact} THEN 0 ELSE 1 END`;
    }
    where.push(sql`(${exact} OR (${words}))`);
  }
  const order =
    sort === 'relevance' ? sql`${rank} ASC, s.views DESC, ${tie}`
      : sort === 'views' ? sql`s.views DESC, ${tie}`
        : sort === 'name' ? sql`s.name ASC, ${tie}`
          : sql`s."createdAt" DESC, ${tie}`;
  const cond = where.length ? sql.join(where, sql` AND `) : sql`1 = 1`;
  const [rows, count] = await Promise.all([
    sql<SpaceCardRow & Record<string, unknown>>`SELECT s.* FROM ${from} WHERE ${cond} ORDER BY ${order} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(ctx.db),
    sql<{ n: number }>`SELECT count(*) AS n FROM ${from} WHERE ${cond}`.execute(ctx.db),
  ]);
  const spaces: Space[] = await toSpaces(ctx, rows.rows);
  return makePage(spaces, Number(count.rows[0]?.n ?? 0), w);
}
