import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProList, type Pro } from '../../src/domain/pros.ts';
import { ensureTechnicians } from '../../src/server/modules/capture/technicians.ts';
import { createTestApp } from '../../src/server/testing.ts';
import { seedPros } from '../../scripts/seed/pros.ts';
import { json } from './fixtures.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const stamp = '2026-06-01T00:00:00.000Z';
const partner = (slug: string, name: string, isActive = 1) => ({
  id: `mp-${slug}`,
  slug,
  name,
  logoId: null,
  logoAlt: '',
  website: `https://${slug}.example`,
  contactEmail: `leads@${slug}.example`,
  leadEndpointUrl: null,
  leadSecret: 'whsec_x',
  isActive,
  position: 0,
  createdAt: stamp,
  updatedAt: stamp,
});

describe('Find a 3D Pro: GET /api/capture/pros/', () => {
  it('lists the active technicians with their demo profiles, then the partners who capture, for anyone', async () => {
    current = await createTestApp();
    const k = current.db.kysely;
    await ensureTechnicians(k, new Date(stamp));
    await k.updateTable('capture_technicians').set({ isActive: 0 }).where('id', '=', 'tech-boston').execute();
    await k
      .insertInto('marketplace_partners')
      .values([partner('tourly', 'Tourly'), partner('hostdesk', 'Hostdesk', 0), partner('planwise', 'Planwise')])
      .execute();
    const plan = { spaces: [], covers: [], avatars: [] };
    await seedPros(k, plan, { mediaDir: join(mkdtempSync(join(tmpdir(), 'pros-')), 'media'), seed: 7, now: Date.parse(stamp) });
    expect(plan.avatars.length).toBeGreaterThan(30);

    const res = await current.app.request('/api/capture/pros/');
    const { pros } = ProList.parse(await json(res));
    const technicians = pros.filter((p) => p.kind === 'TECHNICIAN');
    expect(technicians).toHaveLength(33);
    expect(technicians.some((p) => p.name === 'Noah Sullivan')).toBe(false); // Boston is inactive
    const sf = technicians.find((p) => p.name === 'Priya Natarajan') as Pro;
    expect(sf.areas[0]).toEqual({ city: 'San Francisco', region: 'California', countryCode: 'US', radiusKm: 70 });
    expect(sf.languages).toEqual(['en', 'zh']);
    expect(sf.captures.length).toBeGreaterThan(0);
    expect(sf.photo?.url).toMatch(/\/media\/avatars\/pro-tech-san-francisco-256\.webp$/);
    // Partners: only active ones with a profile (Planwise has none; Hostdesk is inactive).
    const partners = pros.filter((p) => p.kind === 'PARTNER');
    expect(partners.map((p) => p.name)).toEqual(['Tourly']);
    expect(partners[0]?.areas.map((a) => a.city)).toEqual(['London', 'Paris', 'Berlin', 'Amsterdam']);
    expect(pros.findIndex((p) => p.kind === 'PARTNER')).toBe(technicians.length);

    // The site's loader asks conditionally.
    const again = await current.app.request('/api/capture/pros/', { headers: { 'if-none-match': res.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it('lists a technician without a profile at their base', async () => {
    current = await createTestApp();
    const { pros } = ProList.parse(await json(await current.app.request('/api/capture/pros/')));
    const sf = pros.find((p) => p.id === 'tech-san-francisco');
    expect(sf).toMatchObject({ kind: 'TECHNICIAN', areas: [{ city: 'San Francisco', countryCode: 'US', radiusKm: 70 }], languages: [], photo: null });
  });
});
