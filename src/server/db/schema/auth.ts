/**
 * better-auth's tables (migration 002), prefixed `auth_` so they sit beside ours (our `accounts` are
 * organizations); better-auth reads and writes them itself, our code only for the few queries that
 * touch both. Dates are ISO text on SQLite and timestamptz (a Date) on PostgreSQL, flags 0/1 or boolean.
 */
type AuthDate = string | Date;

/** better-auth's user: `id` equals `users.id`. */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

/** A signed-in session (its cookie carries `token`). */
export interface AuthSessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

/** A way to sign in: the `credential` provider holds the password hash. */
export interface AuthAccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

/** A pending email verification or password reset. */
export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

/** A rate-limit counter (in the database so it holds across restarts and replicas). */
export interface AuthRateLimitTable {
  id: string;
  key: string;
  count: number;
  /** Milliseconds; a bigint column, which node-postgres answers as text. */
  lastRequest: number | bigint | string;
}

/** better-auth's tables by name. */
export type AuthTables = {
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  auth_account: AuthAccountTable;
  auth_verification: AuthVerificationTable;
  auth_rate_limit: AuthRateLimitTable;
};
