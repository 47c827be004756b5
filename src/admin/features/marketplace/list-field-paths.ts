import type { z } from 'zod';
import type { AppInput } from '../../../domain/marketplace.ts';

type AppValues = z.input<typeof AppInput>;

/** The 400 field paths of the app's lists, so `applyApiError` puts each problem under its row. */
export function listFieldPaths(values: AppValues): string[] {
  const paths: string[] = ['screenshots', 'documents', 'downloads', 'resources'];
  for (const list of ['documents', 'downloads', 'resources'] as const)
    (values[list] ?? []).forEach((_, i) => paths.push(`${list}.${i}.title`, `${list}.${i}.url`, `${list}.${i}.kind`));
  (values.screenshots ?? []).forEach((_, i) => paths.push(`screenshots.${i}.id`, `screenshots.${i}.alt`));
  return paths;
}
