import type { Env } from './env.ts';
import type { Db } from './db/db.ts';
import type { ContentEvents } from './platform/events.ts';
import type { Clock } from './platform/clock.ts';

/** One organization membership of the signed-in user. */
export interface SessionMembership {
  accountId: string;
  sid: string;
  name: string;
  role: string;
  flags: string[];
}

/** The signed-in user as every handler sees it; null for a guest. */
export interface SessionUser {
  id: string;
  sid: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The user's personal account (group_sid). */
  accountId: string;
  isPrivileged: boolean;
  isStaff: boolean;
  flags: string[];
  memberships: SessionMembership[];
  preparedAt: string | null;
}

/** Resolves the session of a request; the auth module provides it. */
export type SessionResolver = (req: Request) => Promise<SessionUser | null>;

/** What the app is built from; tests pass throwaway ones. */
export interface Deps {
  env: Env;
  db: Db;
  events: ContentEvents;
  resolveSession: SessionResolver;
  /** The time for everything time-bound; the system clock when absent (`clockOf(deps)`), a `TestClock` in tests. */
  clock?: Clock;
}

/** Hono environment of every route. */
export interface AppEnv {
  Variables: {
    deps: Deps;
    user: SessionUser | null;
  };
}
