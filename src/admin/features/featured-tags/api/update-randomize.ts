import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingValue } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { featuredTagKeys } from './keys.ts';

/** PUT /admin/api/featuredTag/randomize/?newValue=: turns the daily shuffle of the public order on or off. */
export function updateRandomize(newValue: boolean): Promise<SettingValue> {
  return adminHttp()('PUT', '/admin/api/featuredTag/randomize/', { query: { newValue } });
}

/** Switches the setting, shown at once and rolled back if the call fails. */
export function useUpdateRandomize() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRandomize,
    onMutate: async (value) => {
      await client.cancelQueries({ queryKey: featuredTagKeys.randomize() });
      const before = client.getQueryData<SettingValue>(featuredTagKeys.randomize());
      if (before) client.setQueryData<SettingValue>(featuredTagKeys.randomize(), { ...before, value });
      return { before };
    },
    onError: (_error, _value, context) => client.setQueryData(featuredTagKeys.randomize(), context?.before),
    onSuccess: (data) => client.setQueryData(featuredTagKeys.randomize(), data),
  });
}
