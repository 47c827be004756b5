/**
 * The system profile (spec 2: "a system profile has its own collections variant"): the editors'
 * collections (admin collections without an owner, `GET /api/content/user/admin/`) listed at
 * `/profile/{SYSTEM_PROFILE_SID}/collections`. Its sid is the API's own word for it; a user's sid
 * (10 characters) can never be it.
 */
export const SYSTEM_PROFILE_SID = 'admin';
/** The name the system profile shows ("Collections by Discover"). */
export const SYSTEM_PROFILE_NAME = 'Discover';
