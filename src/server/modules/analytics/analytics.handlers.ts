import type { RouteHandler } from '@hono/zod-openapi';
import { readConsentCookie } from '../../../domain/consent.ts';
import { analyticsRole } from '../../../domain/session.ts';
import type { AppEnv } from '../../context.ts';
import { ApiError } from '../../platform/errors.ts';
import { clockOf } from '../../platform/clock.ts';
import { storeEvents } from './analytics.queries.ts';
import { clientIp } from '../../platform/client-ip.ts';
import { rateLimitsOf } from '../../platform/rate-limit.ts';
import type { collectEvents } from './analytics.routes.ts';

/** What is stored instead of the address without targeting consent (spec 7). */
export const IP_PLACEHOLDER = '{ip}';
/** Longest user agent stored (spec 9). */
export const USER_AGENT_MAX = 255;

/** Events one visitor may send per minute (a browser sends a handful per page). */
const EVENT_LIMIT = { window: 60, max: 600 };

/** POST /api/analytics/events: stores the batch if consent allows (see the route's description). */
export const postEvents: RouteHandler<typeof collectEvents, AppEnv> = async (c) => {
  c.header('Cache-Control', 'no-store');
  const { events } = c.req.valid('json');
  const address = clientIp(c) ?? 'unknown';
  // Counted per visitor (behind a load balancer, the address it passes on) in the app's one store, so replicas share it.
  if (!(await rateLimitsOf(c.get('deps')).consume(`analytics:${address}`, EVENT_LIMIT, events.length)).allowed)
    throw new ApiError('RATE_LIMITED', 'Too many analytics events; try again in a minute.', undefined, { retry: true });
  const consent = readConsentCookie(c.req.header('cookie'));
  if (!consent?.custom.performance) return c.json({ stored: 0 }, 202);

  const user = c.get('user');
  const role = user ? analyticsRole({ is_privileged: user.isPrivileged, is_staff: user.isStaff }) : 'guest';
  const ip = consent.custom.targeting ? address : IP_PLACEHOLDER;
  const userAgent = (c.req.header('user-agent') ?? '').slice(0, USER_AGENT_MAX);
  const receivedAt = clockOf(c.get('deps')).now().toISOString();
  // The events and the daily views of the space pages among them commit together.
  await storeEvents(c.get('deps').db.kysely, events, { receivedAt, ip, userAgent, role });
  return c.json({ stored: events.length }, 202);
};
