/** The Find a 3D Pro directory (migration 013, issue 27). */

/** A pro's directory profile (Find a 3D Pro, issue 27): what the technician or partner row does not hold. */
export interface ProProfilesTable {
  id: string;
  /** TECHNICIAN or PARTNER. */
  kind: string;
  /** capture_technicians.id of a TECHNICIAN. */
  technicianId: string | null;
  /** marketplace_partners.id of a PARTNER. */
  partnerId: string | null;
  headline: string;
  /** The photo's path under /media, or null. */
  photoPath: string | null;
  photoWidth: number;
  photoHeight: number;
  /** JSON [{ city, region, countryCode }]: the areas served (a technician's first is its base). */
  areas: string;
  /** JSON array of BCP 47 tags. */
  languages: string;
  /** JSON array of capture kinds. */
  captures: string;
  createdAt: string;
  updatedAt: string;
}

/** The pros tables by name. */
export type ProTables = { pro_profiles: ProProfilesTable };
