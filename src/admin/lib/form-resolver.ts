import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';
import { t } from '../app/texts.ts';

/**
 * Messages for the generic problems zod words for developers ('Too small: expected array to have
 * >=1 items'); the schemas' own messages ('Use a hex colour without #, like FFBB00') stay.
 */
function friendly(issue: z4.$ZodRawIssue): string | undefined {
  if (issue.code === 'too_small' && issue.origin === 'array') return t('field.atLeast', { count: Number(issue.minimum) });
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) return t('field.required');
  if (issue.code === 'too_big' && issue.origin === 'string') return t('field.tooLong', { count: Number(issue.maximum) });
  return undefined;
}

/**
 * The resolver of every console form: the domain's zod schema (the one the API validates with),
 * with readable messages for generic problems. `useForm({ resolver: formResolver(BannerInput) })`.
 */
export function formResolver<S extends z4.$ZodType<unknown, FieldValues>>(schema: S): Resolver<z4.input<S>, unknown, z4.output<S>> {
  return zodResolver(schema as never, { error: friendly } as never) as unknown as Resolver<z4.input<S>, unknown, z4.output<S>>;
}
