import type { Kysely, Transaction } from 'kysely';
import { GUEST_USER, type CurrentUser } from '../../../domain/session.ts';
import { slugify } from '../../../domain/urls.ts';
import type { SessionUser } from '../../context.ts';
import { EMPTY_PROFILE } from '../profiles/empty-profile.ts';
import { favoritesRow } from '../collections/favorites-row.ts';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { newId, newSid } from '../../platform/ids.ts';
import { hashPassword } from './password.ts';

/**
 * Flags every person who signs up gets (issue 14): search is for everyone by default, so the header
 * search box shows from the first sign-in; an administrator can still take it from one user (their
 * `users.flags`). The other flags stay admin-set extras.
 */
export const SIGN_UP_FLAGS: readonly string[] = ['discover/search'];

/** What a new person needs: their names and email; the flags are admin-set extras. */
export interface NewPerson {
  email: string;
  firstName: string;
  lastName: string;
  isPrivileged?: boolean;
  isStaff?: boolean;
  /** `discover/<flag>` names. */
  flags?: string[];
}

/**
 * Inserts a person's product rows inside the caller's transaction: their personal account
 * (`isPersonal = 1`, the group_sid), the users row with the given id, and the owner membership of
 * the personal account (the seed gives every user the same), dated by the clock.
 */
export async function insertPersonRows(
  trx: Transaction<Database> | Kysely<Database>,
  id: string,
  person: NewPerson,
  clock: Clock = systemClock,
): Promise<void> {
  const now = clock.now().toISOString();
  const accountId = newId();
  const sid = newSid();
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;
  const profile = { ...EMPTY_PROFILE, createdAt: now, updatedAt: now };
  await trx
    .insertInto('accounts')
    .values({ id: accountId, sid: newSid(), name, status: 'ACTIVE', isPersonal: 1, flags: '[]', ...profile })
    .execute();
  await trx
    .insertInto('users')
    .values({
      id,
      sid,
      email: person.email.toLowerCase(),
      firstName: person.firstName,
      lastName: person.lastName,
      username: `${slugify(name) || 'user'}-${sid.slice(0, 6).toLowerCase()}`,
      accountId,
      isPrivileged: person.isPrivileged ? 1 : 0,
      isStaff: person.isStaff ? 1 : 0,
      flags: JSON.stringify(person.flags ?? []),
      status: 'ACTIVE',
      preparedAt: null,
      ...profile,
    })
    .execute();
  await trx.insertInto('memberships').values({ userId: id, accountId, role: 'OWNER', flags: '[]', createdAt: now, updatedAt: now }).execute();
}

/** better-auth's identity and password rows of a users row, in the format its Kysely adapter writes. */
async function insertCredentialRows(db: Db, trx: Kysely<Database>, user: { id: string; email: string; name: string; hash: string }, clock: Clock) {
  const at = clock.now();
  const now = db.dialect === 'postgres' ? at : at.toISOString();
  await trx
    .insertInto('auth_user')
    .values({
      id: user.id,
      name: user.name,
      email: user.email.toLowerCase(),
      // People made by the seed or an operator are vouched for: their address counts as confirmed.
      emailVerified: db.dialect === 'postgres' ? true : 1,
      image: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await trx
    .insertInto('auth_account')
    .values({ id: newId(), accountId: user.id, providerId: 'credential', userId: user.id, password: user.hash, createdAt: now, updatedAt: now })
    .execute();
}

/**
 * Creates a person who can sign in with email and password: personal account, users row,
 * membership and better-auth credential, all in one transaction. Answers the user id.
 * The demo seed and tests use it; visitors sign up through `/auth/sign-up`.
 */
export async function createCredentialUser(db: Db, person: NewPerson & { password: string }, clock: Clock = systemClock): Promise<string> {
  const id = newId();
  // Hash before the transaction: on SQLite one connection serves everyone while it is open.
  const hash = await hashPassword(person.password);
  await db.kysely.transaction().execute(async (trx) => {
    await insertPersonRows(trx, id, person, clock);
    await insertCredentialRows(db, trx, { id, email: person.email, name: `${person.firstName} ${person.lastName}`.trim(), hash }, clock);
  });
  return id;
}

/**
 * Gives an existing users row a sign-in (the seed inserts its people in bulk, then calls this for
 * the demo users). Fails when the row is missing, the email is not theirs, or it already has one.
 */
export async function attachCredential(db: Db, user: { id: string; email: string; password: string }, clock: Clock = systemClock): Promise<void> {
  const row = await db.kysely.selectFrom('users').select(['firstName', 'lastName', 'email']).where('id', '=', user.id).executeTakeFirst();
  if (!row) throw new Error(`Cannot give user ${user.id} a sign-in: no such users row.`);
  if (row.email.toLowerCase() !== user.email.toLowerCase()) throw new Error(`Cannot give user ${user.id} a sign-in: ${user.email} is not their email.`);
  const hash = await hashPassword(user.password);
  await insertCredentialRows(db, db.kysely, { id: user.id, email: row.email, name: `${row.firstName} ${row.lastName}`.trim(), hash }, clock);
}

/**
 * Gives a person who has a users row but no sign-in yet (made by the seed or an operator) a
 * better-auth identity without a password, so a password-reset link can be sent and can set one;
 * the address counts as confirmed only once the link is used. Nothing happens for an unknown
 * email, a disabled person or one who already has an identity.
 */
export async function prepareIdentityForReset(db: Db, email: string, clock: Clock): Promise<void> {
  const person = await db.kysely
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'status'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!person || person.status !== 'ACTIVE') return;
  const at = clock.now();
  const now = db.dialect === 'postgres' ? at : at.toISOString();
  await db.kysely
    .insertInto('auth_user')
    .values({
      id: person.id,
      name: `${person.firstName} ${person.lastName}`.trim(),
      email: person.email.toLowerCase(),
      emailVerified: db.dialect === 'postgres' ? false : 0,
      image: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const parseFlags = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Loads the session user of a users id from users, memberships and accounts; null when the user is
 * missing or disabled. Memberships list organizations only (the personal account is `accountId`);
 * a membership's flags are its own plus its organization's.
 */
export async function loadSessionUser(db: Kysely<Database>, userId: string): Promise<SessionUser | null> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'sid', 'email', 'firstName', 'lastName', 'accountId', 'isPrivileged', 'isStaff', 'flags', 'status', 'preparedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u || u.status !== 'ACTIVE') return null;
  const ms = await db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.accountId')
    .select(['accounts.id as accountId', 'accounts.sid', 'accounts.name', 'accounts.flags as accountFlags', 'memberships.role', 'memberships.flags'])
    .where('memberships.userId', '=', userId)
    .where('accounts.isPersonal', '=', 0)
    .orderBy('accounts.name')
    .execute();
  return {
    id: u.id,
    sid: u.sid,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    accountId: u.accountId,
    isPrivileged: Number(u.isPrivileged) === 1,
    isStaff: Number(u.isStaff) === 1,
    flags: parseFlags(u.flags),
    preparedAt: u.preparedAt,
    memberships: ms.map((m) => ({
      accountId: m.accountId,
      sid: m.sid,
      name: m.name,
      role: m.role,
      flags: [...new Set([...parseFlags(m.flags), ...parseFlags(m.accountFlags)])],
    })),
  };
}

/** The spec's "Current user" of a session user (guest shape for null). */
export function toCurrentUser(user: SessionUser | null): CurrentUser {
  if (!user) return GUEST_USER;
  return {
    is_authenticated: true,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    user_sid: user.sid,
    group_sid: user.accountId,
    is_privileged: user.isPrivileged,
    is_staff: user.isStaff,
    flags: user.flags,
    memberships: user.memberships.map((m) => ({ name: m.name, flags: m.flags, organization_sid: m.accountId, role: m.role })),
    isUserDataPrepared: user.preparedAt !== null,
    profile: { sid: user.sid },
  };
}

/**
 * Prepares a user's data on first use (spec 4, construct): their favorites collection, then
 * `preparedAt`. Safe to repeat and to race: an existing favorites collection is kept.
 */
export async function prepareUserData(db: Kysely<Database>, userId: string, clock: Clock): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const fav = await trx.selectFrom('collections').select('id').where('ownerUserId', '=', userId).where('isFavorite', '=', 1).executeTakeFirst();
    const now = clock.now().toISOString();
    if (!fav) {
      await trx
        .insertInto('collections')
        .values(favoritesRow({ id: newId(), sid: newSid() }, userId, now))
        .execute();
    }
    await trx.updateTable('users').set({ preparedAt: now }).where('id', '=', userId).where('preparedAt', 'is', null).execute();
  });
}
