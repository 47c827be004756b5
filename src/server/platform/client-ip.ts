import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/** The first address of a header that may list several (`x-forwarded-for: client, proxy1, proxy2`). */
const firstAddress = (value: string | undefined): string | undefined => value?.split(',')[0]?.trim() || undefined;

/**
 * The address of the person behind a request, for rate limits and what analytics and forms store.
 * Behind a load balancer (`CLIENT_IP_HEADER` set, docs/deploy.md) it is the first entry of the
 * header the balancer sets; otherwise, or when the header is missing, the connection's own address,
 * and no header a client sends counts. Requests made in-process (tests: no socket) fall back to the
 * first `X-Forwarded-For` entry so tests can be different visitors. Undefined when nothing is known.
 */
export function clientIp(c: Context<AppEnv>): string | undefined {
  const header = c.get('deps').env.CLIENT_IP_HEADER;
  const forwarded = header ? firstAddress(c.req.header(header)) : undefined;
  if (forwarded) return forwarded;
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    // Not served by @hono/node-server (app.request in tests): there is no connection to read.
    return firstAddress(c.req.header('x-forwarded-for'));
  }
  return socket || undefined;
}
