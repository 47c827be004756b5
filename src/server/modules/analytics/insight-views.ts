import { sql, type Kysely } from 'kysely';
import type { SpaceInsight, SpaceInsightSummary } from '../../../domain/insight.ts';
import { dayRange, INSIGHT_DAYS, INSIGHT_SHORT_DAYS, modelIdOfSpacePath, total, utcDay } from '../../../domain/insight-rules.ts';
import type { SessionUser } from '../../context.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Owners' insight (issue 27): page views of space pages counted per UTC day as the analytics
 * collector stores them (only consented events reach it), and what a chart needs read back: at most
 * 365 aggregate rows per space, the collections that include it and the marketplace leads sent for it.
 */

/** Roles of an organization whose members see its spaces' insight (billing contacts handle invoices only). */
export const INSIGHT_ROLES: readonly string[] = ['OWNER', 'MEMBER'];

/** Whether a user may read the insight of an account: their own, an organization where they are an OWNER or MEMBER, or any for an administrator. */
export function canSeeAccountInsight(user: SessionUser, accountId: string): boolean {
  if (user.isPrivileged || user.accountId === accountId) return true;
  return user.memberships.some((m) => m.accountId === accountId && INSIGHT_ROLES.includes(m.role));
}

/** Whether a user may read a space's insight: its owner, its organization's owners and members, administrators. */
export function canSeeSpaceInsight(user: SessionUser, row: { ownerUserId: string | null; organizationId: string | null }): boolean {
  if (user.isPrivileged || row.ownerUserId === user.id) return true;
  return row.organizationId !== null && canSeeAccountInsight(user, row.organizationId);
}

/**
 * Adds the page views of space pages among stored events to the daily aggregate (run in the
 * transaction that stores them). Paths that name no known space are ignored.
 */
export async function recordSpaceViews(db: Kysely<Database>, events: readonly { name: string; path: string }[], receivedAt: string): Promise<void> {
  const perModel = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'page_view') continue;
    const modelId = modelIdOfSpacePath(e.path);
    if (modelId) perModel.set(modelId, (perModel.get(modelId) ?? 0) + 1);
  }
  if (!perModel.size) return;
  const spaces = await db
    .selectFrom('spaces')
    .select(['id', 'modelId'])
    .where('modelId', 'in', [...perModel.keys()])
    .execute();
  if (!spaces.length) return;
  const day = utcDay(receivedAt);
  await db
    .insertInto('space_views_daily')
    .values(spaces.map((s) => ({ spaceId: s.id, day, views: perModel.get(s.modelId) ?? 0 })))
    .onConflict((oc) => oc.columns(['spaceId', 'day']).doUpdateSet({ views: sql<number>`space_views_daily.views + excluded.views` }))
    .execute();
}

/** The daily series of some spaces over the `days` days ending `today`, oldest first. */
async function dailySeries(db: Kysely<Database>, spaceIds: readonly string[], today: string, days: number): Promise<Map<string, number[]>> {
  const range = dayRange(today, days);
  const index = new Map(range.map((d, i) => [d, i]));
  const out = new Map(spaceIds.map((id) => [id, new Array<number>(days).fill(0)]));
  if (!spaceIds.length) return out;
  const rows = await db
    .selectFrom('space_views_daily')
    .select(['spaceId', 'day', 'views'])
    .where('spaceId', 'in', [...spaceIds])
    .where('day', '>=', range[0] as string)
    .where('day', '<=', today)
    .execute();
  for (const r of rows) {
    const i = index.get(r.day);
    const series = out.get(r.spaceId);
    if (i !== undefined && series) series[i] = Number(r.views);
  }
  return out;
}

/** How many active collections include each space. */
async function collectionCounts(db: Kysely<Database>, spaceIds: readonly string[]): Promise<Map<string, number>> {
  if (!spaceIds.length) return new Map();
  const rows = await db
    .selectFrom('collection_children as cc')
    .innerJoin('collections as c', 'c.id', 'cc.collectionId')
    .select(['cc.childId as spaceId', (eb) => eb.fn.count<number | string>('cc.collectionId').distinct().as('n')])
    .where('cc.childType', '=', 'SPACE')
    .where('cc.childId', 'in', [...spaceIds])
    .where('c.isActive', '=', 1)
    .groupBy('cc.childId')
    .execute();
  return new Map(rows.map((r) => [r.spaceId, Number(r.n)]));
}

/**
 * How many marketplace leads name each space. A lead stores its spaces as JSON `[{ id, modelId, name }]`:
 * LIKE narrows the rows (a `%` or `_` in an id only widens it), the parsed JSON decides.
 */
async function leadCounts(db: Kysely<Database>, spaceIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!spaceIds.length) return out;
  const rows = await db
    .selectFrom('marketplace_leads')
    .select('spaces')
    .where((eb) => eb.or(spaceIds.map((id) => eb('spaces', 'like', `%${JSON.stringify(id)}%`))))
    .execute();
  const wanted = new Set(spaceIds);
  for (const r of rows) {
    let spaces: { id?: unknown }[];
    try {
      spaces = JSON.parse(r.spaces) as { id?: unknown }[];
    } catch {
      continue;
    }
    for (const id of new Set(spaces.map((s) => s.id))) if (typeof id === 'string' && wanted.has(id)) out.set(id, (out.get(id) ?? 0) + 1);
  }
  return out;
}

/** A space row as insight needs it. */
export interface InsightSpace {
  id: string;
  modelId: string;
  name: string;
}

/** The summaries of some spaces (their order kept) on the UTC day of `now`. */
export async function insightSummaries(db: Kysely<Database>, spaces: readonly InsightSpace[], now: Date): Promise<SpaceInsightSummary[]> {
  const full = await insightDetails(db, spaces, now);
  return full.map(({ from: _from, daily: _daily, ...summary }) => summary);
}

/** Full insight (the year's series) of some spaces on the UTC day of `now`. */
export async function insightDetails(db: Kysely<Database>, spaces: readonly InsightSpace[], now: Date): Promise<SpaceInsight[]> {
  const today = utcDay(now);
  const ids = spaces.map((s) => s.id);
  const [series, collections, leads] = await Promise.all([dailySeries(db, ids, today, INSIGHT_DAYS), collectionCounts(db, ids), leadCounts(db, ids)]);
  const from = dayRange(today, INSIGHT_DAYS)[0] as string;
  return spaces.map((s) => {
    const daily = series.get(s.id) ?? new Array<number>(INSIGHT_DAYS).fill(0);
    const last30 = daily.slice(-INSIGHT_SHORT_DAYS);
    return {
      spaceId: s.id,
      modelId: s.modelId,
      name: s.name,
      to: today,
      views30: total(last30),
      views365: total(daily),
      last30,
      collections: collections.get(s.id) ?? 0,
      leads: leads.get(s.id) ?? 0,
      from,
      daily,
    };
  });
}
