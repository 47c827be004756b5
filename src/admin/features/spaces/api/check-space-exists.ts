import { hasStatus } from '../../../lib/api.ts';
import { getSpace } from './get-space.ts';

/** The id of the space with this modelId, or null when there is none (GET /admin/api/space/{modelId}/ answers 404). */
export async function checkSpaceExists(modelId: string): Promise<string | null> {
  try {
    return (await getSpace(modelId)).id;
  } catch (error) {
    if (hasStatus(error, 404)) return null;
    throw error;
  }
}

/** Looks up many modelIds, a few at a time, so a large feed does not flood the API. */
export async function checkSpacesExist(modelIds: readonly string[], concurrency = 6): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  let next = 0;
  const worker = async () => {
    while (next < modelIds.length) {
      const id = modelIds[next++] as string;
      out.set(id, await checkSpaceExists(id));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, modelIds.length) }, worker));
  return out;
}
