import type { Kysely } from 'kysely';
import { CaptureKind, type Pro, type ProArea } from '../../../domain/pros.ts';
import { ensureTechnicians } from '../capture/technicians.ts';
import { mediaUrl } from '../../platform/content/media-urls.ts';
import type { ProProfilesTable } from '../../db/schema/pros.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The directory of Find a 3D Pro: active technicians (their base, radius and name from the
 * technician row, the rest from their profile) and the active marketplace partners that have a
 * profile. A technician without a profile is still listed, at their base, with no languages.
 */

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const areasOf = (p: ProProfilesTable | undefined): Omit<ProArea, 'radiusKm'>[] =>
  p ? parse<Omit<ProArea, 'radiusKm'>[]>(p.areas, []).filter((a) => a.city && a.countryCode?.length === 2) : [];
const capturesOf = (p: ProProfilesTable | undefined) =>
  (p ? parse<string[]>(p.captures, []).filter((c) => CaptureKind.safeParse(c).success) : []) as CaptureKind[];
const photoOf = (p: ProProfilesTable | undefined) =>
  p?.photoPath ? { url: mediaUrl(p.photoPath), width: Number(p.photoWidth), height: Number(p.photoHeight) } : null;
/** The city the address form takes for an area name ('San Francisco Bay Area' → 'San Francisco'). */
const cityOf = (areaName: string) => areaName.replace(/\s+(Bay\s+)?Area$/i, '');

/** Every active pro: technicians then partners, each group by country and city. */
export async function listPros(db: Kysely<Database>, now: Date): Promise<Pro[]> {
  await ensureTechnicians(db, now);
  const [technicians, profiles, partners] = await Promise.all([
    db.selectFrom('capture_technicians').selectAll().where('isActive', '=', 1).execute(),
    db.selectFrom('pro_profiles').selectAll().execute(),
    db.selectFrom('marketplace_partners').select(['id', 'name', 'website']).where('isActive', '=', 1).execute(),
  ]);
  const byTechnician = new Map(profiles.filter((p) => p.technicianId).map((p) => [p.technicianId as string, p]));
  const techPros: Pro[] = technicians.map((t) => {
    const profile = byTechnician.get(t.id);
    const listed = areasOf(profile);
    const base = listed[0] ?? { city: cityOf(t.areaName), region: '', countryCode: t.countryCode };
    return {
      id: profile?.id ?? t.id,
      kind: 'TECHNICIAN',
      name: `${t.firstName} ${t.lastName}`,
      headline: profile?.headline ?? '',
      photo: photoOf(profile),
      areas: [{ ...base, radiusKm: Number(t.radiusKm) }, ...listed.slice(1).map((a) => ({ ...a, radiusKm: null }))],
      languages: profile ? parse<string[]>(profile.languages, []) : [],
      captures: capturesOf(profile),
      website: null,
    };
  });
  const partnerById = new Map(partners.map((p) => [p.id, p]));
  const partnerPros: Pro[] = profiles.flatMap((p) => {
    const partner = p.kind === 'PARTNER' && p.partnerId ? partnerById.get(p.partnerId) : undefined;
    const areas = areasOf(p);
    if (!partner || !areas.length) return [];
    return [
      {
        id: p.id,
        kind: 'PARTNER' as const,
        name: partner.name,
        headline: p.headline,
        photo: photoOf(p),
        areas: areas.map((a) => ({ ...a, radiusKm: null })),
        languages: parse<string[]>(p.languages, []),
        captures: capturesOf(p),
        website: partner.website,
      },
    ];
  });
  const place = (p: Pro) => `${p.areas[0]?.countryCode ?? ''} ${p.areas[0]?.city ?? ''} ${p.name}`;
  const byPlace = (a: Pro, b: Pro) => (place(a) < place(b) ? -1 : place(a) > place(b) ? 1 : 0);
  return [...techPros.sort(byPlace), ...partnerPros.sort(byPlace)];
}
