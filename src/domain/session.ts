import { z } from 'zod';

/** One organization membership of the current user. */
export const Membership = z.object({ name: z.string(), flags: z.array(z.string()), organization_sid: z.string(), role: z.string() });

/** The session user (spec 3, "Current user"); field names as the spec spells them. */
export const CurrentUser = z
  .object({
    is_authenticated: z.boolean(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    user_sid: z.string(),
    group_sid: z.string(),
    is_privileged: z.boolean(),
    is_staff: z.boolean(),
    flags: z.array(z.string()),
    memberships: z.array(Membership),
    isUserDataPrepared: z.boolean(),
    profile: z.object({ sid: z.string() }).nullable(),
  })
  .meta({ id: 'CurrentUser' });
/** @see CurrentUser */
export type CurrentUser = z.infer<typeof CurrentUser>;

/** The guest answer of the session endpoint. */
export const GUEST_USER: CurrentUser = {
  is_authenticated: false,
  first_name: '',
  last_name: '',
  email: '',
  user_sid: '',
  group_sid: '',
  is_privileged: false,
  is_staff: false,
  flags: [],
  memberships: [],
  isUserDataPrepared: false,
  profile: null,
};

// Pure rules over the user, in a zod-free module so the browser can import them.
export { analyticsRole, FEATURE_FLAGS, hasFlag, type FeatureFlag } from './session-rules.ts';
