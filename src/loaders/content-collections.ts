import { z } from 'zod';
import type { Loader } from 'astro/loaders';
import { Space, SpaceCard } from '../domain/space.ts';
import { Collection } from '../domain/collection.ts';
import { Banner, CarouselItem, FeaturedTag } from '../domain/homepage.ts';
import { Profile } from '../domain/profile.ts';
import { pageOf } from '../domain/page.ts';
import { App, AppCollection } from '../domain/marketplace.ts';
import { Pro } from '../domain/pros.ts';
import {
  accountsLoader,
  bannersLoader,
  carouselLoader,
  collectionsLoader,
  featuredTagsLoader,
  marketplaceAppsLoader,
  marketplaceCollectionsLoader,
  prosLoader,
  spacesLoader,
  tagsLoader,
  usersLoader,
  type LoaderOptions,
} from './discover-loader.ts';

/** Where an item sat in the API's list, for lists whose order is editorial. */
const position = { position: z.number().int() };

/**
 * The site's content collections, loader and schema each: `src/content.config.ts` hands them to
 * Astro, and the publisher's content sync (`content-sync.ts`) runs the same loaders against the same
 * data store outside a build.
 */
export function contentCollections(options: LoaderOptions = {}) {
  return {
    spaces: { loader: spacesLoader(options), schema: Space },
    collections: { loader: collectionsLoader(options), schema: Collection.extend(position) },
    featuredTags: { loader: featuredTagsLoader(options), schema: FeaturedTag.extend(position) },
    carousel: { loader: carouselLoader(options), schema: CarouselItem.extend(position) },
    banners: { loader: bannersLoader(options), schema: Banner.extend(position) },
    accounts: { loader: accountsLoader(options), schema: z.object({ id: z.string(), profile: Profile, spaces: pageOf(SpaceCard) }) },
    users: { loader: usersLoader(options), schema: z.object({ id: z.string(), profile: Profile, collections: pageOf(Collection) }) },
    tags: { loader: tagsLoader(options), schema: z.object({ slug: z.string(), name: z.string(), count: z.number().int() }) },
    marketplaceApps: { loader: marketplaceAppsLoader(options), schema: App.extend(position) },
    marketplaceCollections: { loader: marketplaceCollectionsLoader(options), schema: AppCollection.extend(position) },
    pros: { loader: prosLoader(options), schema: Pro.extend(position) },
  } satisfies Record<string, { loader: Loader; schema: z.ZodType }>;
}

/** The names of the content collections. */
export type ContentCollectionName = keyof ReturnType<typeof contentCollections>;
