import { z } from 'zod';
import { Space } from './space.ts';

/**
 * POST /api/content/space/prepare/ (spec 7): the check before a signed-in person adds a space to
 * Discover ('#add-space'). Spec 7 names the call and nothing more; ours finds the space and says,
 * without changing anything, whether it is already listed and whether the caller may list it.
 */
export const SpacePrepareInput = z
  .object({
    id: z.string().trim().min(1).max(200).meta({ description: 'The space: its modelId (as in a tour link), id or slug' }),
  })
  .meta({ id: 'SpacePrepareInput' });
/** @see SpacePrepareInput */
export type SpacePrepareInput = z.infer<typeof SpacePrepareInput>;

/** What adding the space would do. */
export const SpacePrepareResult = z
  .object({
    space: Space,
    listed: z.boolean().meta({ description: 'The space is PUBLIC: already on Discover' }),
    owned: z.boolean().meta({ description: 'The caller may edit it: its owner, an OWNER of its organization, or an administrator' }),
    canList: z.boolean().meta({ description: 'owned and not listed: PATCH /api/content/space/{id}/ with visibility PUBLIC lists it' }),
  })
  .meta({ id: 'SpacePrepareResult' });
/** @see SpacePrepareResult */
export type SpacePrepareResult = z.infer<typeof SpacePrepareResult>;
