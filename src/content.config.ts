import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'zod';
import { contentCollections } from './loaders/content-collections.ts';
import { fillPlaceholders } from './domain/content-placeholders.ts';

const c = contentCollections();
/** A front-matter text: its `{{name}}` placeholders filled like the page's text (ContentPage.astro). */
const text = () => z.string().transform(fillPlaceholders);

/** Content collections of the site, all fed by the content API at build time (src/loaders). */
export const collections = {
  spaces: defineCollection(c.spaces),
  collections: defineCollection(c.collections),
  featuredTags: defineCollection(c.featuredTags),
  carousel: defineCollection(c.carousel),
  banners: defineCollection(c.banners),
  accounts: defineCollection(c.accounts),
  users: defineCollection(c.users),
  tags: defineCollection(c.tags),
  marketplaceApps: defineCollection(c.marketplaceApps),
  marketplaceCollections: defineCollection(c.marketplaceCollections),
  pros: defineCollection(c.pros),
  // The company's own pages, written in Markdown under src/content (English, like the capture pages).
  blog: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/blog' }),
    schema: z.object({ title: text(), description: text(), date: z.coerce.date(), author: z.string() }),
  }),
  help: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/help' }),
    schema: z.object({ title: text(), description: text(), order: z.number().int() }),
  }),
  pages: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/pages' }),
    schema: z.object({ title: text(), description: text(), updated: z.coerce.date().optional() }),
  }),
};
