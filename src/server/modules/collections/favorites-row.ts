import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * A user's favorites collection as stored (spec 4): private, of spaces, made by the user, one per
 * user. Preparing a user's data, the first favorite of a user prepared before, and the demo seed
 * all insert it through here.
 */
export function favoritesRow(ids: { id: string; sid: string }, ownerUserId: string, at: string): Insertable<Database['collections']> {
  return {
    ...ids,
    name: 'Favorites',
    description: null,
    type: 'SPACE',
    isActive: 1,
    isFavorite: 1,
    isUgc: 1,
    isAdmin: 0,
    priority: 0,
    metaTitle: null,
    metaDescription: null,
    ownerUserId,
    visibility: 'PRIVATE',
    createdAt: at,
    updatedAt: at,
  };
}
