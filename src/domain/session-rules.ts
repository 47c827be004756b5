import type { CurrentUser, FeatureFlag } from './session.ts';

/** Whether a user has `discover/{flag}` from their own flags or any membership's (spec 6). */
export function hasFlag(user: Pick<CurrentUser, 'flags' | 'memberships'> | null | undefined, flag: FeatureFlag): boolean {
  if (!user) return false;
  const name = `discover/${flag}`;
  return user.flags.includes(name) || user.memberships.some((m) => m.flags.includes(name));
}

/** Analytics role of a user (spec 6): admin when privileged and not staff, staff when is_staff. */
export function analyticsRole(user: Pick<CurrentUser, 'is_privileged' | 'is_staff'>): 'admin' | 'staff' | 'user' {
  if (user.is_staff) return 'staff';
  return user.is_privileged ? 'admin' : 'user';
}
