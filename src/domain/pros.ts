import { z } from 'zod';
import { CAPTURE_KINDS } from './pros-rules.ts';

/**
 * Find a 3D Pro (issue 27): the capture service's technicians and the marketplace partners who
 * capture spaces, each with a profile: photo, areas served, languages and what they capture.
 */

/** @see CAPTURE_KINDS */
export const CaptureKind = z.enum(CAPTURE_KINDS).meta({ id: 'ProCaptureKind' });
/** @see CaptureKind */
export type CaptureKind = z.infer<typeof CaptureKind>;

/** A place a pro serves: its city (what the ordering flow's address form takes), region and country. */
export const ProArea = z
  .object({
    city: z.string(),
    region: z.string(),
    /** ISO 3166-1 alpha-2. */
    countryCode: z.string().length(2),
    /** How far from the city they travel, when known (technicians). */
    radiusKm: z.number().nullable(),
  })
  .meta({ id: 'ProArea' });
/** @see ProArea */
export type ProArea = z.infer<typeof ProArea>;

/** One pro of the directory. */
export const Pro = z
  .object({
    id: z.string(),
    /** TECHNICIAN: the capture service's own; PARTNER: a marketplace partner who captures spaces. */
    kind: z.enum(['TECHNICIAN', 'PARTNER']),
    name: z.string(),
    headline: z.string(),
    photo: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
    areas: z.array(ProArea).min(1),
    /** BCP 47 language tags, the first their main one. */
    languages: z.array(z.string()),
    captures: z.array(CaptureKind),
    website: z.string().nullable(),
  })
  .meta({ id: 'Pro' });
/** @see Pro */
export type Pro = z.infer<typeof Pro>;

/** GET /api/capture/pros/: every active pro, technicians first, then partners, each by name. */
export const ProList = z.object({ pros: z.array(Pro) }).meta({ id: 'ProList' });
/** @see ProList */
export type ProList = z.infer<typeof ProList>;
