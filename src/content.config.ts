import { defineCollection } from 'astro:content';
import { z } from 'zod';
import { Space, SpaceCard } from './domain/space.ts';
import { Collection } from './domain/collection.ts';
import { CarouselItem, FeaturedTag } from './domain/homepage.ts';
import { Profile } from './domain/profile.ts';
import { pageOf } from './domain/page.ts';
import { accountsLoader, carouselLoader, collectionsLoader, featuredTagsLoader, spacesLoader, tagsLoader, usersLoader } from './loaders/discover-loader.ts';

/** Where an item sat in the API's list, for lists whose order is editorial. */
const position = { position: z.number().int() };

/** Content collections of the site, all fed by the content API at build time (src/loaders). */
export const collections = {
  spaces: defineCollection({ loader: spacesLoader(), schema: Space }),
  collections: defineCollection({ loader: collectionsLoader(), schema: Collection.extend(position) }),
  featuredTags: defineCollection({ loader: featuredTagsLoader(), schema: FeaturedTag.extend(position) }),
  carousel: defineCollection({ loader: carouselLoader(), schema: CarouselItem.extend(position) }),
  accounts: defineCollection({
    loader: accountsLoader(),
    schema: z.object({ id: z.string(), profile: Profile, spaces: pageOf(SpaceCard) }),
  }),
  users: defineCollection({
    loader: usersLoader(),
    schema: z.object({ id: z.string(), profile: Profile, collections: pageOf(Collection) }),
  }),
  tags: defineCollection({
    loader: tagsLoader(),
    schema: z.object({ slug: z.string(), name: z.string(), count: z.number().int() }),
  }),
};
