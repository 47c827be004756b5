import type { Kysely } from 'kysely';
import type { CaptureAccount, Money, Plan } from '../../../domain/capture.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { CURRENCY, money, planAllowsCapture } from './pricing.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The accounts a person orders for and what they may do there. Roles come from memberships
 * (Owner, Billing Contact, Member); a person's personal account makes them its Owner. Owners and
 * Billing Contacts see invoices; Owners change the plan; every member sees the account's orders.
 */

/** A role in an account. */
export type Role = 'OWNER' | 'BILLING' | 'MEMBER';

/** One account of a person with their role, read from the database (not the session, which may be older). */
export interface AccountRole {
  accountId: string;
  name: string;
  isPersonal: boolean;
  role: Role;
}

const asRole = (r: string): Role => (r === 'OWNER' || r === 'BILLING' ? r : 'MEMBER');

/** The person's accounts: the personal one first, then organizations by name. */
export async function accountRoles(db: Kysely<Database>, userId: string): Promise<AccountRole[]> {
  const user = await db.selectFrom('users').select(['accountId']).where('id', '=', userId).executeTakeFirst();
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.accountId')
    .select(['accounts.id', 'accounts.name', 'accounts.isPersonal', 'accounts.status', 'memberships.role'])
    .where('memberships.userId', '=', userId)
    .execute();
  const out = new Map<string, AccountRole>();
  if (user) {
    const personal = await db.selectFrom('accounts').select(['id', 'name']).where('id', '=', user.accountId).executeTakeFirst();
    if (personal) out.set(personal.id, { accountId: personal.id, name: personal.name, isPersonal: true, role: 'OWNER' });
  }
  for (const r of rows) {
    if (r.status !== 'ACTIVE' || out.has(r.id)) continue;
    out.set(r.id, { accountId: r.id, name: r.name, isPersonal: Boolean(r.isPersonal), role: asRole(r.role) });
  }
  return [...out.values()].sort((a, b) => Number(b.isPersonal) - Number(a.isPersonal) || a.name.localeCompare(b.name));
}

/** The person's role in one account; 404 when they are not a member. */
export async function roleIn(db: Kysely<Database>, userId: string, accountId: string): Promise<AccountRole> {
  const role = (await accountRoles(db, userId)).find((a) => a.accountId === accountId);
  if (!role) throw notFound('Account');
  return role;
}

/** Owners and Billing Contacts see invoices. */
export const canSeeInvoices = (role: Role): boolean => role === 'OWNER' || role === 'BILLING';

/** The 403 of a plain member asking for invoices. */
export const invoicesForbidden = () => forbidden("Only the account's Owners and Billing Contacts can see invoices.");

/** The account orders default to: the first organization the person owns, else their personal account. */
export function defaultAccount(roles: readonly AccountRole[]): AccountRole | undefined {
  return roles.find((r) => !r.isPersonal && r.role === 'OWNER') ?? roles.find((r) => r.isPersonal) ?? roles[0];
}

/** An account's plan (Starter when none was chosen). */
export async function planOf(db: Kysely<Database>, accountId: string): Promise<Plan> {
  const row = await db.selectFrom('capture_account_plans').select('plan').where('accountId', '=', accountId).executeTakeFirst();
  return (row?.plan as Plan | undefined) ?? 'STARTER';
}

/** Sets an account's plan (Owners only; checked by the caller). */
export async function setPlan(db: Kysely<Database>, accountId: string, plan: Plan, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('capture_account_plans')
    .values({ accountId, plan, updatedBy: userId, updatedAt: now.toISOString() })
    .onConflict((oc) => oc.column('accountId').doUpdateSet({ plan, updatedBy: userId, updatedAt: now.toISOString() }))
    .execute();
}

/** An account's credit balance: the sum of its credit movements. */
export async function creditBalance(db: Kysely<Database>, accountId: string, currency: string = CURRENCY): Promise<Money> {
  const row = await db
    .selectFrom('capture_credit_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('balance'))
    .where('accountId', '=', accountId)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return money(Number(row?.balance ?? 0), currency);
}

/** An account as the ordering flow shows it. */
export async function accountView(db: Kysely<Database>, role: AccountRole): Promise<CaptureAccount> {
  const plan = await planOf(db, role.accountId);
  return {
    accountId: role.accountId,
    name: role.name,
    isPersonal: role.isPersonal,
    role: role.role,
    plan,
    planAllowsCapture: planAllowsCapture(plan),
    canUpgrade: role.role === 'OWNER',
    canSeeInvoices: canSeeInvoices(role.role),
    creditBalance: await creditBalance(db, role.accountId),
  };
}
