import { defineCollection } from 'astro:content';
import { contentCollections } from './loaders/content-collections.ts';

const c = contentCollections();

/** Content collections of the site, all fed by the content API at build time (src/loaders). */
export const collections = {
  spaces: defineCollection(c.spaces),
  collections: defineCollection(c.collections),
  featuredTags: defineCollection(c.featuredTags),
  carousel: defineCollection(c.carousel),
  accounts: defineCollection(c.accounts),
  users: defineCollection(c.users),
  tags: defineCollection(c.tags),
  marketplaceApps: defineCollection(c.marketplaceApps),
  marketplaceCollections: defineCollection(c.marketplaceCollections),
};
