import { createRoute, z } from '@hono/zod-openapi';
import { Collection, CollectionType } from '../../../domain/collection.ts';
import { LocaleQuery } from '../../../domain/locale-texts.ts';
import { PageQuery, pageOf } from '../../../domain/page.ts';
import { errorResponses, ok } from '../../platform/content/openapi.ts';

const tags = ['Collections'];

/** A page of collections. */
export const CollectionPage = pageOf(Collection, 'CollectionPage');

const count = (max: number, description: string) => z.coerce.number().int().min(0).max(max).optional().meta({ description });
const children = {
  childrenCount: count(200, 'Children embedded per collection'),
  childrenPage: z.coerce.number().int().min(1).max(10_000).optional().meta({ description: '1-based page of children (wins over childrenOffset)' }),
  childrenOffset: z.coerce.number().int().min(0).max(1_000_000).optional(),
};
const paging = PageQuery.pick({ offset: true, limit: true }).shape;

/** GET /api/content/collection/: public, active, non-empty collections, newest first. */
export const listCollections = createRoute({
  method: 'get',
  path: '/api/content/collection/',
  tags,
  summary: 'List public collections',
  request: {
    query: z.object({
      type: CollectionType.optional(),
      spaceId: z.string().max(200).optional().meta({ description: 'Only collections holding this space (id, modelId or slug)' }),
      ...children,
      subchildrenCount: count(24, 'Space previews per sub-collection child'),
      locale: LocaleQuery,
      ...paging,
    }),
  },
  responses: { ...ok(CollectionPage, 'A page of collections'), ...errorResponses(400) },
});

/** GET /api/content/collection/featured: the homepage's featured collections. */
export const featuredCollections = createRoute({
  method: 'get',
  path: '/api/content/collection/featured',
  tags,
  summary: 'Featured collections',
  description:
    'Active featured (admin) collections by priority. `childrenCount` children are embedded in collections of collections, `spacesCount` in collections of spaces.',
  request: {
    query: z.object({
      childrenCount: count(200, 'Children embedded per collection of collections'),
      spacesCount: count(200, 'Spaces embedded per collection of spaces'),
      locale: LocaleQuery,
      ...paging,
    }),
  },
  responses: { ...ok(CollectionPage, 'A page of featured collections'), ...errorResponses(400) },
});

/** GET /api/content/collection/favorite/: the signed-in user's favorites. */
export const favoriteCollection = createRoute({
  method: 'get',
  path: '/api/content/collection/favorite/',
  tags,
  summary: 'My favorites collection',
  request: { query: z.object({ spaceId: z.string().max(200).optional(), ...children }) },
  responses: { ...ok(Collection.nullable(), 'The favorites collection, or null when the user has none yet'), ...errorResponses(400, 401) },
});

/** GET /api/content/collection/my/: the signed-in user's own collections. */
export const myCollections = createRoute({
  method: 'get',
  path: '/api/content/collection/my/',
  tags,
  summary: 'My collections',
  description: 'Every collection of the signed-in user. With `spaceId`, each says in `withSelectedSpace` whether it holds that space.',
  request: { query: z.object({ spaceId: z.string().max(200).optional(), ...children, ...paging }) },
  responses: { ...ok(CollectionPage, "A page of the user's collections"), ...errorResponses(400, 401) },
});

/** GET /api/content/collection/{id}/: one collection with a page of its children. */
export const getCollection = createRoute({
  method: 'get',
  path: '/api/content/collection/{id}/',
  tags,
  summary: 'Get a collection',
  description: 'By id or sid, with a page of children; each child carries its space card or a sub-collection summary (with `subchildrenCount` space previews).',
  request: {
    params: z.object({ id: z.string().min(1).max(200) }),
    query: z.object({ ...children, subchildrenCount: count(24, 'Space previews per sub-collection child'), locale: LocaleQuery }),
  },
  responses: { ...ok(Collection, 'The collection'), ...errorResponses(400, 404) },
});
