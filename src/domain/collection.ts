import { z } from 'zod';
import { translationsOf } from './locale-texts.ts';
import { SpaceCard } from './space.ts';
import { UserInfo } from './profile.ts';

/** What a collection holds: spaces, or other collections. */
export const CollectionType = z.enum(['SPACE', 'COLLECTION']).meta({ id: 'CollectionType' });
/** @see CollectionType */
export type CollectionType = z.infer<typeof CollectionType>;

/** The texts a collection may give per locale (issue 26): name and description, English where a locale has none. */
export const COLLECTION_TEXTS = ['name', 'description'] as const;
/** A collection's name and description per locale, as answered. */
const CollectionTranslations = translationsOf({ name: z.string(), description: z.string() });

/** A child of a collection (spec 3, "Collection child"), carrying the child itself. */
export const CollectionChild = z
  .object({
    childType: CollectionType,
    addedToParentDate: z.string(),
    totalChildren: z.number().int(),
    order: z.number().int(),
    space: SpaceCard.nullable(),
    collection: z
      .object({
        id: z.string(),
        sid: z.string(),
        name: z.string(),
        description: z.string().nullable(),
        translations: CollectionTranslations,
        coverUrl: z.string().nullable(),
        childrenCount: z.number().int(),
        /** First space cards of the sub-collection, when asked for with `subchildrenCount`. */
        spaces: z.array(SpaceCard).optional(),
      })
      .nullable(),
  })
  .meta({ id: 'CollectionChild' });
/** @see CollectionChild */
export type CollectionChild = z.infer<typeof CollectionChild>;

/** A collection (spec 3). `children` is a page of its children. */
export const Collection = z
  .object({
    id: z.string(),
    sid: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    translations: CollectionTranslations,
    type: CollectionType,
    isActive: z.boolean(),
    isFavorite: z.boolean(),
    isUgc: z.boolean(),
    isAdmin: z.boolean(),
    priority: z.number().int(),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    spaceModelIds: z.array(z.string()),
    childrenCount: z.number().int(),
    withSelectedSpace: z.boolean().nullable(),
    coverUrl: z.string().nullable(),
    userInfo: z.union([UserInfo, z.null()]), // .nullable() would mark the UserInfo component itself nullable in the OpenAPI document
    children: z.object({
      results: z.array(CollectionChild),
      hasNext: z.boolean(),
      nextOffset: z.number().int().nullable(),
      totalResults: z.number().int(),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Collection' });
/** @see Collection */
export type Collection = z.infer<typeof Collection>;
