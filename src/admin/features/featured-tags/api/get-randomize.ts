import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingValue } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { featuredTagKeys } from './keys.ts';

/** GET /admin/api/featuredTag/randomize/: whether the public order is shuffled once a day instead of following priority. */
export function getRandomize(): Promise<SettingValue> {
  return adminHttp()('GET', '/admin/api/featuredTag/randomize/');
}

/** Query options of the randomize setting. */
export const randomizeQuery = () => queryOptions({ queryKey: featuredTagKeys.randomize(), queryFn: getRandomize });

/** The randomize setting. */
export function useRandomize() {
  return useQuery(randomizeQuery());
}
