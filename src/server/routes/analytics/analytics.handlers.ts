import type { RouteHandler } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { readConsentCookie } from '../../../domain/consent.ts';
import { analyticsRole } from '../../../domain/session.ts';
import type { AppEnv } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { analyticsDb } from '../../db/migrations/004-analytics.ts';
import { ApiError } from '../../errors.ts';
import { clockOf } from '../../clock.ts';
import { recordSpaceViews } from '../../insight/views.ts';
import type { collectEvents } from './analytics.routes.ts';

/** What is stored instead of the address without targeting consent (spec 7). */
export const IP_PLACEHOLDER = '{ip}';
/** Longest user agent stored (spec 9). */
export const USER_AGENT_MAX = 255;

/** Events one address may send per minute (a browser sends a handful per page). */
const PER_MINUTE = 600;
const windows = new Map<string, { start: number; count: number }>();

function allow(key: string, n: number, now: number): boolean {
  let w = windows.get(key);
  if (!w || now - w.start >= 60_000) {
    w = { start: now, count: 0 };
    windows.set(key, w);
    // Forget old windows now and then so the map does not grow without bound.
    if (windows.size > 10_000) for (const [k, v] of windows) if (now - v.start >= 60_000) windows.delete(k);
  }
  w.count += n;
  return w.count <= PER_MINUTE;
}

function clientAddress(c: Context<AppEnv>): string {
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // Not running on the Node server (in-process tests): fall through.
  }
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}

/** POST /api/analytics/events: stores the batch if consent allows (see the route's description). */
export const postEvents: RouteHandler<typeof collectEvents, AppEnv> = async (c) => {
  c.header('Cache-Control', 'no-store');
  const { events } = c.req.valid('json');
  const address = clientAddress(c);
  if (!allow(address, events.length, clockOf(c.get('deps')).now().getTime()))
    throw new ApiError('RATE_LIMITED', 'Too many analytics events; try again in a minute.', undefined, { retry: true });
  const consent = readConsentCookie(c.req.header('cookie'));
  if (!consent?.custom.performance) return c.json({ stored: 0 }, 202);

  const user = c.get('user');
  const role = user ? analyticsRole({ is_privileged: user.isPrivileged, is_staff: user.isStaff }) : 'guest';
  const ip = consent.custom.targeting ? address : IP_PLACEHOLDER;
  const userAgent = (c.req.header('user-agent') ?? '').slice(0, USER_AGENT_MAX);
  const receivedAt = clockOf(c.get('deps')).now().toISOString();
  // The events and the daily views of the space pages among them commit together.
  await c
    .get('deps')
    .db.kysely.transaction()
    .execute(async (tx) => {
      await analyticsDb<Database>(tx)
        .insertInto('analytics_events')
        .values(
          events.map((e) => ({
            id: crypto.randomUUID(),
            name: e.name,
            props: JSON.stringify(e.props),
            path: e.path,
            locale: e.locale,
            sessionId: e.sessionId,
            occurredAt: e.at,
            receivedAt,
            ip,
            userAgent,
            role,
          })),
        )
        .execute();
      await recordSpaceViews(tx, events, receivedAt);
    });
  return c.json({ stored: events.length }, 202);
};
