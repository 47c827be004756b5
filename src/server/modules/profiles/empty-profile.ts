import type { ProfileColumns } from '../../db/schema/content.ts';

/**
 * The profile columns of a new account or user: no description, links or pictures, public. Sign-up,
 * the console's new organizations, the demo seed and the API test worlds all start profiles from it.
 */
export const EMPTY_PROFILE: Readonly<ProfileColumns> = {
  description: null,
  url: null,
  locationDescription: null,
  photoId: null,
  coverId: null,
  facebook: null,
  instagram: null,
  linkedin: null,
  twitter: null,
  visibility: 'PUBLIC',
};
