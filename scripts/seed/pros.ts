import type { Kysely } from 'kysely';
import type { CaptureKind } from '../../src/domain/pros.ts';
import { demoTechnicians } from '../../src/server/modules/capture/technicians.ts';
import type { ProProfilesTable } from '../../src/server/db/schema/pros.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { writePendingPlan, type DemoMediaPlan } from './media.ts';
import { createRng, hashSeed } from './prng.ts';

/**
 * Find a 3D Pro's demo profiles (issue 27): one per demo technician (region, languages, what they
 * capture, a photo drawn like the other demo portraits) and five marketplace partners who capture
 * spaces in several cities. Deterministic for a seed; written by hand where a reader would notice.
 */

type Area = { city: string; region: string; countryCode: string };

/** Region and languages of each technician's base (tech id without `tech-`). */
const TECHNICIAN_PLACES: Record<string, [region: string, languages: string[]]> = {
  'new-york': ['New York', ['en', 'es']],
  'san-francisco': ['California', ['en', 'zh']],
  'los-angeles': ['California', ['en', 'es']],
  chicago: ['Illinois', ['en', 'pl']],
  miami: ['Florida', ['en', 'es', 'ht']],
  seattle: ['Washington', ['en', 'sv']],
  austin: ['Texas', ['en', 'es']],
  boston: ['Massachusetts', ['en']],
  toronto: ['Ontario', ['en', 'bn']],
  vancouver: ['British Columbia', ['en', 'zh']],
  'mexico-city': ['Ciudad de México', ['es', 'en']],
  london: ['England', ['en']],
  paris: ['Île-de-France', ['fr', 'en']],
  berlin: ['Berlin', ['de', 'en']],
  madrid: ['Comunidad de Madrid', ['es', 'en']],
  amsterdam: ['North Holland', ['nl', 'en', 'de']],
  milan: ['Lombardy', ['it', 'en']],
  zurich: ['Zurich', ['de', 'fr', 'en']],
  dublin: ['Leinster', ['en', 'ga']],
  stockholm: ['Stockholm County', ['sv', 'en']],
  tokyo: ['Tokyo', ['ja', 'en']],
  seoul: ['Seoul', ['ko', 'en']],
  singapore: ['Singapore', ['en', 'zh', 'ms']],
  'hong-kong': ['Hong Kong', ['zh-HK', 'en']],
  dubai: ['Dubai', ['ar', 'en']],
  mumbai: ['Maharashtra', ['hi', 'mr', 'en']],
  sydney: ['New South Wales', ['en']],
  melbourne: ['Victoria', ['en', 'vi']],
  auckland: ['Auckland', ['en', 'mi']],
  'sao-paulo': ['São Paulo', ['pt', 'en']],
  'buenos-aires': ['Buenos Aires', ['es', 'it']],
  santiago: ['Santiago Metropolitan', ['es', 'en']],
  'cape-town': ['Western Cape', ['en', 'af']],
  johannesburg: ['Gauteng', ['en', 'zu']],
};

const SPECIALTIES: [CaptureKind[], string][] = [
  [['HOMES', 'APARTMENTS'], 'Homes and apartments for sale and rent'],
  [['OFFICES', 'RETAIL'], 'Offices, shops and showrooms'],
  [['HOSPITALITY', 'VENUES'], 'Hotels, restaurants and event venues'],
  [['CONSTRUCTION', 'INDUSTRIAL'], 'Building sites and industrial spaces'],
  [['HERITAGE', 'VENUES'], 'Museums, landmarks and historic buildings'],
  [['HOMES', 'HOSPITALITY'], 'Holiday homes and boutique hotels'],
];

/** Partners that capture spaces themselves: by marketplace slug. */
const PARTNER_PROS: { slug: string; headline: string; areas: Area[]; languages: string[]; captures: CaptureKind[] }[] = [
  {
    slug: 'staged-co',
    headline: 'Captures homes for sale and stages them virtually',
    areas: [
      { city: 'New York', region: 'New York', countryCode: 'US' },
      { city: 'Los Angeles', region: 'California', countryCode: 'US' },
      { city: 'Miami', region: 'Florida', countryCode: 'US' },
    ],
    languages: ['en', 'es'],
    captures: ['HOMES', 'APARTMENTS'],
  },
  {
    slug: 'tourly',
    headline: 'Tours of venues, galleries and hotels, embedded on your site',
    areas: [
      { city: 'London', region: 'England', countryCode: 'GB' },
      { city: 'Paris', region: 'Île-de-France', countryCode: 'FR' },
      { city: 'Berlin', region: 'Berlin', countryCode: 'DE' },
      { city: 'Amsterdam', region: 'North Holland', countryCode: 'NL' },
    ],
    languages: ['en', 'fr', 'de', 'nl'],
    captures: ['VENUES', 'HOSPITALITY', 'HERITAGE'],
  },
  {
    slug: 'buildtrack',
    headline: 'Weekly captures of building sites for progress reports',
    areas: [
      { city: 'Chicago', region: 'Illinois', countryCode: 'US' },
      { city: 'Toronto', region: 'Ontario', countryCode: 'CA' },
      { city: 'Sydney', region: 'New South Wales', countryCode: 'AU' },
    ],
    languages: ['en'],
    captures: ['CONSTRUCTION', 'INDUSTRIAL', 'OFFICES'],
  },
  {
    slug: 'restoreiq',
    headline: 'Documents damage for insurance claims and restoration',
    areas: [
      { city: 'Boston', region: 'Massachusetts', countryCode: 'US' },
      { city: 'Seattle', region: 'Washington', countryCode: 'US' },
      { city: 'Dublin', region: 'Leinster', countryCode: 'IE' },
    ],
    languages: ['en', 'ga'],
    captures: ['HOMES', 'OFFICES', 'RETAIL'],
  },
  {
    slug: 'hostdesk',
    headline: 'Short-term rentals and hotels, ready for booking sites',
    areas: [
      { city: 'Tokyo', region: 'Tokyo', countryCode: 'JP' },
      { city: 'Singapore', region: 'Singapore', countryCode: 'SG' },
      { city: 'Dubai', region: 'Dubai', countryCode: 'AE' },
    ],
    languages: ['en', 'ja', 'ar'],
    captures: ['HOSPITALITY', 'APARTMENTS'],
  },
];

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** Writes the demo pros' profiles and adds their photos to the seed's plan (re-recorded as pending). */
export async function seedPros(db: Kysely<Database>, plan: DemoMediaPlan, opts: { mediaDir: string; seed: number; now: number }): Promise<number> {
  const stamp = new Date(opts.now).toISOString();
  const photo = (id: string, name: string) => {
    plan.avatars.push({ name: `pro-${id}`, seed: `pro:${opts.seed}:${id}`, initials: initialsOf(name) });
    return { photoPath: `avatars/pro-${id}-256.webp`, photoWidth: 256, photoHeight: 256 };
  };
  const rows: ProProfilesTable[] = demoTechnicians().map((t) => {
    const key = t.id.replace(/^tech-/, '');
    const [region, languages] = TECHNICIAN_PLACES[key] ?? ['', ['en']];
    const rng = createRng(hashSeed(`${opts.seed}:pro:${t.id}`));
    const [captures, headline] = SPECIALTIES[rng.int(0, SPECIALTIES.length - 1)] as [CaptureKind[], string];
    const city = t.areaName.replace(/\s+(Bay\s+)?Area$/i, '');
    return {
      id: `pro-${t.id}`,
      kind: 'TECHNICIAN',
      technicianId: t.id,
      partnerId: null,
      headline,
      ...photo(t.id, `${t.firstName} ${t.lastName}`),
      areas: JSON.stringify([{ city, region, countryCode: t.countryCode }]),
      languages: JSON.stringify(languages),
      captures: JSON.stringify(captures),
      createdAt: stamp,
      updatedAt: stamp,
    };
  });
  const partners = await db
    .selectFrom('marketplace_partners')
    .select(['id', 'slug', 'name'])
    .where(
      'slug',
      'in',
      PARTNER_PROS.map((p) => p.slug),
    )
    .execute();
  for (const p of PARTNER_PROS) {
    const partner = partners.find((x) => x.slug === p.slug);
    if (!partner) continue;
    rows.push({
      id: `pro-partner-${p.slug}`,
      kind: 'PARTNER',
      technicianId: null,
      partnerId: partner.id,
      headline: p.headline,
      ...photo(`partner-${p.slug}`, partner.name),
      areas: JSON.stringify(p.areas),
      languages: JSON.stringify(p.languages),
      captures: JSON.stringify(p.captures),
      createdAt: stamp,
      updatedAt: stamp,
    });
  }
  await db
    .insertInto('pro_profiles')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  writePendingPlan(opts.mediaDir, plan);
  return rows.length;
}
