import { z } from 'zod';
import { CameraKind } from './cameras.ts';
import { SpaceType, Visibility } from './enums.ts';

/** Where a space is on the map. */
export const Geolocation = z.object({ lat: z.number(), long: z.number(), altitude: z.number().nullable() }).meta({ id: 'Geolocation' });

/** A camera used to capture a space. */
export const SpaceCamera = z.object({ kind: CameraKind, code: z.string(), manufacturer: z.string(), label: z.string() }).meta({ id: 'SpaceCamera' });

/** Images of a space, as URLs under /media. */
export const SpaceImages = z.object({ thumbnail: z.string(), cover: z.string(), width: z.number().int(), height: z.number().int() });

/** A 3D-scanned space (spec 3). */
export const Space = z
  .object({
    id: z.string(),
    modelId: z.string(),
    name: z.string(),
    slug: z.string(),
    summary: z.string(),
    description: z.string(),
    address: z.string(),
    city: z.string(),
    countryCode: z.string(),
    countryName: z.string(),
    geolocation: z.union([Geolocation, z.null()]),
    cameras: z.array(SpaceCamera),
    tags: z.array(z.string()),
    views: z.number().int().nullable(),
    visibility: Visibility,
    presentedBy: z.string().nullable(),
    organization: z.object({ id: z.string(), companyName: z.string() }).nullable(),
    moderation: z.object({ isModerated: z.boolean(), reason: z.string().nullable() }),
    latestUserCollection: z.object({ id: z.string(), name: z.string(), isFavorite: z.boolean() }).nullable(),
    type: SpaceType,
    images: SpaceImages,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Space' });
/** @see Space */
export type Space = z.infer<typeof Space>;

/** The short form of a space used on cards and in search previews. */
export const SpaceCard = Space.pick({
  id: true,
  modelId: true,
  name: true,
  slug: true,
  summary: true,
  city: true,
  countryCode: true,
  countryName: true,
  tags: true,
  views: true,
  type: true,
  images: true,
}).meta({ id: 'SpaceCard' });
/** @see SpaceCard */
export type SpaceCard = z.infer<typeof SpaceCard>;

/** Which fields a text search looks in (header preview: all true). */
export const SearchBy = z.object({
  name: z.boolean().default(true),
  summary: z.boolean().default(true),
  tag: z.boolean().default(true),
  location: z.boolean().default(true),
  description: z.boolean().default(true),
});

/** A tag with the number of public spaces carrying it (tag pages, footer). */
export const TagSummary = z.object({ name: z.string(), slug: z.string(), spaceCount: z.number().int() }).meta({ id: 'TagSummary' });
/** @see TagSummary */
export type TagSummary = z.infer<typeof TagSummary>;
