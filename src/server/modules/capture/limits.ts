import type { Transaction } from 'kysely';
import type { OrderStatus } from '../../../domain/capture.ts';
import { dialectOf } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Env } from '../../env.ts';

/**
 * Fair use of technicians' time (issue 21: one account upgraded its plan for free and took every San
 * Francisco slot for three days with invoice-billed orders). Each check runs in the transaction
 * that inserts the hold or the order, after `lockScopes` has serialized the writers of the same
 * person and account, so two parallel requests can never both pass a cap they share:
 *
 * - Holds: a person has one live hold (a new one replaces it, as before); the people of one account
 *   together have at most `CAPTURE_MAX_HOLDS` (default 3), checked for every account of the person.
 *   Over it: 429 `HOLD_LIMIT_REACHED`, `retry: true` and `Retry-After` until the first of those
 *   holds ends (holds are short-lived, so waiting is the remedy).
 * - Orders: upcoming orders (not captured, delivered or cancelled, and not yet over) are capped at
 *   `CAPTURE_MAX_OPEN_ORDERS` (default 5) per person (any account) and per account. Over it: 409
 *   `ORDER_LIMIT_REACHED`, `retry: false` (the state must change first: a visit happens or an order
 *   is cancelled; repeating the request will not help).
 */

/** Order statuses that no longer hold a technician's time. */
const CLOSED: readonly OrderStatus[] = ['CAPTURED', 'DELIVERED', 'CANCELLED'];

/** The configured caps. */
export interface CaptureLimits {
  maxHolds: number;
  maxOpenOrders: number;
}

/** The caps of this process (src/server/env.ts). */
export const captureLimits = (env: Pick<Env, 'CAPTURE_MAX_HOLDS' | 'CAPTURE_MAX_OPEN_ORDERS'>): CaptureLimits => ({
  maxHolds: env.CAPTURE_MAX_HOLDS,
  maxOpenOrders: env.CAPTURE_MAX_OPEN_ORDERS,
});

/**
 * Serializes the transactions that count and then insert for this person and account. PostgreSQL
 * (read committed) would let two of them count the same rows and both insert: the rows of the user
 * and then of the accounts (by id) are locked, always in that order so two writers cannot
 * deadlock. SQLite transactions take the write lock first (`begin immediate`), so they are serial
 * already.
 */
export async function lockScopes(tx: Transaction<Database>, userId: string, accountIds: readonly string[]): Promise<void> {
  if (dialectOf(tx) !== 'postgres') return;
  await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  for (const id of [...new Set(accountIds)].sort()) await tx.selectFrom('accounts').select('id').where('id', '=', id).forUpdate().execute();
}

/** People of an account: its personal owner and its members (any role). */
const peopleOf = (tx: Transaction<Database>, accountId: string) =>
  tx
    .selectFrom('users')
    .select('id')
    .where('accountId', '=', accountId)
    .union(tx.selectFrom('memberships').select('userId as id').where('accountId', '=', accountId));

/**
 * 429 when, in any account the person belongs to, the other people of that account already hold
 * `maxHolds` live times (the caller's own hold is about to be replaced, so it does not count).
 * Every account counts, not only the one the order will be for: a hold is made before the review
 * step picks the account, and members of one organization must not be able to hold more together.
 */
export async function assertHoldAllowed(
  tx: Transaction<Database>,
  limits: CaptureLimits,
  userId: string,
  accounts: readonly { accountId: string; name: string }[],
  now: Date,
): Promise<void> {
  for (const account of accounts) {
    const holds = await tx
      .selectFrom('capture_appointments')
      .select('expiresAt')
      .where('status', '=', 'HOLD')
      .where('expiresAt', '>', now.toISOString())
      .where('userId', '!=', userId)
      .where('userId', 'in', peopleOf(tx, account.accountId))
      .orderBy('expiresAt')
      .execute();
    if (holds.length < limits.maxHolds) continue;
    const firstEnd = Date.parse(holds[0]?.expiresAt ?? now.toISOString());
    const retryAfterSeconds = Math.max(1, Math.ceil((firstEnd - now.getTime()) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new ApiError(
      'HOLD_LIMIT_REACHED',
      `People of ${account.name} are already holding ${limits.maxHolds} times, the most one account can hold at once. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, when one of those holds ends.`,
      { scope: 'ACCOUNT', accountId: account.accountId, limit: limits.maxHolds, retryAfterSeconds },
      { retry: true, retryAfterSeconds },
    );
  }
}

/** Upcoming orders of one person (any account) or of one account. */
async function openOrders(tx: Transaction<Database>, scope: { userId: string } | { accountId: string }, now: Date): Promise<number> {
  const row = await tx
    .selectFrom('capture_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'not in', CLOSED)
    .where('end', '>', now.toISOString())
    .where((eb) => ('userId' in scope ? eb('userId', '=', scope.userId) : eb('accountId', '=', scope.accountId)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const AFTER = 'You can place another once one of them has been captured or cancelled.';

/**
 * 409 when the person already has `maxOpenOrders` upcoming orders, in any account. A hold checks it
 * too, so someone at the cap hears it when choosing a time rather than after filling in the rest.
 */
export async function assertPersonOrdersAllowed(tx: Transaction<Database>, limits: CaptureLimits, userId: string, now: Date): Promise<void> {
  const limit = limits.maxOpenOrders;
  const mine = await openOrders(tx, { userId }, now);
  if (mine < limit) return;
  throw new ApiError('ORDER_LIMIT_REACHED', `You already have ${mine} upcoming orders, the most one person can have at a time. ${AFTER}`, {
    scope: 'PERSON',
    limit,
    openOrders: mine,
  });
}

/** 409 when the person, or the account, already has `maxOpenOrders` upcoming orders. */
export async function assertOrderAllowed(
  tx: Transaction<Database>,
  limits: CaptureLimits,
  userId: string,
  account: { accountId: string; name: string },
  now: Date,
): Promise<void> {
  await assertPersonOrdersAllowed(tx, limits, userId, now);
  const limit = limits.maxOpenOrders;
  const theirs = await openOrders(tx, { accountId: account.accountId }, now);
  if (theirs >= limit) {
    throw new ApiError('ORDER_LIMIT_REACHED', `${account.name} already has ${theirs} upcoming orders, the most one account can have at a time. ${AFTER}`, {
      scope: 'ACCOUNT',
      accountId: account.accountId,
      limit,
      openOrders: theirs,
    });
  }
}
