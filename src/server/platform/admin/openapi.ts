import { ApiErrorBody } from '../../../domain/api-error.ts';
import { adminOnly } from '../../modules/auth/guards.ts';

const ERROR_TEXT = {
  400: 'Invalid input; `extra.fields` lists each problem',
  401: 'Not signed in',
  403: 'Not an administrator',
  404: 'An id that does not exist (nothing was changed); `extra.missing` lists them for bulk calls',
  409: 'Conflicts with existing data (a taken slug or name, an item already moderated)',
} as const;

/** The error answers of an admin route: always 400, 401 and 403, plus the 404/409 given. */
export function adminErrors(...extra: (404 | 409)[]) {
  const out: Record<number, { description: string; content: { 'application/json': { schema: typeof ApiErrorBody } } }> = {};
  for (const s of [400, 401, 403, ...extra] as const) out[s] = { description: ERROR_TEXT[s], content: { 'application/json': { schema: ApiErrorBody } } };
  return out as Record<400 | 401 | 403, (typeof out)[number]> & Partial<Record<404 | 409, (typeof out)[number]>>;
}

/** A 204 answer. */
export const noContent = (description: string) => ({ 204: { description } });

/** Route middleware of every admin route; the app-wide guard already refuses others, this keeps each route safe on its own. */
export const adminMiddleware: [typeof adminOnly] = [adminOnly];

/** OpenAPI tag of each admin resource. */
export const ADMIN_TAGS = {
  accounts: ['Admin accounts'],
  users: ['Admin users'],
  audit: ['Admin audit log'],
  banners: ['Admin banners'],
  collections: ['Admin collections'],
  carousel: ['Admin carousel'],
  featuredTags: ['Admin featured tags'],
  moderation: ['Admin moderation'],
  spaces: ['Admin spaces'],
  tags: ['Admin tags'],
} as const;
