import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingValue } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { spaceKeys } from './keys.ts';

/** POST /admin/api/space/showViewsConfig/?newValue=: shows or hides view counts on the public site. */
export function setShowViewsConfig(value: boolean): Promise<SettingValue> {
  return adminHttp()('POST', '/admin/api/space/showViewsConfig/', { query: { newValue: value } });
}

/** Switches the view-count setting, showing it at once (rolled back if the call fails). */
export function useSetShowViewsConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setShowViewsConfig,
    onMutate: async (value) => {
      await client.cancelQueries({ queryKey: spaceKeys.showViews() });
      const before = client.getQueryData<SettingValue>(spaceKeys.showViews());
      if (before) client.setQueryData<SettingValue>(spaceKeys.showViews(), { ...before, value });
      return { before };
    },
    onError: (_error, _value, context) => client.setQueryData(spaceKeys.showViews(), context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: spaceKeys.showViews() }),
  });
}
