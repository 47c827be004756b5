/**
 * The public marketplace catalogue over the demo marketplace (scripts/seed/marketplace.ts): the
 * demo world's shape (12 partners, 26 apps, 6 industries, 5 collections, beta and outside apps,
 * logos and screenshots), filters (any industry, every feature, every word, a collection), app and
 * collection pages, vocabularies, conditional requests, and what inactive items do to the public.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminApp, App, AppCollection, AppCollectionList, AppPage, Vocabularies } from '../../src/domain/marketplace.ts';
import { INDUSTRY_IDS } from '../../src/domain/marketplace-rules.ts';
import { pendingPlanFile, writePendingPlan, type DemoMediaPlan } from '../../scripts/seed/media.ts';
import { seedMarketplace, seedMarketplaceIfEmpty } from '../../scripts/seed/marketplace.ts';
import { DEMO_APPS, DEMO_PARTNERS } from '../../scripts/seed/marketplace-data.ts';
import { marketplaceApp } from './marketplace-helpers.ts';

let t: Awaited<ReturnType<typeof marketplaceApp>>;
let mediaDir = '';
const plan: DemoMediaPlan = { spaces: [], covers: [], avatars: [] };

beforeAll(async () => {
  t = await marketplaceApp();
  mediaDir = join(mkdtempSync(join(tmpdir(), 'discover-mp-')), 'media');
  await seedMarketplace(t.db.kysely, plan, { mediaDir, seed: 20261122, now: Date.parse('2026-11-01T12:00:00Z') });
});
afterAll(async () => {
  await t.close();
  rmSync(join(mediaDir, '..'), { recursive: true, force: true });
});

const apps = async (query = '') => (await t.call<AppPage>(null, 'GET', `/api/marketplace/apps/${query}`)).body;
const slugs = (page: AppPage) => page.results.map((a) => a.slug);

describe('the demo marketplace', () => {
  test('26 apps from 12 partners in all 6 industries, some beta, some hosted outside, each with a logo and 3–4 screenshots', async () => {
    const all = await apps('?limit=200');
    expect(all.totalResults).toBe(26);
    expect(new Set(all.results.map((a) => a.partner.slug)).size).toBe(12);
    expect(new Set(all.results.flatMap((a) => a.industries))).toEqual(new Set(INDUSTRY_IDS));
    expect(all.results.filter((a) => a.beta).length).toBeGreaterThanOrEqual(4);
    expect(all.results.filter((a) => a.hosting === 'OUTSIDE').length).toBeGreaterThanOrEqual(3);
    for (const a of all.results) {
      expect(a.partner.logo?.url).toBe(`/media/marketplace/logo-${a.partner.slug}/256.webp`);
      expect(a.partner.logo?.thumbnail).toBe(`/media/marketplace/logo-${a.partner.slug}/96.webp`);
      expect(a.cover?.url).toBe(`/media/marketplace/${a.slug}-1/1280.webp`);
    }
    const detail = (await t.call<App>(null, 'GET', '/api/marketplace/apps/planwise-floor-plans/')).body;
    expect(detail.screenshots).toHaveLength(4);
    expect(detail.screenshots[0]).toMatchObject({ width: 1280, height: 800, thumbnail: '/media/marketplace/planwise-floor-plans-1/640.webp' });
    expect(detail.documents.some((d) => d.kind === 'PDF')).toBe(true);
    expect(detail.support.email).toBe('support@planwise.example');
    expect(detail.collections.map((c) => c.slug)).toEqual(['listing-essentials']);
    // Every picture is in the plan the start's child process draws, and recorded as pending.
    expect(plan.marketplace).toHaveLength(DEMO_PARTNERS.length + DEMO_APPS.reduce((n, a) => n + a.screenshots, 0));
    expect(DEMO_APPS.every((a) => a.screenshots >= 3 && a.screenshots <= 4)).toBe(true);
    const pending = JSON.parse(readFileSync(pendingPlanFile(mediaDir), 'utf8')) as DemoMediaPlan;
    expect(pending.marketplace?.length).toBe(plan.marketplace?.length);
  });

  test('5 collections, the featured ones first, each with its apps in order', async () => {
    const { collections } = (await t.call<AppCollectionList>(null, 'GET', '/api/marketplace/collections/')).body;
    expect(collections.map((c) => [c.slug, c.featured, c.apps.length])).toEqual([
      ['listing-essentials', true, 5],
      ['short-term-rental-toolkit', true, 5],
      ['claims-and-restoration', false, 5],
      ['run-your-building', false, 5],
      ['new-and-in-beta', false, 6],
    ]);
    const beta = (await t.call<AppCollection>(null, 'GET', '/api/marketplace/collections/new-and-in-beta/')).body;
    expect(beta.apps.every((a) => a.beta)).toBe(true);
    expect((await t.call(null, 'GET', '/api/marketplace/collections/nope/')).status).toBe(404);
  });

  test('partner endpoints: most post to the demo receiver address, some partners are email only; secrets never reach the public', async () => {
    const raw = JSON.stringify((await apps('?limit=200')).results);
    expect(raw).not.toMatch(/whsec_|leadEndpoint|contactEmail/);
    const admin = (await t.call<{ partners: { slug: string; leadEndpointUrl: string | null }[] }>('admin', 'GET', '/admin/api/marketplace/partners/')).body
      .partners;
    expect(admin.find((p) => p.slug === 'northwind-insure')?.leadEndpointUrl).toBeNull();
    expect(admin.find((p) => p.slug === 'planwise')?.leadEndpointUrl).toBe('http://127.0.0.1:4799/leads/planwise');
    expect(JSON.stringify(admin)).not.toContain('whsec_');
  });
});

describe('filters', () => {
  test('several industries match any of them; several features must all be there; kinds combine', async () => {
    const insurance = await apps('?industry=insurance-restoration');
    expect(insurance.totalResults).toBe(6);
    const either = await apps('?industry=insurance-restoration&industry=retail-hospitality');
    expect(either.totalResults).toBeGreaterThan(insurance.totalResults);
    expect(either.results.every((a) => a.industries.some((i) => i === 'insurance-restoration' || i === 'retail-hospitality'))).toBe(true);
    const both = await apps('?feature=claims&feature=measurements');
    expect(slugs(both).sort()).toEqual(['claimsight-desk-adjuster', 'restoreiq-estimates', 'restoreiq-mitigation']);
    expect(slugs(await apps('?industry=real-estate&feature=claims'))).toEqual(['northwind-home-protect']);
  });

  test('text search: every word, any case and accents, over name, summary, description, partner and term names', async () => {
    expect(slugs(await apps('?q=PLANWISE'))).toEqual(['planwise-floor-plans', 'planwise-cad-export']);
    expect(slugs(await apps('?q=dwg'))).toEqual(['planwise-cad-export']);
    expect(slugs(await apps('?q=moisture%20drying'))).toEqual(['restoreiq-mitigation']);
    expect((await apps('?q=virtual%20staging')).results.map((a) => a.partner.slug)).toContain('staged-co');
    expect((await apps('?q=st%C3%A4ged')).totalResults).toBeGreaterThan(0); // 'stäged' folds to 'staged'
    expect((await apps('?q=nothing-like-this')).results).toEqual([]);
  });

  test('a collection keeps its own order; paging; an unknown term is a 400 naming the parameter', async () => {
    expect(slugs(await apps('?collection=short-term-rental-toolkit&industry=short-term-rentals'))).toEqual([
      'stayframe-direct-booking',
      'stayframe-listing-boost',
      'hostdesk-guest-guide',
      'stayframe-turnover',
      'tourly-analytics',
    ]);
    const page = await apps('?limit=10&offset=20');
    expect(page).toMatchObject({ hasNext: false, nextOffset: null, totalResults: 26 });
    expect(page.results).toHaveLength(6);
    expect((await apps('?limit=10')).nextOffset).toBe(10);
    const bad = await t.call(null, 'GET', '/api/marketplace/apps/?industry=space-travel');
    expect(bad.status).toBe(400);
    expect(bad.body.extra?.fields?.[0]?.path).toMatch(/^query\.industry/);
  });

  test('vocabularies: every industry and feature with its label and live app count', async () => {
    const v = (await t.call<Vocabularies>(null, 'GET', '/api/marketplace/vocabularies/')).body;
    expect(v.industries.map((i) => i.id)).toEqual([...INDUSTRY_IDS]);
    expect(v.industries.find((i) => i.id === 'insurance-restoration')).toEqual({ id: 'insurance-restoration', label: 'Insurance & restoration', appCount: 6 });
    expect(v.features.find((x) => x.id === 'virtual-staging')?.label).toBe('Virtual staging');
  });
});

describe('what the public sees', () => {
  test('answers carry a weak ETag and a matching If-None-Match gets 304', async () => {
    const first = await t.app.request('/api/marketplace/apps/');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\//);
    const again = await t.app.request('/api/marketplace/apps/', { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
  });

  test('an inactive app, or any app of an inactive partner, leaves lists, collections and its page; back when activated', async () => {
    const admin = (await t.call<{ apps: AdminApp[] }>('admin', 'GET', '/admin/api/marketplace/apps/?q=stayframe')).body.apps;
    const direct = admin.find((a) => a.slug === 'stayframe-direct-booking') as AdminApp;
    expect((await t.call('admin', 'PUT', '/admin/api/marketplace/apps/activate/', { ids: [direct.id], active: false })).status).toBe(200);
    expect((await t.call(null, 'GET', '/api/marketplace/apps/stayframe-direct-booking/')).status).toBe(404);
    expect((await apps('?limit=200')).totalResults).toBe(25);
    const toolkit = (await t.call<AppCollection>(null, 'GET', '/api/marketplace/collections/short-term-rental-toolkit/')).body;
    expect(toolkit.apps.map((a) => a.slug)).not.toContain('stayframe-direct-booking');
    await t.call('admin', 'PUT', '/admin/api/marketplace/apps/activate/', { ids: [direct.id], active: true });

    await t.call('admin', 'PUT', '/admin/api/marketplace/partners/activate/', { ids: [direct.partnerId], active: false });
    expect((await apps('?q=stayframe')).totalResults).toBe(0);
    expect((await t.call(null, 'GET', '/api/marketplace/apps/stayframe-turnover/')).status).toBe(404);
    await t.call('admin', 'PUT', '/admin/api/marketplace/partners/activate/', { ids: [direct.partnerId], active: true });
    expect((await apps('?limit=200')).totalResults).toBe(26);
  });
});

describe('a demo world seeded before the marketplace', () => {
  test('gets the demo marketplace once, keeping the pictures a start left pending; a database without the demo owner never does', async () => {
    const fresh = await marketplaceApp();
    const dir = join(mkdtempSync(join(tmpdir(), 'discover-mp-old-')), 'media');
    try {
      const opts = { mediaDir: dir, seed: 1, now: Date.parse('2026-11-01T12:00:00Z') };
      expect(await seedMarketplaceIfEmpty(fresh.db.kysely, opts)).toBe(false);
      await fresh.db.kysely.updateTable('users').set({ email: 'owner@example.com' }).where('id', '=', 'u-owner').execute();
      mkdirSync(dir, { recursive: true });
      writePendingPlan(dir, { spaces: [{ key: 'loft-1', kind: 'loft' }], covers: [], avatars: [] });
      expect(await seedMarketplaceIfEmpty(fresh.db.kysely, opts)).toBe(true);
      expect(await seedMarketplaceIfEmpty(fresh.db.kysely, opts)).toBe(false);
      const pending = JSON.parse(readFileSync(pendingPlanFile(dir), 'utf8')) as DemoMediaPlan;
      expect(pending.spaces).toEqual([{ key: 'loft-1', kind: 'loft' }]);
      expect(pending.marketplace?.length).toBe(DEMO_PARTNERS.length + DEMO_APPS.reduce((n, a) => n + a.screenshots, 0));
      expect((await fresh.call<AppPage>(null, 'GET', '/api/marketplace/apps/')).body.totalResults).toBe(26);
    } finally {
      await fresh.close();
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });
});
