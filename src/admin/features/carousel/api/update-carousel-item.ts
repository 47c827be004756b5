import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { requireParams } from '../../../../client/http.ts';
import type { AdminCarouselItem } from '../../../../domain/admin.ts';
import type { CarouselItemInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { carouselKeys } from './keys.ts';

/** PUT /admin/api/fci/{id}/: replaces the slide's type, item, description and active flag. */
export function updateCarouselItem({ id, input }: { id: string; input: z.input<typeof CarouselItemInput> }): Promise<AdminCarouselItem> {
  requireParams('updateCarouselItem', { id });
  return adminHttp()('PUT', '/admin/api/fci/{id}/', { params: { id }, body: input });
}

/** Saves a slide and refreshes the list and the slide. */
export function useUpdateCarouselItem() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateCarouselItem, onSettled: () => client.invalidateQueries({ queryKey: carouselKeys.all }) });
}
