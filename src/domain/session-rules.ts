/** Feature flags the product checks, as `discover/{flag}` (spec 6). */
export const FEATURE_FLAGS = [
  'admin_toggle_views',
  'space_visibility_badge',
  'space_geocoding',
  'collection_list_view',
  'collection_map_view',
  'zaya',
  'search',
  'pro3',
] as const;
/** @see FEATURE_FLAGS */
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** What the rules read of a user (the session's `CurrentUser`, spec 3). */
interface FlaggedUser {
  flags: readonly string[];
  memberships: readonly { flags: readonly string[] }[];
}

/** Whether a user has `discover/{flag}` from their own flags or any membership's (spec 6). */
export function hasFlag(user: FlaggedUser | null | undefined, flag: FeatureFlag): boolean {
  if (!user) return false;
  const name = `discover/${flag}`;
  return user.flags.includes(name) || user.memberships.some((m) => m.flags.includes(name));
}

/** Analytics role of a user (spec 6): admin when privileged and not staff, staff when is_staff. */
export function analyticsRole(user: { is_privileged: boolean; is_staff: boolean }): 'admin' | 'staff' | 'user' {
  if (user.is_staff) return 'staff';
  return user.is_privileged ? 'admin' : 'user';
}
