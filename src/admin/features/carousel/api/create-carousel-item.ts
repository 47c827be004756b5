import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminCarouselItem } from '../../../../domain/admin.ts';
import type { CarouselItemInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { carouselKeys } from './keys.ts';

/** POST /admin/api/fci/: a new slide goes last. */
export function createCarouselItem(input: z.input<typeof CarouselItemInput>): Promise<AdminCarouselItem> {
  return adminHttp()('POST', '/admin/api/fci/', { body: input });
}

/** Adds a slide and refreshes the list. */
export function useCreateCarouselItem() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCarouselItem, onSettled: () => client.invalidateQueries({ queryKey: carouselKeys.all }) });
}
