import { z } from 'zod';
import { CarouselItemType } from './enums.ts';
import { translationsOf } from './locale-texts.ts';
import { SpaceCard } from './space.ts';

/** A hex colour without '#', as banners store it (spec 2). */
export const HexColor = z.string().regex(/^[0-9A-Fa-f]{6}$/, 'Use a hex colour without #, like FFBB00');

/** A pencil banner (spec 3). */
export const Banner = z
  .object({
    id: z.string(),
    text: z.string(),
    color: z.string(),
    hyperlink: z.string().nullable(),
    expirationDate: z.string().nullable(),
    isActive: z.boolean(),
    isHideable: z.boolean(),
    translations: translationsOf({ text: z.string() }),
  })
  .meta({ id: 'Banner' });
/** @see Banner */
export type Banner = z.infer<typeof Banner>;

/** Banner colour whose text is black (spec 9); in a zod-free module so the browser can import it. */
export { BLACK_TEXT_BANNER_COLOR } from './banner-color.ts';

/** A featured-carousel slide (spec 3); `item` is the space, collection or URL it shows. */
export const CarouselItem = z
  .object({
    id: z.string(),
    description: z.string().nullable(),
    translations: translationsOf({ description: z.string() }),
    isActive: z.boolean(),
    priority: z.number().int(),
    type: CarouselItemType,
    item: z
      .object({
        id: z.string().nullable(),
        url: z.string().nullable(),
        name: z.string(),
        imageUrl: z.string().nullable(),
        href: z.string(),
        space: SpaceCard.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'CarouselItem' });
/** @see CarouselItem */
export type CarouselItem = z.infer<typeof CarouselItem>;

/** A featured tag: a homepage tab grouping tags, with its spaces (spec 3). */
export const FeaturedTag = z
  .object({
    id: z.string(),
    name: z.string(),
    translations: translationsOf({ name: z.string() }),
    isActive: z.boolean(),
    priority: z.number().int(),
    tags: z.array(z.string()),
    spaces: z.array(SpaceCard),
  })
  .meta({ id: 'FeaturedTag' });
/** @see FeaturedTag */
export type FeaturedTag = z.infer<typeof FeaturedTag>;

/** A featured tag's id and name, for the footer's Explore column and admin pickers. */
export const FeaturedTagName = z.object({ id: z.string(), name: z.string() }).meta({ id: 'FeaturedTagName' });
/** @see FeaturedTagName */
export type FeaturedTagName = z.infer<typeof FeaturedTagName>;
