import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { PermanentJobError } from '../../platform/jobs/jobs.ts';
import { panoramaTourOf } from '../tours/tour-layout.queries.ts';

/** The tus metadata key of a photo upload that adds to an existing panorama tour (the editor's "Add 360° photos"). */
export const ADD_TO_SPACE_META = 'spaceId';

const REFUSED = 'Photos can only be added to a 360° tour of a space you own.';

/**
 * The space a photo upload adds itself to (by id or modelId), checked when processing begins: a
 * panorama tour its uploader may edit (the space's owner, or an OWNER of its organization).
 * Anything else fails the upload with the reason, and nothing changes.
 */
export async function panoramaTarget(db: Kysely<Database>, key: string, uploaderId: string): Promise<string> {
  const space = await db
    .selectFrom('spaces')
    .select(['id', 'ownerUserId', 'organizationId'])
    .where((eb) => eb.or([eb('id', '=', key), eb('modelId', '=', key)]))
    .executeTakeFirst();
  if (!space) throw new PermanentJobError(REFUSED);
  let allowed = space.ownerUserId === uploaderId;
  if (!allowed && space.organizationId) {
    const owner = await db
      .selectFrom('memberships')
      .select('role')
      .where('userId', '=', uploaderId)
      .where('accountId', '=', space.organizationId)
      .executeTakeFirst();
    allowed = owner?.role === 'OWNER';
  }
  if (!allowed || !(await panoramaTourOf(db, space.id))) throw new PermanentJobError(REFUSED);
  return space.id;
}
