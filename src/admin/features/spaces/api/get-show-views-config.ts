import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingValue } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { spaceKeys } from './keys.ts';

/** GET /admin/api/space/showViewsConfig/: whether the public site shows view counts. */
export function getShowViewsConfig(): Promise<SettingValue> {
  return adminHttp()('GET', '/admin/api/space/showViewsConfig/');
}

/** Query options of the view-count setting. */
export const showViewsQuery = () => queryOptions({ queryKey: spaceKeys.showViews(), queryFn: getShowViewsConfig });

/** The view-count setting. */
export function useShowViewsConfig() {
  return useQuery(showViewsQuery());
}
