import { sql, type RawBuilder } from 'kysely';
import { findCameraModel, type CameraFilter, type CameraKind } from '../../../domain/cameras.ts';
import { Visibility, type SpaceType } from '../../../domain/enums.ts';
import { makePage, type PageWindow } from '../../../domain/page.ts';
import type { MapBounds } from '../../../domain/search.ts';
import type { Space, SpaceCard } from '../../../domain/space.ts';
import { notFound } from '../../platform/errors.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import {
  FTS_COLUMNS,
  FTS_PUBLIC_KEY,
  FTS_WEIGHTS,
  ftsKey,
  ftsMatchExpression,
  ftsSpaceRowid,
  pgTextSearch,
  searchTokens,
  typingLastWord,
  type FtsColumn,
} from './fts.ts';
import { foldWord, planSearch, type SearchPlan } from './typos.ts';
import { currentVocabulary, sqliteIndexStamp } from './vocabulary.ts';
import { pgWordRows, wordTerms } from './search-words.ts';
import { prefixCounts, storedKeyCount, storedPoolCtes } from './prefix-rank.ts';
import { spaceImages } from '../../platform/content/media-urls.ts';
import { isModerated, listedSpace, ownsSpace } from '../../platform/content/viewer.ts';

/** The columns a space card reads. */
export interface SpaceCardRow {
  id: string;
  modelId: string;
  name: string;
  slug: string;
  summary: string;
  city: string;
  countryCode: string;
  countryName: string;
  tags: string;
  views: number;
  type: string;
  imageKey: string;
  imageWidth: number;
  imageHeight: number;
}

const CARD_COLUMNS = sql.raw(
  's.id, s."modelId", s.name, s.slug, s.summary, s.city, s."countryCode", s."countryName", s.tags, s.views, s.type, s."imageKey", s."imageWidth", s."imageHeight"',
);

/** Parses the denormalised JSON tag list of a space row. */
export function parseTags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** A space row as a card. */
export function toSpaceCard(ctx: ContentCtx, r: SpaceCardRow): SpaceCard {
  return {
    id: r.id,
    modelId: r.modelId,
    name: r.name,
    slug: r.slug,
    summary: r.summary,
    city: r.city,
    countryCode: r.countryCode,
    countryName: r.countryName,
    tags: parseTags(r.tags),
    views: ctx.showViews ? Number(r.views) : null,
    type: r.type as SpaceType,
    images: spaceImages(r.imageKey, Number(r.imageWidth), Number(r.imageHeight)),
  };
}

/** Full space rows as API spaces, with cameras, organizations, moderation and the viewer's latest collection loaded in batches. */
export async function toSpaces(ctx: ContentCtx, rows: readonly (SpaceCardRow & Record<string, unknown>)[]): Promise<Space[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const orgIds = [...new Set(rows.map((r) => r['organizationId']).filter((v): v is string => typeof v === 'string'))];
  const [cameras, orgs, moderation, latest] = await Promise.all([
    ctx.db
      .selectFrom('space_cameras')
      .select(['spaceId', 'code', 'manufacturer', 'kind'])
      .where('spaceId', 'in', ids)
      .orderBy('spaceId')
      .orderBy('code')
      .execute(),
    orgIds.length ? ctx.db.selectFrom('accounts').select(['id', 'name']).where('id', 'in', orgIds).execute() : [],
    ctx.viewer.isAdmin
      ? ctx.db.selectFrom('moderation_records').select(['itemId', 'reason']).where('itemType', '=', 'SPACE').where('itemId', 'in', ids).execute()
      : [],
    ctx.viewer.user
      ? ctx.db
          .selectFrom('collection_children as cc')
          .innerJoin('collections as c', 'c.id', 'cc.collectionId')
          .select(['cc.childId', 'c.id', 'c.name', 'c.isFavorite', 'cc.addedAt'])
          .where('cc.childType', '=', 'SPACE')
          .where('cc.childId', 'in', ids)
          .where('c.ownerUserId', '=', ctx.viewer.user.id)
          .orderBy('cc.addedAt', 'desc')
          .execute()
      : [],
  ]);
  const camerasBySpace = new Map<string, Space['cameras']>();
  for (const c of cameras) {
    const list = camerasBySpace.get(c.spaceId) ?? [];
    list.push({ kind: c.kind as CameraKind, code: c.code, manufacturer: c.manufacturer, label: findCameraModel(c.code)?.label ?? c.code });
    camerasBySpace.set(c.spaceId, list);
  }
  const orgName = new Map(orgs.map((o) => [o.id, o.name]));
  const reason = new Map(moderation.map((m) => [m.itemId, m.reason]));
  const latestBySpace = new Map<string, Space['latestUserCollection']>();
  for (const l of latest) if (!latestBySpace.has(l.childId)) latestBySpace.set(l.childId, { id: l.id, name: l.name, isFavorite: l.isFavorite === 1 });
  return rows.map((r) => {
    const orgId = typeof r['organizationId'] === 'string' ? r['organizationId'] : null;
    const lat = r['lat'];
    const long = r['long'];
    const altitude = r['altitude'];
    return {
      ...toSpaceCard(ctx, r),
      description: typeof r['description'] === 'string' ? r['description'] : '',
      address: typeof r['address'] === 'string' ? r['address'] : '',
      geolocation: typeof lat === 'number' && typeof long === 'number' ? { lat, long, altitude: typeof altitude === 'number' ? altitude : null } : null,
      cameras: camerasBySpace.get(r.id) ?? [],
      visibility: r['visibility'] as Visibility,
      presentedBy: typeof r['presentedBy'] === 'string' ? r['presentedBy'] : null,
      organization: orgId && orgName.has(orgId) ? { id: orgId, companyName: orgName.get(orgId) as string } : null,
      moderation: { isModerated: reason.has(r.id), reason: reason.get(r.id) ?? null },
      latestUserCollection: latestBySpace.get(r.id) ?? null,
      createdAt: String(r['createdAt']),
      updatedAt: String(r['updatedAt']),
    };
  });
}

/** Finds a space row by id, modelId, current slug or a former slug; no visibility check. */
export async function findSpaceRow(ctx: ContentCtx, key: string) {
  const row = await ctx.db
    .selectFrom('spaces')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('modelId', '=', key), eb('slug', '=', key)]))
    .executeTakeFirst();
  if (row) return row;
  const old = await ctx.db.selectFrom('space_slugs').select('spaceId').where('slug', '=', key).executeTakeFirst();
  if (!old) return undefined;
  return ctx.db.selectFrom('spaces').selectAll().where('id', '=', old.spaceId).executeTakeFirst();
}

/**
 * A space the viewer may read by its key: PUBLIC and UNLISTED to all, PRIVATE to its owner, its
 * organization's members and administrators; moderated ones to administrators only. Else 404.
 */
export async function readSpaceRow(ctx: ContentCtx, key: string) {
  const row = await findSpaceRow(ctx, key);
  if (!row) throw notFound('Space');
  if (ctx.viewer.isAdmin) return row;
  if (await isModerated(ctx.db, 'SPACE', row.id)) throw notFound('Space');
  if (row.visibility === 'PRIVATE' && !ownsSpace(ctx.viewer, row)) throw notFound('Space');
  return row;
}

/** GET /space/{id}/: one space as the viewer may see it. */
export async function readSpace(ctx: ContentCtx, key: string): Promise<Space> {
  const row = await readSpaceRow(ctx, key);
  const [space] = await toSpaces(ctx, [row]);
  return space as Space;
}

/** Resolves a space key (id, modelId or slug) to its id without visibility checks; null when unknown. */
export async function resolveSpaceId(ctx: ContentCtx, key: string | undefined): Promise<string | null> {
  if (!key) return null;
  const row = await ctx.db
    .selectFrom('spaces')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', key), eb('modelId', '=', key), eb('slug', '=', key)]))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Loads cards of listed (public, unmoderated) spaces by id, keyed by id. */
export async function listedCardsById(ctx: ContentCtx, ids: readonly string[]): Promise<Map<string, SpaceCard>> {
  const out = new Map<string, SpaceCard>();
  if (!ids.length) return out;
  const rows =
    await sql<SpaceCardRow>`SELECT ${CARD_COLUMNS} FROM spaces s WHERE s.id IN (${sql.join([...new Set(ids)])}) AND ${listedSpace('s', ctx.dialect)}`.execute(
      ctx.db,
    );
  for (const r of rows.rows) out.set(r.id, toSpaceCard(ctx, r));
  return out;
}

/** Loads cards by id with a caller-given visibility condition on alias `s`. */
export async function cardsById(ctx: ContentCtx, ids: readonly string[], visible: RawBuilder<unknown>): Promise<Map<string, SpaceCard>> {
  const out = new Map<string, SpaceCard>();
  if (!ids.length) return out;
  const rows = await sql<SpaceCardRow>`SELECT ${CARD_COLUMNS} FROM spaces s WHERE s.id IN (${sql.join([...new Set(ids)])}) AND ${visible}`.execute(ctx.db);
  for (const r of rows.rows) out.set(r.id, toSpaceCard(ctx, r));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Lists and search: one query builder over `spaces s` with AND-ed conditions.

/** Order of a space list. */
export type SpaceOrder = 'relevance' | 'views' | 'recent';

/** A space query: conditions on alias `s`, an optional full-text match, and an order. */
export interface SpaceQuery {
  where: RawBuilder<unknown>[];
  /** Text to match (already validated); null or empty for none. */
  text?: string | null;
  columns?: readonly FtsColumn[];
  order: SpaceOrder;
  /** UNLISTED spaces too: only for the site build, which pre-renders their pages (noindex). */
  includeUnlisted?: boolean;
}

/** How a search's words are matched, typos forgiven (./typos.ts); null for text without a word. */
export async function searchPlanOf(ctx: ContentCtx, text: string): Promise<SearchPlan | null> {
  const tokens = searchTokens(text);
  if (!tokens.length) return null;
  const { vocab, current, stamp } = await currentVocabulary(ctx);
  const found = planSearch(vocab, tokens, typingLastWord(text));
  if (!current) return { ...found, words: found.words.map((w) => ({ ...w, completions: null })) };
  const plan = { ...found, indexStamp: stamp };
  // One word standing for a few indexed words: the vocabulary knows how many rows hold each (the count needs no walk).
  const [only] = plan.words;
  const words = only && plan.words.length === 1 && !only.alternatives.length ? (only.prefix ? only.completions : [foldWord(only.word)]) : null;
  if (!words?.length || words.length > MAX_COUNTED_TERMS || !words.every((t) => /^[a-z0-9]+$/.test(t))) return plan;
  return { ...plan, terms: words.map((word) => ({ word, rows: vocab.docs.get(word) ?? 0 })) };
}

/** Most indexed words one searched word is counted from by their rows (inclusion–exclusion: 2^n − n − 1 intersections). */
const MAX_COUNTED_TERMS = 3;

/** A compiled space query: FROM, conditions, ORDER BY, and on SQLite with text the FTS5 MATCH expression. */
interface CompiledQuery {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  order: RawBuilder<unknown>;
  match?: string;
  /** SQLite: the match with a typed prefix as one term, for bm25 (the same matches as `match`). */
  rankMatch?: string;
  /** The plan widened a rare word: spaces matching the words as typed come first (the plain query orders them). */
  exactFirst?: boolean;
}

/** The FROM clause, conditions and ORDER BY of a space query; null when the text can match nothing. */
export function compile(ctx: ContentCtx, q: SpaceQuery, plan?: SearchPlan | null): CompiledQuery | null {
  const where = [listedSpace('s', ctx.dialect, q.includeUnlisted === true), ...q.where];
  const tie = ctx.dialect === 'sqlite' ? sql.raw('s.rowid DESC') : sql.raw('s.id DESC');
  let from: RawBuilder<unknown> = sql.raw('spaces s');
  let match: string | undefined;
  let rankMatch: string | undefined;
  let order: RawBuilder<unknown> = sql`s.views DESC, ${tie}`;
  if (q.order === 'recent') order = sql`s."createdAt" DESC, ${tie}`;
  const text = (q.text ?? '').trim();
  if (text) {
    const columns = q.columns?.length ? q.columns : FTS_COLUMNS;
    const typed = plan?.mixed === true;
    if (ctx.dialect === 'sqlite') {
      const expr = ftsMatchExpression(text, columns, plan ?? undefined);
      if (!expr) return null;
      match = expr;
      rankMatch = ftsMatchExpression(text, columns, plan ?? undefined, false, false) ?? expr;
      const weights = sql.raw(FTS_COLUMNS.map((c) => FTS_WEIGHTS[c]).join(', '));
      from = sql`spaces s JOIN (SELECT ${ftsSpaceRowid()} AS fid, bm25(spaces_fts, ${weights}) AS rank FROM spaces_fts WHERE spaces_fts MATCH ${rankMatch}) f ON f.fid = s.rowid`;
      const exact = typed ? ftsMatchExpression(text, columns, plan ?? undefined, true) : null;
      const first = exact ? sql`(s.rowid NOT IN (SELECT ${ftsSpaceRowid()} FROM spaces_fts WHERE spaces_fts MATCH ${exact})), ` : sql``;
      if (q.order === 'relevance') order = sql`${first}f.rank ASC, s.views DESC, ${tie}`;
    } else {
      const search = pgTextSearch(text, columns, plan ?? undefined);
      if (!search) return null;
      from = search.from;
      where.push(...search.where);
      const first = search.exact ? sql`${search.exact}, ` : sql``;
      if (q.order === 'relevance') order = sql`${first}${search.rank} DESC, s.views DESC, ${tie}`;
    }
  }
  return {
    from,
    where: sql.join(where, sql` AND `),
    order,
    ...(match ? { match } : {}),
    ...(rankMatch ? { rankMatch } : {}),
    ...(plan?.mixed ? { exactFirst: true } : {}),
  };
}

/** Runs a space query for one window of cards, with the total count. */
export async function queryCards(ctx: ContentCtx, q: SpaceQuery, w: PageWindow) {
  return cardsOf(ctx, q, w, null);
}

/**
 * A visitor's search: {@link queryCards} with typos forgiven (./typos.ts), and `suggestion`, the
 * query with its likely typos corrected ("Did you mean …?"), null when no word was corrected.
 */
export async function searchCards(ctx: ContentCtx, q: SpaceQuery, w: PageWindow) {
  const plan = q.text?.trim() ? await searchPlanOf(ctx, q.text) : null;
  return { ...(await cardsOf(ctx, q, w, plan)), suggestion: plan?.suggestion ?? null };
}

async function cardsOf(ctx: ContentCtx, q: SpaceQuery, w: PageWindow, plan: SearchPlan | null) {
  const words = await pgWordCards(ctx, q, w, plan);
  if (words) return words;
  const compiled = compile(ctx, q, plan);
  if (!compiled) return makePage<SpaceCard>([], 0, w);
  if (compiled.match && !compiled.exactFirst) return sqliteTextCards(ctx, q, compiled, compiled.match, w, plan);
  const { from, where, order } = compiled;
  const [rows, count] = await Promise.all([
    sql<SpaceCardRow>`SELECT ${CARD_COLUMNS} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(ctx.db),
    sql<{ n: number }>`SELECT count(*) AS n FROM ${from} WHERE ${where}`.execute(ctx.db),
  ]);
  return makePage(
    rows.rows.map((r) => toSpaceCard(ctx, r)),
    Number(count.rows[0]?.n ?? 0),
    w,
  );
}

/** PostgreSQL: a plain search's window from space_words (./search-words.ts); null when that module does not answer it. */
async function pgWordCards(ctx: ContentCtx, q: SpaceQuery, w: PageWindow, plan: SearchPlan | null) {
  const allFields = !q.columns?.length || q.columns.length === FTS_COLUMNS.length;
  if (ctx.dialect !== 'postgres' || !q.text || q.where.length || q.includeUnlisted || !allFields || q.order === 'recent') return null;
  const terms = await wordTerms(ctx, q.text, plan);
  if (!terms) return null;
  const { vocab } = await currentVocabulary(ctx);
  const found = await pgWordRows<SpaceCardRow>(ctx, terms, { order: q.order, pool: RELEVANCE_POOL }, w, (t) => vocab.docs.get(t) ?? 0, CARD_COLUMNS);
  const rows = found.rows;
  return makePage(
    rows.map((r) => toSpaceCard(ctx, r)),
    found.total,
    w,
  );
}

/**
 * Relevance ranks (bm25) this many matches at most: the most viewed ones, the first the index walks
 * (migration 019). A search matching more ranks its most viewed 1,000 and lists the rest after them in
 * views order; ranking every match of a common word cost ~8–14 ms at 100,000 spaces, these ~1 ms.
 */
export const RELEVANCE_POOL = 1000;

/**
 * SQLite full-text search for one window of cards and the total, without touching every match's
 * space row: at 100,000 spaces "apartment" matches 16,000 spaces.
 *
 * - Count: the FTS count of PUBLIC matches (index only: their keys are the highest, ~1 ms) minus
 *   those moderated or of a disabled or moderated organization, looked up by key (the conditions of
 *   `listedSpace`, viewer.ts; keep them in step). With other conditions (tags, country, cameras) the
 *   matches are joined and counted.
 * - Relevance: the first {@link RELEVANCE_POOL} matches in the index's order (the most viewed, public
 *   ones first) are ranked by bm25, ties by views; matches past the pool follow in views order. A
 *   typed prefix is scored as one term. A word the vocabulary knows (at most three indexed words) is
 *   ranked from migration 023's stored scores, FTS5's bm25 without FTS5 (./prefix-rank.ts); other
 *   searches by FTS5's bm25 of the (prefix) query.
 * - Views: the index is walked in its order (views) and stops after the page.
 */
async function sqliteTextRows(
  ctx: ContentCtx,
  q: SpaceQuery,
  compiled: CompiledQuery,
  match: string,
  w: PageWindow,
  hiddenKeys: () => Promise<string[]>,
  terms: SearchPlan['terms'],
  stamp: string,
): Promise<TextRows> {
  const { where } = compiled;
  // The one word's indexed words and their rows (the vocabulary) stand for the index on every field only.
  const counted = terms && (q.columns?.length ?? FTS_COLUMNS.length) === FTS_COLUMNS.length ? terms : undefined;
  const countsOf = (t: NonNullable<SearchPlan['terms']>) => prefixCounts(ctx, t, stamp);
  const countListed = async () => {
    const matchSet = sql`(SELECT ${ftsSpaceRowid()} AS fid FROM spaces_fts WHERE spaces_fts MATCH ${match})`;
    if (q.where.length) {
      const r = await sql<{ n: number }>`SELECT count(*) AS n FROM spaces s JOIN ${matchSet} f ON f.fid = s.rowid WHERE ${where}`.execute(ctx.db);
      return Number(r.rows[0]?.n ?? 0);
    }
    if (!q.includeUnlisted) {
      // Listed = PUBLIC (counted in the index: their keys are the highest), less the few moderated or of a
      // dead organization, looked up by key (known while the database is unchanged: hiddenKeysOf).
      const keys = await hiddenKeys();
      const values = sql.raw(keys.map((k) => `(${k})`).join(', '));
      // With the rows of the one word's indexed words known (the vocabulary), the few that are not public are counted
      // instead, and they and the hidden ones from the stored scores' index (its keys are spaces_fts' rowids).
      const publicRows = !counted
        ? sql`(SELECT count(*) FROM spaces_fts WHERE spaces_fts MATCH ${match} AND rowid >= ${FTS_PUBLIC_KEY})`
        : sql`${(await countsOf(counted)).union} - ${storedKeyCount(counted, sql`key < ${FTS_PUBLIC_KEY}`)}`;
      const hiddenRows = !keys.length
        ? sql`0`
        : counted
          ? storedKeyCount(counted, sql`key IN (${sql.raw(keys.join(', '))})`)
          : sql`(SELECT count(*) FROM (VALUES ${values}) x CROSS JOIN spaces_fts ON spaces_fts.rowid = x.column1 WHERE spaces_fts MATCH ${match})`;
      const r = await sql<{ n: number; hidden: number }>`SELECT ${publicRows} AS n, ${hiddenRows} AS hidden`.execute(ctx.db);
      return Number(r.rows[0]?.n ?? 0) - Number(r.rows[0]?.hidden ?? 0);
    }
    const notPublic = sql.join(Visibility.options.filter((v) => v !== 'PUBLIC'));
    const candidates = sql`SELECT h.rowid FROM spaces h WHERE h.visibility IN (${notPublic}) UNION ${HIDDEN_SPACES}`;
    const r = await sql<{ n: number; unlisted: number }>`SELECT (SELECT count(*) FROM spaces_fts WHERE spaces_fts MATCH ${match}) AS n,
        (SELECT count(*) FROM spaces s WHERE s.rowid IN (${candidates}) AND s.rowid IN ${matchSet} AND NOT (${where})) AS unlisted`.execute(ctx.db);
    return Number(r.rows[0]?.n ?? 0) - Number(r.rows[0]?.unlisted ?? 0);
  };

  // `? + 0`, not a bare `?`: SQLite re-prepares a statement over FTS5 whose LIMIT or OFFSET is a bound
  // parameter at every run (the value could be handed to the virtual table), 40–100 µs of a search's pool
  // statement; an expression is bound as it is. The pool's constant size is written in the text.
  const window = sql`LIMIT ${w.limit} + 0 OFFSET ${w.offset} + 0`;
  const pageRows = async () => {
    if (q.order === 'relevance') {
      const weights = sql.raw(FTS_COLUMNS.map((c) => FTS_WEIGHTS[c]).join(', '));
      // bm25 scores a typed prefix as one term (compiled.rankMatch): the same matches as `match`, ranked as a visitor
      // expects. The one word of the vocabulary's words is ranked from its stored scores (./prefix-rank.ts).
      const stats = counted ? await countsOf(counted) : null;
      // The pool `f`, read once (a co-routine: its rows are not stored first, 60–90 µs of the statement) or twice (stored).
      const poolOf = (reused: boolean) =>
        counted && stats
          ? storedPoolCtes(counted, stats, RELEVANCE_POOL, reused)
          : sql`f AS ${sql.raw(reused ? 'MATERIALIZED' : 'NOT MATERIALIZED')} (SELECT rowid AS k, bm25(spaces_fts, ${weights}) AS rank FROM spaces_fts
        WHERE spaces_fts MATCH ${compiled.rankMatch ?? match} ORDER BY rowid DESC LIMIT ${sql.lit(RELEVANCE_POOL)})`;
      const pool = poolOf(false);
      // Without filters a listed match is a public key that is not hidden (as the count has it): the page is cut
      // from the pool's keys and only its own spaces are read (each space joined costs ~2–3 µs at 100,000).
      const listedOnly = !q.where.length && !q.includeUnlisted;
      const hidden = listedOnly ? await hiddenKeys() : [];
      const notHidden = hidden.length ? sql` AND k NOT IN (${sql.raw(hidden.join(', '))})` : sql``;
      // Else the pool's best few first (its matches are mostly listed: public ones come first in it); a full
      // page from them is the page of the whole pool, as they lead its order.
      const best = Math.min(RELEVANCE_POOL, 2 * (w.offset + w.limit) + 16);
      const ranked = listedOnly
        ? await sql<SpaceCardRow>`WITH ${pool}, win AS MATERIALIZED (SELECT k, rank FROM f WHERE k >= ${FTS_PUBLIC_KEY}${notHidden} ORDER BY rank ASC, k DESC ${window})
            SELECT ${CARD_COLUMNS} FROM win CROSS JOIN spaces s ON s.rowid = ${ftsSpaceRowid('win.k')} ORDER BY win.rank ASC, win.k DESC`.execute(ctx.db)
        : await sql<SpaceCardRow>`WITH ${pool}, g AS MATERIALIZED (SELECT k, rank FROM f ORDER BY rank ASC, k DESC LIMIT ${best} + 0)
            SELECT ${CARD_COLUMNS} FROM g CROSS JOIN spaces s ON s.rowid = ${ftsSpaceRowid('g.k')} WHERE ${where} ORDER BY g.rank ASC, g.k DESC ${window}`.execute(
            ctx.db,
          );
      if (ranked.rows.length === w.limit) return ranked;
      // A short page (the last one, deep in the list, or most of the best filtered out): the whole pool,
      // then the matches past it in views order.
      return sql<SpaceCardRow>`WITH ${poolOf(true)}, m AS (SELECT k, rank FROM f
          UNION ALL SELECT rowid, NULL FROM spaces_fts WHERE spaces_fts MATCH ${match} AND rowid < (SELECT min(k) FROM f))
        SELECT ${CARD_COLUMNS} FROM m CROSS JOIN spaces s ON s.rowid = ${ftsSpaceRowid('m.k')} WHERE ${where}
        ORDER BY m.rank IS NULL, m.rank ASC, m.k DESC ${window}`.execute(ctx.db);
    }
    if (q.order === 'views') {
      return sql<SpaceCardRow>`SELECT ${CARD_COLUMNS} FROM spaces_fts CROSS JOIN spaces s ON s.rowid = ${ftsSpaceRowid('spaces_fts.rowid')}
        WHERE spaces_fts MATCH ${match} AND ${where} ORDER BY spaces_fts.rowid DESC ${window}`.execute(ctx.db);
    }
    return sql<SpaceCardRow>`SELECT ${CARD_COLUMNS} FROM ${compiled.from} WHERE ${where} ORDER BY ${compiled.order} ${window}`.execute(ctx.db);
  };

  const [rows, total] = await Promise.all([pageRows(), countListed()]);
  return { rows: rows.rows, total };
}

/** A window of search rows and the total. */
interface TextRows {
  rows: SpaceCardRow[];
  total: number;
}

/** SQL: the rowids of spaces unlisted whatever their visibility: moderated, or of a disabled or moderated organization. */
const HIDDEN_SPACES = sql`SELECT h.rowid FROM spaces h WHERE h.id IN (SELECT "itemId" FROM moderation_records WHERE "itemType" = 'SPACE')
  UNION SELECT h.rowid FROM spaces h WHERE h."organizationId" IN (SELECT id FROM accounts WHERE status <> 'ACTIVE' UNION SELECT "itemId" FROM moderation_records WHERE "itemType" = 'ACCOUNT')`;

/** The FTS keys of the PUBLIC spaces that are hidden all the same (decimal: they exceed JavaScript's safe integers). */
async function hiddenKeysOf(ctx: ContentCtx): Promise<string[]> {
  // `+`: the few hidden spaces drive the query, not the visibility index.
  const r = await sql<{
    k: string;
  }>`SELECT CAST(${ftsKey('h')} AS TEXT) AS k FROM spaces h WHERE h.rowid IN (${HIDDEN_SPACES}) AND +h.visibility = 'PUBLIC'`.execute(ctx.db);
  return r.rows.map((row) => String(row.k)).filter((k) => /^\d+$/.test(k));
}

/** Most answers kept per database by {@link sqliteTextCards}; the cache starts over when full. */
const TEXT_CACHE_MAX = 1000;
const textCache = new WeakMap<object, { stamp: string; entries: Map<string, TextRows>; hiddenKeys?: Promise<string[]> }>();

/**
 * {@link sqliteTextRows}, reusing the answer to the same search while the database is unchanged:
 * `total_changes()` counts this connection's writes and `data_version` moves when another
 * connection or process commits, so an answer is never stale (any write empties the cache); the
 * same search asked again costs one small query. The keys of hidden public spaces (for the count)
 * are kept the same way.
 */
async function sqliteTextCards(ctx: ContentCtx, q: SpaceQuery, compiled: CompiledQuery, match: string, w: PageWindow, plan: SearchPlan | null) {
  const version = await sql<{ c: number; v: number; i: number }>`SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS v,
    (SELECT v FROM spaces_fts_stamp WHERE id = 1) AS i`.execute(ctx.db);
  const stamp = `${version.rows[0]?.c}.${version.rows[0]?.v}`;
  const indexStamp = sqliteIndexStamp(version.rows[0]?.i);
  let state = textCache.get(ctx.db);
  if (!state || state.stamp !== stamp) {
    state = { stamp, entries: new Map() };
    textCache.set(ctx.db, state);
  }
  const where = compiled.where.compile(ctx.db);
  const key = JSON.stringify([match, q.order, w.offset, w.limit, where.sql, where.parameters]);
  // What the plan took from the vocabulary (a prefix's words, their row counts) holds while the index's words are unchanged.
  const planHolds = plan?.indexStamp === undefined || plan.indexStamp === indexStamp;
  let answer = state.entries.get(key);
  if (!answer) {
    const known = state;
    answer = await sqliteTextRows(ctx, q, compiled, match, w, () => (known.hiddenKeys ??= hiddenKeysOf(ctx)), planHolds ? plan?.terms : undefined, indexStamp);
    // Stored only if nothing was written meanwhile (a newer stamp has its own entries).
    if (textCache.get(ctx.db) === state && planHolds) {
      if (state.entries.size >= TEXT_CACHE_MAX) state.entries.clear();
      state.entries.set(key, answer);
    }
  }
  return makePage(
    answer.rows.map((r) => toSpaceCard(ctx, r)),
    answer.total,
    w,
  );
}

/** A keyset position in the views order: after (views, tie). */
interface Seek {
  views: number;
  tie: string;
}

/** Encodes the keyset cursor of a row in the views order. */
export function encodeSeek(views: number, tie: string | number): string {
  return `k1.${views.toString(36)}.${typeof tie === 'number' ? tie.toString(36) : `s${Buffer.from(tie).toString('base64url')}`}`;
}

/** Decodes a keyset cursor; undefined for anything else (an offset cursor or junk). */
export function decodeSeek(seek: string | undefined): Seek | undefined {
  const m = /^k1\.([0-9a-z]+)\.([0-9a-z]+|s[A-Za-z0-9_-]+)$/.exec(seek ?? '');
  if (!m) return undefined;
  const views = Number.parseInt(m[1] as string, 36);
  const raw = m[2] as string;
  const tie = raw.startsWith('s') && !/^[0-9a-z]+$/.test(raw) ? Buffer.from(raw.slice(1), 'base64url').toString() : String(Number.parseInt(raw, 36));
  return Number.isSafeInteger(views) ? { views, tie } : undefined;
}

/**
 * Full public spaces in views order, for GET /space/: offset paging, or keyset paging when `seek`
 * is a cursor from `nextSeek` (constant time per page however deep; what the site build uses).
 */
export async function listFullSpaces(ctx: ContentCtx, q: SpaceQuery, w: PageWindow, seek: string | undefined) {
  const compiled = compile(ctx, { ...q, order: q.text ? 'relevance' : 'views' });
  if (!compiled) return { ...makePage<Space>([], 0, w), nextSeek: null };
  const { from, where, order } = compiled;
  const keyset = q.text ? undefined : decodeSeek(seek);
  const sqlite = ctx.dialect === 'sqlite';
  const tieCol = sqlite ? sql.raw('s.rowid') : sql.raw('s.id');
  const after = keyset
    ? sql` AND (s.views < ${keyset.views} OR (s.views = ${keyset.views} AND ${tieCol} < ${sqlite ? Number(keyset.tie) : keyset.tie}))`
    : sql``;
  const [rows, count] = await Promise.all([
    sql<
      SpaceCardRow & Record<string, unknown> & { _tie: number | string }
    >`SELECT s.*, ${tieCol} AS _tie FROM ${from} WHERE ${where}${after} ORDER BY ${order} LIMIT ${w.limit} ${keyset ? sql`` : sql`OFFSET ${w.offset}`}`.execute(
      ctx.db,
    ),
    sql<{ n: number }>`SELECT count(*) AS n FROM ${from} WHERE ${where}`.execute(ctx.db),
  ]);
  const spaces = await toSpaces(ctx, rows.rows);
  const page = makePage(spaces, Number(count.rows[0]?.n ?? 0), w);
  const last = rows.rows[rows.rows.length - 1];
  return { ...page, nextSeek: page.hasNext && last && !q.text ? encodeSeek(Number(last.views), last._tie) : null };
}

/**
 * SQL: the space has at least one of these tag ids. `walkViews` (for "top N by views" queries on
 * SQLite) checks membership on rowid with index use disabled (`+`), so the query walks the views
 * index and stops after N hits instead of sorting every tagged space (12 ms → 1–3 ms at 100,000
 * spaces). Without it the tag list drives the query, which suits existence checks and rankings.
 */
export function hasAnyTag(ctx: ContentCtx, tagIds: readonly string[], walkViews = true): RawBuilder<unknown> {
  if (!tagIds.length) return sql`1 = 0`;
  const tagged = sql.join([...tagIds]);
  if (walkViews && ctx.dialect === 'sqlite') {
    return sql`+s.rowid IN (SELECT sp.rowid FROM space_tags st JOIN spaces sp ON sp.id = st."spaceId" WHERE st."tagId" IN (${tagged}))`;
  }
  return sql`s.id IN (SELECT st."spaceId" FROM space_tags st WHERE st."tagId" IN (${tagged}))`;
}

/**
 * SQL: the space lies inside a part of the map (migration 015: SQLite's R*Tree `spaces_area`, whose
 * 32-bit boxes are rounded outwards, so the exact columns are checked too; PostgreSQL's GiST index on
 * `point(long, lat)`). An area across the antimeridian (west > east) is two boxes.
 */
export function inArea(ctx: ContentCtx, b: MapBounds): RawBuilder<unknown> {
  const spans: [number, number][] =
    b.west <= b.east
      ? [[b.west, b.east]]
      : [
          [b.west, 180],
          [-180, b.east],
        ];
  if (ctx.dialect === 'sqlite') {
    const boxes = spans.map(
      ([w, e]) => sql`SELECT id FROM spaces_area WHERE "minLat" >= ${b.south} AND "maxLat" <= ${b.north} AND "minLong" >= ${w} AND "maxLong" <= ${e}`,
    );
    const exact = sql.join(
      spans.map(([w, e]) => sql`s.long BETWEEN ${w} AND ${e}`),
      sql` OR `,
    );
    return sql`s.rowid IN (${sql.join(boxes, sql` UNION `)}) AND s.lat BETWEEN ${b.south} AND ${b.north} AND (${exact})`;
  }
  const boxes = sql.join(
    spans.map(([w, e]) => sql`point(s.long, s.lat) <@ box(point(${w}::float8, ${b.south}::float8), point(${e}::float8, ${b.north}::float8))`),
    sql` OR `,
  );
  return sql`s.lat IS NOT NULL AND s.long IS NOT NULL AND (${boxes})`;
}

/** SQL: the camera filters of a search (AND across filters, OR within one's codes); rowid-based on SQLite like hasAnyTag. */
export function cameraConditions(ctx: ContentCtx, filters: readonly CameraFilter[]): RawBuilder<unknown>[] {
  return filters.map((f) => {
    const column = f.facet === 'cameraModel' ? sql.raw('sc.code') : sql.raw('sc.manufacturer');
    const codes = sql.join([...f.query]);
    if (ctx.dialect === 'sqlite') {
      const sub = sql`SELECT sp.rowid FROM space_cameras sc JOIN spaces sp ON sp.id = sc."spaceId" WHERE ${column} IN (${codes})`;
      return f.filterType === 'must' ? sql`+s.rowid IN (${sub})` : sql`+s.rowid NOT IN (${sub})`;
    }
    const sub = sql`SELECT sc."spaceId" FROM space_cameras sc WHERE ${column} IN (${codes})`;
    return f.filterType === 'must' ? sql`s.id IN (${sub})` : sql`s.id NOT IN (${sub})`;
  });
}

/** Resolves tag names or slugs to tag ids (case-insensitive); unknown ones are left out. */
export async function tagIdsFor(ctx: ContentCtx, names: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  const out = new Map<string, string>();
  if (!wanted.length) return out;
  const rows = await ctx.db
    .selectFrom('tags')
    .select(['id', 'name', 'slug'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'in', wanted), eb('slug', 'in', wanted)]))
    .execute();
  for (const r of rows) {
    out.set(r.name.toLowerCase(), r.id);
    out.set(r.slug, r.id);
  }
  return out;
}

/** Spaces sharing tags with a space (most shared tags, then most viewed), excluding it; extra conditions optional. */
export async function relatedCards(ctx: ContentCtx, spaceId: string, extra: RawBuilder<unknown>[], w: PageWindow) {
  const tagRows = await ctx.db.selectFrom('space_tags').select('tagId').where('spaceId', '=', spaceId).execute();
  const tagIds = tagRows.map((t) => t.tagId);
  const where = sql.join([listedSpace('s', ctx.dialect), sql`s.id <> ${spaceId}`, ...extra], sql` AND `);
  const tie = ctx.dialect === 'sqlite' ? sql.raw('s.rowid DESC') : sql.raw('s.id DESC');
  const shared = tagIds.length ? sql`(SELECT count(*) FROM space_tags st WHERE st."spaceId" = s.id AND st."tagId" IN (${sql.join(tagIds)}))` : sql`0`;
  // Spaces sharing a tag come first; when extra conditions (a camera) are given, the others follow.
  const scope = extra.length ? sql`1 = 1` : hasAnyTag(ctx, tagIds, false);
  const [rows, count] = await Promise.all([
    sql<SpaceCardRow>`SELECT ${CARD_COLUMNS} FROM spaces s WHERE ${where} AND ${scope} ORDER BY ${shared} DESC, s.views DESC, ${tie} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(
      ctx.db,
    ),
    sql<{ n: number }>`SELECT count(*) AS n FROM spaces s WHERE ${where} AND ${scope}`.execute(ctx.db),
  ]);
  return makePage(
    rows.rows.map((r) => toSpaceCard(ctx, r)),
    Number(count.rows[0]?.n ?? 0),
    w,
  );
}

/** The most viewed listed spaces, except one. */
export async function topCards(ctx: ContentCtx, limit: number, excludeId: string | null): Promise<SpaceCard[]> {
  const tie = ctx.dialect === 'sqlite' ? sql.raw('s.rowid DESC') : sql.raw('s.id DESC');
  const exclude = excludeId ? sql` AND s.id <> ${excludeId}` : sql``;
  const rows =
    await sql<SpaceCardRow>`SELECT ${CARD_COLUMNS} FROM spaces s WHERE ${listedSpace('s', ctx.dialect)}${exclude} ORDER BY s.views DESC, ${tie} LIMIT ${limit}`.execute(
      ctx.db,
    );
  return rows.rows.map((r) => toSpaceCard(ctx, r));
}

/** Most viewed listed cards having any of the tag ids (a featured tag's spaces), except one space. */
export async function cardsWithAnyTag(ctx: ContentCtx, tagIds: readonly string[], limit: number, excludeId: string | null): Promise<SpaceCard[]> {
  if (!tagIds.length || limit <= 0) return [];
  const tie = ctx.dialect === 'sqlite' ? sql.raw('s.rowid DESC') : sql.raw('s.id DESC');
  const exclude = excludeId ? sql` AND s.id <> ${excludeId}` : sql``;
  const rows =
    await sql<SpaceCardRow>`SELECT ${CARD_COLUMNS} FROM spaces s WHERE ${hasAnyTag(ctx, tagIds)} AND ${listedSpace('s', ctx.dialect)}${exclude} ORDER BY s.views DESC, ${tie} LIMIT ${limit}`.execute(
      ctx.db,
    );
  return rows.rows.map((r) => toSpaceCard(ctx, r));
}

/** Whether any listed space has one of the tag ids (other than `excludeId`). */
export async function anyCardWithTag(ctx: ContentCtx, tagIds: readonly string[], excludeId: string | null): Promise<boolean> {
  if (!tagIds.length) return false;
  const exclude = excludeId ? sql` AND s.id <> ${excludeId}` : sql``;
  const rows = await sql<{
    one: number;
  }>`SELECT 1 AS one FROM spaces s WHERE ${hasAnyTag(ctx, tagIds, false)} AND ${listedSpace('s', ctx.dialect)}${exclude} LIMIT 1`.execute(ctx.db);
  return rows.rows.length > 0;
}

/** A page of cards under a caller-given condition and order (alias s). */
export async function cardsPage(ctx: ContentCtx, where: RawBuilder<unknown>, order: RawBuilder<unknown>, w: PageWindow) {
  const tie = ctx.dialect === 'sqlite' ? sql.raw('s.rowid DESC') : sql.raw('s.id DESC');
  const [rows, count] = await Promise.all([
    sql<SpaceCardRow>`SELECT ${CARD_COLUMNS} FROM spaces s WHERE ${where} ORDER BY ${order}, ${tie} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(ctx.db),
    sql<{ n: number }>`SELECT count(*) AS n FROM spaces s WHERE ${where}`.execute(ctx.db),
  ]);
  return makePage(
    rows.rows.map((r) => toSpaceCard(ctx, r)),
    Number(count.rows[0]?.n ?? 0),
    w,
  );
}

/**
 * GET /tag/: tags carrying at least one listed space, most used first. On SQLite the counts are all
 * uses (index-only) minus the uses by hidden spaces (few), instead of joining every use to its
 * space (290 → 40 ms at 100,000 spaces). Tags are few, so the page is cut in memory.
 */
export async function listTags(ctx: ContentCtx, w: PageWindow) {
  const counted =
    ctx.dialect === 'sqlite'
      ? sql`SELECT a.id, a.n - coalesce(h.n, 0) AS n
          FROM (SELECT "tagId" AS id, count(*) AS n FROM space_tags GROUP BY "tagId") a
          LEFT JOIN (SELECT st."tagId" AS id, count(*) AS n
            FROM (SELECT s.id FROM spaces s WHERE s.visibility <> 'PUBLIC' UNION SELECT m."itemId" FROM moderation_records m WHERE m."itemType" = 'SPACE') hidden
            CROSS JOIN space_tags st ON st."spaceId" = hidden.id GROUP BY st."tagId") h ON h.id = a.id`
      : sql`SELECT st."tagId" AS id, count(*) AS n FROM space_tags st JOIN spaces s ON s.id = st."spaceId" WHERE ${listedSpace('s', ctx.dialect)} GROUP BY st."tagId"`;
  const rows = await sql<{
    name: string;
    slug: string;
    n: number;
  }>`SELECT t.name, t.slug, c.n FROM (${counted}) c JOIN tags t ON t.id = c.id WHERE c.n > 0 ORDER BY c.n DESC, t.name`.execute(ctx.db);
  const all = rows.rows.map((r) => ({ name: r.name, slug: r.slug, spaceCount: Number(r.n) }));
  return makePage(all.slice(w.offset, w.offset + w.limit), all.length, w);
}

/** A condition no space meets (an unknown tag or camera matches nothing). */
export const noMatch = (): RawBuilder<unknown> => sql`1 = 0`;

/** Spaces of one organization. */
export const ofOrganization = (organizationId: string): RawBuilder<unknown> => sql`s."organizationId" = ${organizationId}`;

/** Every space but one (by id). */
export const notSpace = (spaceId: string): RawBuilder<unknown> => sql`s.id <> ${spaceId}`;

/** Spaces in one country (upper-case ISO code). */
export const inCountry = (countryCode: string): RawBuilder<unknown> => sql`s."countryCode" = ${countryCode}`;

/** The tags (stored JSON) and active flag of a featured tag a space list filters by, or undefined. */
export async function findFeaturedTagFilter(ctx: ContentCtx, featuredTagId: string): Promise<{ tags: string; isActive: number } | undefined> {
  return ctx.db.selectFrom('featured_tags').select(['tags', 'isActive']).where('id', '=', featuredTagId).executeTakeFirst();
}

/** Conditions for spaces taken with one of the cameras of a space (nothing matches when it has none). */
export async function sameCameraConditions(ctx: ContentCtx, spaceId: string): Promise<RawBuilder<unknown>[]> {
  const codes = await ctx.db.selectFrom('space_cameras').select('code').where('spaceId', '=', spaceId).execute();
  return codes.length ? cameraConditions(ctx, [{ facet: 'cameraModel', filterType: 'must', query: codes.map((x) => x.code) }]) : [noMatch()];
}
