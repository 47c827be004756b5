/**
 * Marketplace administration: create, edit, activate, order and delete apps, partners and
 * collections; every change audited in its own transaction with a content event the publisher
 * re-renders the marketplace pages from; the partner's secret shown once; uploads through the safe
 * picture path; slug conflicts and bad references answered per field.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import type { AdminApp, AdminCollection, AdminPartner, App, AppPage, MarketplaceImage, PartnerWithSecret } from '../../src/domain/marketplace.ts';
import { appBody, collectionBody, marketplaceApp, partnerBody } from './marketplace-helpers.ts';

const apps: { close(): Promise<void> }[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const world = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'discover-mp-admin-'));
  dirs.push(dataDir);
  const t = await marketplaceApp({ env: { DATA_DIR: dataDir } });
  apps.push(t);
  const audit = async () => t.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute();
  const events = async () => t.db.kysely.selectFrom('content_events').selectAll().orderBy('id').execute();
  return { ...t, audit, events };
};

describe('partners', () => {
  test('create answers the secret once; reads never show it; the audit entry holds no secret', async () => {
    const t = await world();
    const created = await t.call<PartnerWithSecret>(
      'admin',
      'POST',
      '/admin/api/marketplace/partners/',
      partnerBody({ leadEndpointUrl: 'https://planwise.example/hooks/leads' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.leadSecret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
    expect(created.body).toMatchObject({
      name: 'Planwise',
      slug: 'planwise',
      isActive: true,
      position: 0,
      appCount: 0,
      leadEndpointUrl: 'https://planwise.example/hooks/leads',
    });
    const read = await t.call<AdminPartner>('admin', 'GET', `/admin/api/marketplace/partners/${created.body.id}/`);
    expect(read.body).not.toHaveProperty('leadSecret');
    const [entry] = await t.audit();
    expect(entry).toMatchObject({ type: 'MARKETPLACE_PARTNER', action: 'CREATE', userId: 'u-admin', isAdmin: 1 });
    expect(entry?.toValue).not.toContain('whsec_');
    const [event] = await t.events();
    expect(event).toMatchObject({ type: 'MARKETPLACE_PARTNER', ids: JSON.stringify([created.body.id]) });
  });

  test('a given secret is kept; a taken slug is 409; a bad email, URL or secret is 400 per field', async () => {
    const t = await world();
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect((await t.call<PartnerWithSecret>('admin', 'POST', '/admin/api/marketplace/partners/', partnerBody({ leadSecret: secret }))).body.leadSecret).toBe(
      secret,
    );
    const dup = await t.call('admin', 'POST', '/admin/api/marketplace/partners/', partnerBody());
    expect(dup.status).toBe(409);
    expect(dup.body.extra?.fields?.[0]?.path).toBe('json.slug');
    const bad = await t.call('admin', 'POST', '/admin/api/marketplace/partners/', {
      ...partnerBody({ slug: 'Bad Slug' }),
      contactEmail: 'nope',
      leadEndpointUrl: 'ftp://x',
      leadSecret: 'secret',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.extra?.fields?.map((f) => f.path).sort()).toEqual(['json.contactEmail', 'json.leadEndpointUrl', 'json.leadSecret', 'json.slug']);
  });

  test('an edit that changes nothing writes no entry; a partner with apps cannot be deleted', async () => {
    const t = await world();
    const { partnerId, appId } = await t.catalog();
    const before = (await t.audit()).length;
    expect((await t.call('admin', 'PUT', `/admin/api/marketplace/partners/${partnerId}/`, partnerBody())).status).toBe(200);
    expect(await t.audit()).toHaveLength(before);
    const renamed = await t.call<AdminPartner>('admin', 'PUT', `/admin/api/marketplace/partners/${partnerId}/`, partnerBody({ name: 'Planwise Inc.' }));
    expect(renamed.body.name).toBe('Planwise Inc.');
    const entry = (await t.audit()).at(-1);
    expect(entry).toMatchObject({ type: 'MARKETPLACE_PARTNER', action: 'UPDATE' });
    expect(JSON.parse(entry?.toValue ?? '{}')).toMatchObject({ name: 'Planwise Inc.' });
    // The app's public card shows the new name.
    expect((await t.call<App>(null, 'GET', '/api/marketplace/apps/planwise-floor-plans/')).body.partner.name).toBe('Planwise Inc.');
    expect((await t.call('admin', 'DELETE', `/admin/api/marketplace/partners/${partnerId}/`)).status).toBe(409);
    expect((await t.call('admin', 'DELETE', `/admin/api/marketplace/apps/${appId}/`)).status).toBe(204);
    expect((await t.call('admin', 'DELETE', `/admin/api/marketplace/partners/${partnerId}/`)).status).toBe(204);
    expect((await t.call('admin', 'GET', `/admin/api/marketplace/partners/${partnerId}/`)).status).toBe(404);
  });
});

describe('apps', () => {
  test('create, read, replace (with its collections) and delete, each audited with an event', async () => {
    const t = await world();
    const { partnerId, appId } = await t.catalog();
    const col = await t.call<AdminCollection>('admin', 'POST', '/admin/api/marketplace/collections/', collectionBody([]));
    expect(col.status).toBe(201);
    const replaced = await t.call<AdminApp>(
      'admin',
      'PUT',
      `/admin/api/marketplace/apps/${appId}/`,
      appBody(partnerId, {
        beta: true,
        hosting: 'OUTSIDE',
        website: 'https://planwise.example/app',
        documents: [{ title: 'Product sheet', url: 'https://planwise.example/sheet.pdf', kind: 'PDF' }],
        collectionIds: [col.body.id],
      }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ beta: true, hosting: 'OUTSIDE', website: 'https://planwise.example/app', collections: [{ slug: 'editors-picks' }] });
    expect((await t.call<AdminCollection>('admin', 'GET', `/admin/api/marketplace/collections/${col.body.id}/`)).body.apps.map((a) => a.id)).toEqual([appId]);
    const entry = (await t.audit()).at(-1);
    expect(entry).toMatchObject({ type: 'MARKETPLACE_APP', action: 'UPDATE' });
    expect(JSON.parse(entry?.fromValue ?? '{}')).toMatchObject({ beta: 0, collectionIds: [] });
    expect(JSON.parse(entry?.toValue ?? '{}')).toMatchObject({ beta: 1, collectionIds: [col.body.id] });
    expect((await t.events()).at(-1)).toMatchObject({ type: 'MARKETPLACE_APP', ids: JSON.stringify([appId]) });

    expect((await t.call('admin', 'DELETE', `/admin/api/marketplace/apps/${appId}/`)).status).toBe(204);
    expect((await t.audit()).at(-1)).toMatchObject({ type: 'MARKETPLACE_APP', action: 'DELETE' });
    expect((await t.call<AdminCollection>('admin', 'GET', `/admin/api/marketplace/collections/${col.body.id}/`)).body.apps).toEqual([]);
    expect((await t.call(null, 'GET', '/api/marketplace/apps/planwise-floor-plans/')).status).toBe(404);
  });

  test('bad input answers 400 per field: outside apps need a website, references must exist; a taken slug 409', async () => {
    const t = await world();
    const { partnerId } = await t.catalog();
    const outside = await t.call('admin', 'POST', '/admin/api/marketplace/apps/', appBody(partnerId, { slug: 'x', hosting: 'OUTSIDE' }));
    expect(outside.body.extra?.fields).toEqual([{ path: 'json.website', message: 'An app hosted outside needs its website.' }]);
    const refs = async (over: Record<string, unknown>) =>
      (await t.call('admin', 'POST', '/admin/api/marketplace/apps/', { ...appBody(partnerId, { slug: 'y' }), ...over })).body.extra?.fields?.[0]?.path;
    expect(await refs({ partnerId: 'nope' })).toBe('json.partnerId');
    expect(await refs({ collectionIds: ['nope'] })).toBe('json.collectionIds.0');
    expect(await refs({ screenshots: [{ id: 'nope' }] })).toBe('json.screenshots.0.id');
    expect(await refs({ industries: ['space-travel'] })).toBe('json.industries.0');
    expect((await t.call('admin', 'POST', '/admin/api/marketplace/apps/', appBody(partnerId))).status).toBe(409);
  });

  test('activate all or nothing; reorder moves one app and the public list follows', async () => {
    const t = await world();
    const { partnerId, appId } = await t.catalog();
    const b = (await t.call<AdminApp>('admin', 'POST', '/admin/api/marketplace/apps/', appBody(partnerId, { name: 'B app', slug: 'b-app' }))).body;
    const c = (await t.call<AdminApp>('admin', 'POST', '/admin/api/marketplace/apps/', appBody(partnerId, { name: 'C app', slug: 'c-app' }))).body;
    expect([b.position, c.position]).toEqual([1, 2]);
    const missing = await t.call('admin', 'PUT', '/admin/api/marketplace/apps/activate/', { ids: [appId, 'nope'], active: false });
    expect(missing.status).toBe(404);
    expect(missing.body.extra?.missing).toEqual(['nope']);
    expect((await t.call<AppPage>(null, 'GET', '/api/marketplace/apps/')).body.totalResults).toBe(3);
    const moved = await t.call<{ apps: AdminApp[] }>('admin', 'PATCH', `/admin/api/marketplace/apps/${c.id}/reorder/`, { position: 0 });
    expect(moved.body.apps.map((a) => a.slug)).toEqual(['c-app', 'planwise-floor-plans', 'b-app']);
    expect((await t.call<AppPage>(null, 'GET', '/api/marketplace/apps/')).body.results.map((a) => a.slug)).toEqual(['c-app', 'planwise-floor-plans', 'b-app']);
    expect((await t.audit()).at(-1)).toMatchObject({ type: 'MARKETPLACE_APP', action: 'REORDER' });
    const off = await t.call<{ updated: number }>('admin', 'PUT', '/admin/api/marketplace/apps/activate/', { ids: [b.id, c.id], active: false });
    expect(off.body).toEqual({ updated: 2 });
    expect((await t.audit()).at(-1)).toMatchObject({ type: 'MARKETPLACE_APP', action: 'DEACTIVATE' });
    expect((await t.call<AppPage>(null, 'GET', '/api/marketplace/apps/')).body.results.map((a) => a.slug)).toEqual(['planwise-floor-plans']);
    // Inactive apps stay in the admin list.
    expect((await t.call<{ apps: AdminApp[] }>('admin', 'GET', '/admin/api/marketplace/apps/')).body.apps).toHaveLength(3);
    expect((await t.call<{ apps: AdminApp[] }>('admin', 'GET', '/admin/api/marketplace/apps/?includeInactive=false')).body.apps).toHaveLength(1);
  });
});

describe('collections and media', () => {
  test('a collection keeps its apps in the order given; reorder and activate like apps', async () => {
    const t = await world();
    const { partnerId, appId } = await t.catalog();
    const b = (await t.call<AdminApp>('admin', 'POST', '/admin/api/marketplace/apps/', appBody(partnerId, { name: 'B app', slug: 'b-app' }))).body;
    const first = (await t.call<AdminCollection>('admin', 'POST', '/admin/api/marketplace/collections/', collectionBody([b.id, appId]))).body;
    expect(first.apps.map((a) => a.slug)).toEqual(['b-app', 'planwise-floor-plans']);
    const second = (
      await t.call<AdminCollection>(
        'admin',
        'POST',
        '/admin/api/marketplace/collections/',
        collectionBody([appId], { slug: 'second', name: 'Second', featured: false }),
      )
    ).body;
    await t.call('admin', 'PATCH', `/admin/api/marketplace/collections/${second.id}/reorder/`, { position: 0 });
    expect(
      (await t.call<{ collections: AdminCollection[] }>('admin', 'GET', '/admin/api/marketplace/collections/')).body.collections.map((c) => c.slug),
    ).toEqual(['second', 'editors-picks']);
    const bad = await t.call('admin', 'PUT', `/admin/api/marketplace/collections/${first.id}/`, collectionBody([appId, 'nope']));
    expect(bad.body.extra?.fields?.[0]?.path).toBe('json.appIds.1');
    await t.call('admin', 'PUT', '/admin/api/marketplace/collections/activate/', { ids: [first.id], active: false });
    expect((await t.call(null, 'GET', '/api/marketplace/collections/editors-picks/')).status).toBe(404);
    expect((await t.events()).at(-1)).toMatchObject({ type: 'MARKETPLACE_COLLECTION', ids: JSON.stringify([first.id]) });
    expect((await t.call('admin', 'DELETE', `/admin/api/marketplace/collections/${first.id}/`)).status).toBe(204);
    expect((await t.audit()).at(-1)).toMatchObject({ type: 'MARKETPLACE_COLLECTION', action: 'DELETE' });
  });

  test('a logo and a screenshot go through the safe upload path and show on the public app', async () => {
    const t = await world();
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const upload = async (kind: string, bytes: Uint8Array, name = 'pic.png') => {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      form.set('kind', kind);
      form.set('alt', `${kind} picture`);
      return t.call<MarketplaceImage>('admin', 'POST', '/admin/api/marketplace/media/', form);
    };
    const logo = await upload('LOGO', png);
    expect(logo.status).toBe(201);
    expect(logo.body).toMatchObject({ width: 900, height: 600, alt: 'LOGO picture' });
    expect(logo.body.url).toMatch(/^\/media\/uploads\/\w\w\/\w+\/256\.webp$/);
    expect(logo.body.thumbnail).toMatch(/\/96\.webp$/);
    const shot = await upload('SCREENSHOT', png);
    expect(shot.body.thumbnail).toMatch(/\/800\.webp$/); // 800 and 1600 wide, never enlarged (this one is 900)
    expect((await upload('SCREENSHOT', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png')).status).toBe(415);

    const { partnerId, appId } = await t.catalog({ logo: { id: logo.body.id, alt: 'Planwise' } });
    await t.call('admin', 'PUT', `/admin/api/marketplace/apps/${appId}/`, appBody(partnerId, { screenshots: [{ id: shot.body.id, alt: 'The plan view' }] }));
    const app = (await t.call<App>(null, 'GET', '/api/marketplace/apps/planwise-floor-plans/')).body;
    expect(app.partner.logo).toMatchObject({ id: logo.body.id, alt: 'Planwise', url: logo.body.url });
    expect(app.screenshots).toEqual([{ ...shot.body, alt: 'The plan view' }]);
    expect(app.cover?.id).toBe(shot.body.id);
    // The files are where /media serves them from.
    expect(existsSync(join(t.deps.env.dataDir, 'media', (app.screenshots[0]?.url ?? '').replace('/media/', '')))).toBe(true);
  });
});
