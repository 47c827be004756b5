import type { Kysely } from 'kysely';
import type { ServedArea, Technician, TechnicianInput, TimeOff } from '../../../domain/capture.ts';
import type { Database } from '../../db/schema.ts';
import type { CaptureTechniciansTable } from '../../db/schema/capture.ts';
import { countryName } from './address-formats.ts';
import { TECHNICIAN_FLAG } from '../../../domain/capture-delivery.ts';
import { fieldError } from '../../platform/errors.ts';
import { parseJson } from './store.ts';
import { timeZoneAt } from './time.ts';

/**
 * Technicians: where each is based, how far they travel, when they work (in their own time zone)
 * and the travel buffer they need between visits. The demo world has one per metro area below,
 * written on first use (idempotent, so every database gets them without the seed's help).
 */

/** Weekly hours: ISO weekday → [start, end] wall-clock times. */
export type WorkingHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', [string, string]>>;

const WEEKDAYS: WorkingHours = { '1': ['08:00', '18:00'], '2': ['08:00', '18:00'], '3': ['08:00', '18:00'], '4': ['08:00', '18:00'], '5': ['08:00', '18:00'] };
const WITH_SATURDAY: WorkingHours = { ...WEEKDAYS, '6': ['09:00', '14:00'] };

/** The demo technicians: 34 metro areas on six continents (none near Anchorage, so Alaska shows the not-covered outcome). */
const DEMO: [
  id: string,
  area: string,
  country: string,
  continent: string,
  lat: number,
  long: number,
  radiusKm: number,
  first: string,
  last: string,
  saturday?: boolean,
][] = [
  ['new-york', 'New York', 'US', 'North America', 40.7128, -74.006, 60, 'Marcus', 'Bell', true],
  ['san-francisco', 'San Francisco Bay Area', 'US', 'North America', 37.7749, -122.4194, 70, 'Priya', 'Natarajan', true],
  ['los-angeles', 'Los Angeles', 'US', 'North America', 34.0522, -118.2437, 70, 'Diego', 'Alvarez'],
  ['chicago', 'Chicago', 'US', 'North America', 41.8781, -87.6298, 50, 'Hannah', 'Kowalski'],
  ['miami', 'Miami', 'US', 'North America', 25.7617, -80.1918, 50, 'Andre', 'Baptiste'],
  ['seattle', 'Seattle', 'US', 'North America', 47.6062, -122.3321, 50, 'Grace', 'Lindqvist'],
  ['austin', 'Austin', 'US', 'North America', 30.2672, -97.7431, 50, 'Tyler', 'Brooks'],
  ['boston', 'Boston', 'US', 'North America', 42.3601, -71.0589, 50, 'Noah', 'Sullivan'],
  ['toronto', 'Toronto', 'CA', 'North America', 43.6532, -79.3832, 50, 'Aisha', 'Rahman'],
  ['vancouver', 'Vancouver', 'CA', 'North America', 49.2827, -123.1207, 40, 'Liam', 'Chen'],
  ['mexico-city', 'Mexico City', 'MX', 'North America', 19.4326, -99.1332, 40, 'Valeria', 'Ortiz'],
  ['london', 'London', 'GB', 'Europe', 51.5074, -0.1278, 50, 'Oliver', 'Hughes', true],
  ['paris', 'Paris', 'FR', 'Europe', 48.8566, 2.3522, 40, 'Camille', 'Laurent'],
  ['berlin', 'Berlin', 'DE', 'Europe', 52.52, 13.405, 40, 'Jonas', 'Becker'],
  ['madrid', 'Madrid', 'ES', 'Europe', 40.4168, -3.7038, 40, 'Lucía', 'Moreno'],
  ['amsterdam', 'Amsterdam', 'NL', 'Europe', 52.3676, 4.9041, 40, 'Daan', 'de Vries'],
  ['milan', 'Milan', 'IT', 'Europe', 45.4642, 9.19, 40, 'Giulia', 'Romano'],
  ['zurich', 'Zurich', 'CH', 'Europe', 47.3769, 8.5417, 40, 'Lukas', 'Meier'],
  ['dublin', 'Dublin', 'IE', 'Europe', 53.3498, -6.2603, 35, 'Siobhán', 'Byrne'],
  ['stockholm', 'Stockholm', 'SE', 'Europe', 59.3293, 18.0686, 40, 'Elsa', 'Lindberg'],
  ['tokyo', 'Tokyo', 'JP', 'Asia', 35.6762, 139.6503, 50, 'Haruto', 'Sato', true],
  ['seoul', 'Seoul', 'KR', 'Asia', 37.5665, 126.978, 40, 'Minji', 'Park'],
  ['singapore', 'Singapore', 'SG', 'Asia', 1.3521, 103.8198, 30, 'Wei Ling', 'Tan'],
  ['hong-kong', 'Hong Kong', 'HK', 'Asia', 22.3193, 114.1694, 30, 'Ka Ho', 'Wong'],
  ['dubai', 'Dubai', 'AE', 'Asia', 25.2048, 55.2708, 50, 'Omar', 'Haddad'],
  ['mumbai', 'Mumbai', 'IN', 'Asia', 19.076, 72.8777, 40, 'Arjun', 'Mehta'],
  ['sydney', 'Sydney', 'AU', 'Oceania', -33.8688, 151.2093, 60, 'Chloe', 'Mitchell', true],
  ['melbourne', 'Melbourne', 'AU', 'Oceania', -37.8136, 144.9631, 50, 'Jack', 'Nguyen'],
  ['auckland', 'Auckland', 'NZ', 'Oceania', -36.8485, 174.7633, 40, 'Aroha', 'Walker'],
  ['sao-paulo', 'São Paulo', 'BR', 'South America', -23.5505, -46.6333, 50, 'Rafael', 'Souza'],
  ['buenos-aires', 'Buenos Aires', 'AR', 'South America', -34.6037, -58.3816, 40, 'Martina', 'Fernández'],
  ['santiago', 'Santiago', 'CL', 'South America', -33.4489, -70.6693, 40, 'Tomás', 'Rojas'],
  ['cape-town', 'Cape Town', 'ZA', 'Africa', -33.9249, 18.4241, 40, 'Thandi', 'Mokoena'],
  ['johannesburg', 'Johannesburg', 'ZA', 'Africa', -26.2041, 28.0473, 50, 'Sipho', 'Dlamini'],
];

/** The demo technicians as input rows. */
export function demoTechnicians(): (TechnicianInput & { id: string })[] {
  return DEMO.map(([id, areaName, countryCode, continent, lat, long, radiusKm, firstName, lastName, saturday]) => ({
    id: `tech-${id}`,
    firstName,
    lastName,
    email: `${id}@technicians.example.com`,
    areaName,
    countryCode,
    continent,
    location: { lat, long },
    radiusKm,
    timeZone: timeZoneAt(lat, long),
    workingHours: saturday ? WITH_SATURDAY : WEEKDAYS,
    travelBufferMinutes: 30,
    isActive: true,
    timeOff: [],
    signInEmail: null,
  }));
}

const seeded = new WeakSet<object>();

/** Writes the demo technicians once per database (rows that exist are left as administrators edited them). */
export async function ensureTechnicians(db: Kysely<Database>, now: Date): Promise<void> {
  if (seeded.has(db)) return;
  const cdb = db;
  const stamp = now.toISOString();
  const rows = demoTechnicians().map((t) => toRow(t.id, t, null, stamp, stamp));
  await cdb
    .insertInto('capture_technicians')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  seeded.add(db);
}

/** The stored form of a technician. */
function toRow(id: string, t: TechnicianInput, userId: string | null, createdAt: string, updatedAt: string): CaptureTechniciansTable {
  return {
    id,
    firstName: t.firstName,
    lastName: t.lastName,
    email: t.email,
    areaName: t.areaName,
    countryCode: t.countryCode,
    continent: t.continent,
    lat: t.location.lat,
    long: t.location.long,
    radiusKm: t.radiusKm,
    timeZone: t.timeZone ?? timeZoneAt(t.location.lat, t.location.long),
    workingHours: JSON.stringify(t.workingHours),
    travelBufferMinutes: t.travelBufferMinutes,
    isActive: t.isActive ? 1 : 0,
    userId,
    timeOff: JSON.stringify(t.timeOff),
    createdAt,
    updatedAt,
  };
}

/** A technician row with the sign-in email of its person. */
export type TechnicianRow = CaptureTechniciansTable & { signInEmail: string | null };

/** A technician as the API answers it. */
export function technicianView(row: TechnicianRow): Technician {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    areaName: row.areaName,
    countryCode: row.countryCode,
    continent: row.continent,
    location: { lat: Number(row.lat), long: Number(row.long) },
    radiusKm: Number(row.radiusKm),
    timeZone: row.timeZone,
    workingHours: parseJson<WorkingHours>(row.workingHours),
    travelBufferMinutes: Number(row.travelBufferMinutes),
    isActive: Boolean(row.isActive),
    timeOff: parseJson<TimeOff[]>(row.timeOff || '[]'),
    signInEmail: row.signInEmail,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Technician rows with their person's sign-in email. */
const technicianRows = (db: Kysely<Database>) =>
  db.selectFrom('capture_technicians as t').leftJoin('users as u', 'u.id', 't.userId').selectAll('t').select('u.email as signInEmail');

/** Every technician (admin list), by area. */
export async function listTechnicians(db: Kysely<Database>): Promise<Technician[]> {
  const rows = await technicianRows(db).orderBy('t.continent').orderBy('t.areaName').orderBy('t.id').execute();
  return rows.map(technicianView);
}

/** One technician, or undefined. */
export async function readTechnician(db: Kysely<Database>, id: string): Promise<Technician | undefined> {
  const row = await technicianRows(db).where('t.id', '=', id).executeTakeFirst();
  return row ? technicianView(row) : undefined;
}

/** What the audit log keeps of a technician: everything an administrator sets (areas, hours, time off, who signs in), not the stamps. */
export function auditedTechnician(t: Technician): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = t;
  return rest;
}

/** Active technicians. */
export async function activeTechnicians(db: Kysely<Database>): Promise<Technician[]> {
  const rows = await technicianRows(db).where('t.isActive', '=', 1).orderBy('t.id').execute();
  return rows.map(technicianView);
}

/** The technician a person signs in as, or undefined. */
export async function technicianOfUser(db: Kysely<Database>, userId: string): Promise<Technician | undefined> {
  const row = await technicianRows(db).where('t.userId', '=', userId).executeTakeFirst();
  return row ? technicianView(row) : undefined;
}

/** The person of a sign-in email (400 on the field when nobody has it). */
async function signInUser(db: Kysely<Database>, email: string | null): Promise<string | null> {
  if (!email) return null;
  const user = await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  if (!user) throw fieldError('json.signInEmail', 'Nobody signs in with this email yet.');
  return user.id;
}

/** Adds or removes the technician flag of a person. */
async function setTechnicianFlag(db: Kysely<Database>, userId: string, on: boolean): Promise<void> {
  const row = await db.selectFrom('users').select('flags').where('id', '=', userId).executeTakeFirst();
  if (!row) return;
  const flags = new Set(parseJson<string[]>(row.flags || '[]'));
  if (on === flags.has(TECHNICIAN_FLAG)) return;
  if (on) flags.add(TECHNICIAN_FLAG);
  else flags.delete(TECHNICIAN_FLAG);
  await db
    .updateTable('users')
    .set({ flags: JSON.stringify([...flags]) })
    .where('id', '=', userId)
    .execute();
}

/** Inserts or replaces a technician; answers the stored row. */
export async function saveTechnician(db: Kysely<Database>, id: string, input: TechnicianInput, now: Date, exists: boolean): Promise<Technician> {
  const stamp = now.toISOString();
  const userId = await signInUser(db, input.signInEmail);
  if (userId) {
    const taken = await db.selectFrom('capture_technicians').select('id').where('userId', '=', userId).where('id', '!=', id).executeTakeFirst();
    if (taken) throw fieldError('json.signInEmail', 'This person already signs in as another technician.');
  }
  const before = exists ? await db.selectFrom('capture_technicians').select('userId').where('id', '=', id).executeTakeFirst() : undefined;
  if (exists) {
    const { createdAt: _c, id: _i, ...rest } = toRow(id, input, userId, stamp, stamp);
    await db.updateTable('capture_technicians').set(rest).where('id', '=', id).execute();
  } else {
    await db
      .insertInto('capture_technicians')
      .values(toRow(id, input, userId, stamp, stamp))
      .execute();
  }
  if (before?.userId && before.userId !== userId) await setTechnicianFlag(db, before.userId, false);
  if (userId) await setTechnicianFlag(db, userId, true);
  const row = await technicianRows(db).where('t.id', '=', id).executeTakeFirstOrThrow();
  return technicianView(row);
}

const EARTH_KM = 6371.0088;
/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLong = (b.long - a.long) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The technicians whose service area holds a point, nearest first. */
export function covering(technicians: readonly Technician[], point: { lat: number; long: number }): Technician[] {
  return technicians
    .map((t) => ({ t, d: distanceKm(t.location, point) }))
    .filter(({ t, d }) => t.isActive && d <= t.radiusKm)
    .sort((a, b) => a.d - b.d)
    .map(({ t }) => t);
}

/** The served areas for the public landing page (one per area, even with several technicians there). */
export function servedAreas(technicians: readonly Technician[]): ServedArea[] {
  const byArea = new Map<string, ServedArea>();
  for (const t of technicians) {
    if (!t.isActive) continue;
    const key = `${t.countryCode}|${t.areaName}`;
    const prev = byArea.get(key);
    if (!prev || prev.radiusKm < t.radiusKm) {
      byArea.set(key, {
        name: t.areaName,
        countryCode: t.countryCode,
        countryName: countryName(t.countryCode),
        continent: t.continent,
        location: t.location,
        radiusKm: t.radiusKm,
      });
    }
  }
  return [...byArea.values()].sort(
    (a, b) => a.continent.localeCompare(b.continent) || a.countryName.localeCompare(b.countryName) || a.name.localeCompare(b.name),
  );
}
