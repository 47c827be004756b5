import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  AdminApp,
  AdminCollection,
  AdminLead,
  AdminLeadPage,
  AdminLeadQuery,
  AdminPartner,
  AppInput,
  CollectionInput,
  LeadDelivery,
  PartnerInput,
  PartnerWithSecret,
} from '../../../domain/marketplace.ts';
import type { LeadStatus } from '../../../domain/marketplace-rules.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import { withAudit, type AuditedChange } from '../../platform/audit.ts';
import { clockOf } from '../../platform/clock.ts';
import type { Deps, SessionUser } from '../../context.ts';
import type { MarketplaceAppsTable, MarketplaceCollectionsTable, MarketplaceLeadsTable, MarketplacePartnersTable } from '../../db/schema/marketplace.ts';
import type { OutboxTable } from '../../db/schema/outbox.ts';
import { ApiError, conflict, fieldError, notFound } from '../../platform/errors.ts';
import { newWebhookSecret } from '../webhooks/content-webhooks.ts';
import { assertPublicWebhookUrl } from '../webhooks/address-policy.ts';
import { deliveryError } from '../webhooks/deliver-webhook.ts';
import { leadStatus } from './leads.ts';
import { loadMedia, parseJson, toApp, toImage, type MediaById } from './store.ts';
import type { Database } from '../../db/schema.ts';
import { prefixedId } from '../../platform/ids.ts';

/**
 * Administration of the marketplace (`/admin/api/marketplace/**`): every change runs in `withAudit`
 * (one transaction with its audit entry and its content event, so the publisher re-renders the
 * marketplace pages), is all or nothing, and answers the spec's error body.
 */

type PartnerFields = z.output<typeof PartnerInput>;
type AppFields = z.output<typeof AppInput>;
type CollectionFields = z.output<typeof CollectionInput>;

/** The three ordered, activatable resources. */
type Ordered = 'marketplace_apps' | 'marketplace_partners' | 'marketplace_collections';
const AUDIT = { marketplace_apps: 'MARKETPLACE_APP', marketplace_partners: 'MARKETPLACE_PARTNER', marketplace_collections: 'MARKETPLACE_COLLECTION' } as const;
const LABEL = { marketplace_apps: 'App', marketplace_partners: 'Partner', marketplace_collections: 'Collection' } as const;

/** 409 for a taken slug. */
const slugTaken = () => conflict('json.slug', 'This slug is already used.');

async function nextPosition(tx: Transaction<Database>, table: Ordered): Promise<number> {
  const row = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('p'))
    .executeTakeFirst();
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
}

async function requireFreeSlug(tx: Transaction<Database>, table: Ordered, slug: string, exceptId: string | null): Promise<void> {
  const row = await tx.selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirst();
  if (row && row.id !== exceptId) throw slugTaken();
}

async function requireMedia(tx: Transaction<Database>, ids: readonly { id: string; path: string }[]): Promise<void> {
  if (!ids.length) return;
  const found = await loadMedia(
    tx,
    ids.map((i) => i.id),
  );
  const missing = ids.find((i) => !found.has(i.id));
  if (missing) throw fieldError(missing.path, 'No such picture: upload it first.');
}

// ---------------------------------------------------------------- shared: activate and reorder

/** PUT …/activate/: sets `isActive` on every id (404 `extra.missing` and no change when one is unknown). */
export async function setActive(deps: Deps, admin: SessionUser, table: Ordered, ids: readonly string[], active: boolean): Promise<{ updated: number }> {
  const wanted = [...new Set(ids)];
  return withAudit(deps, admin, { type: AUDIT[table], action: active ? 'ACTIVATE' : 'DEACTIVATE' }, async (t) => {
    const tx = t;
    const rows = await tx.selectFrom(table).select(['id', 'isActive']).where('id', 'in', wanted).execute();
    const found = new Set(rows.map((r) => r.id));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length) throw new ApiError('NOT_FOUND', `${LABEL[table]} not found: ${missing.slice(0, 10).join(', ')}.`, { missing });
    const changing = rows.filter((r) => (r.isActive === 1) !== active).map((r) => r.id);
    if (!changing.length) return { from: null, to: null, result: { updated: 0 }, noop: true };
    await tx
      .updateTable(table)
      .set({ isActive: active ? 1 : 0, updatedAt: clockOf(deps).now().toISOString() })
      .where('id', 'in', changing)
      .execute();
    return {
      from: { ids: changing, isActive: !active },
      to: { ids: changing, isActive: active },
      result: { updated: changing.length },
      changed: { type: AUDIT[table], ids: changing },
    };
  });
}

/** PATCH …/{id}/reorder/: moves one item to a 0-based place of the display order and renumbers 0…n-1. */
export async function moveTo(deps: Deps, admin: SessionUser, table: Ordered, id: string, position: number): Promise<void> {
  await withAudit(deps, admin, { type: AUDIT[table], action: 'REORDER' }, async (t) => {
    const tx = t;
    const rows = await tx.selectFrom(table).select(['id', 'position']).orderBy('position').orderBy('name').execute();
    const moving = rows.find((r) => r.id === id);
    if (!moving) throw notFound(LABEL[table]);
    const from = rows.findIndex((r) => r.id === id);
    const rest = rows.filter((r) => r.id !== id);
    rest.splice(Math.min(position, rest.length), 0, moving);
    const changed = rest.map((r, i) => ({ id: r.id, was: r.position, now: i })).filter((r) => r.was !== r.now);
    if (!changed.length) return { from: null, to: null, result: null, noop: true };
    const now = clockOf(deps).now().toISOString();
    for (const r of changed) await tx.updateTable(table).set({ position: r.now, updatedAt: now }).where('id', '=', r.id).execute();
    return {
      from: { id, position: from },
      to: { id, position: rest.indexOf(moving) },
      result: null,
      changed: { type: AUDIT[table], ids: changed.map((r) => r.id) },
    };
  });
}

// ---------------------------------------------------------------- partners

const partnerSnapshot = (p: Selectable<MarketplacePartnersTable>) => {
  const { leadSecret: _secret, ...rest } = p;
  return rest;
};

function toAdminPartner(p: Selectable<MarketplacePartnersTable>, media: MediaById, appCount: number): AdminPartner {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    logo: toImage(media, p.logoId ? { id: p.logoId, alt: p.logoAlt || `${p.name} logo` } : null),
    website: p.website,
    contactEmail: p.contactEmail,
    leadEndpointUrl: p.leadEndpointUrl,
    isActive: p.isActive === 1,
    position: p.position,
    appCount,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

async function partnersOf(db: Kysely<Database>, rows: Selectable<MarketplacePartnersTable>[]): Promise<AdminPartner[]> {
  const counts = await db
    .selectFrom('marketplace_apps')
    .select(['partnerId', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('partnerId')
    .execute();
  const byPartner = new Map(counts.map((c) => [c.partnerId, Number(c.n)]));
  const media = await loadMedia(
    db,
    rows.map((r) => r.logoId),
  );
  return rows.map((r) => toAdminPartner(r, media, byPartner.get(r.id) ?? 0));
}

const textMatch = (q: string | undefined, ...values: string[]) => !q || values.some((v) => v.toLowerCase().includes(q.toLowerCase()));

/** GET /admin/api/marketplace/partners/ */
export async function listPartners(deps: Deps, q: { q?: string | undefined; includeInactive?: boolean | undefined }): Promise<AdminPartner[]> {
  const db = deps.db.kysely;
  let query = db.selectFrom('marketplace_partners').selectAll().orderBy('position').orderBy('name');
  if (q.includeInactive === false) query = query.where('isActive', '=', 1);
  const rows = (await query.execute()).filter((r) => textMatch(q.q, r.name, r.slug));
  return partnersOf(db, rows);
}

/** GET /admin/api/marketplace/partners/{id}/ */
export async function readPartner(deps: Deps, id: string): Promise<AdminPartner> {
  const db = deps.db.kysely;
  const row = await db.selectFrom('marketplace_partners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Partner');
  return (await partnersOf(db, [row]))[0] as AdminPartner;
}

const partnerValues = (input: PartnerFields) => ({
  name: input.name,
  slug: input.slug,
  logoId: input.logo?.id ?? null,
  logoAlt: input.logo?.alt ?? '',
  website: input.website,
  contactEmail: input.contactEmail,
  leadEndpointUrl: input.leadEndpointUrl,
  isActive: input.isActive ? 1 : 0,
});

/**
 * Points a partner's pending lead webhooks at its current endpoint and secret (after an edit or a
 * rotation), so retries go where the partner now listens and are signed with the secret it holds.
 */
async function retargetPending(tx: Transaction<Database>, partner: Selectable<MarketplacePartnersTable>): Promise<void> {
  const pending = await tx
    .selectFrom('outbox as o')
    .innerJoin('marketplace_leads as l', 'l.webhookMessageId', 'o.id')
    .select(['o.id', 'o.payload'])
    .where('l.partnerId', '=', partner.id)
    .where('o.status', '=', 'pending')
    .execute();
  for (const m of pending) {
    const payload = parseJson<{ url: string; secret?: string; body: string }>(m.payload, { url: '', body: '' });
    if (!partner.leadEndpointUrl) {
      await tx
        .updateTable('outbox')
        .set({ status: 'cancelled', nextAttemptAt: null, lastError: 'The partner no longer has a lead endpoint.' })
        .where('id', '=', m.id)
        .execute();
      continue;
    }
    const next = { ...payload, url: partner.leadEndpointUrl, secret: partner.leadSecret };
    await tx
      .updateTable('outbox')
      .set({ payload: JSON.stringify(next), target: partner.leadEndpointUrl })
      .where('id', '=', m.id)
      .execute();
  }
}

/** POST /admin/api/marketplace/partners/: answers the signing secret this once. */
export async function createPartner(deps: Deps, admin: SessionUser, input: PartnerFields): Promise<PartnerWithSecret> {
  assertPublicWebhookUrl(deps.env, input.leadEndpointUrl, 'json.leadEndpointUrl');
  const id = prefixedId('partner');
  const secret = input.leadSecret ?? newWebhookSecret();
  await withAudit(deps, admin, { type: 'MARKETPLACE_PARTNER', action: 'CREATE' }, async (t) => {
    const tx = t;
    await requireFreeSlug(tx, 'marketplace_partners', input.slug, null);
    await requireMedia(tx, input.logo ? [{ id: input.logo.id, path: 'json.logo.id' }] : []);
    const now = clockOf(deps).now().toISOString();
    const row = { id, ...partnerValues(input), leadSecret: secret, position: await nextPosition(tx, 'marketplace_partners'), createdAt: now, updatedAt: now };
    await tx.insertInto('marketplace_partners').values(row).execute();
    return { from: null, to: partnerSnapshot(row), result: null, changed: { type: 'MARKETPLACE_PARTNER', ids: [id] } };
  });
  return { ...(await readPartner(deps, id)), leadSecret: secret };
}

/** PUT /admin/api/marketplace/partners/{id}/ (the secret is not changed here: rotate it). */
export async function updatePartner(deps: Deps, admin: SessionUser, id: string, input: PartnerFields): Promise<AdminPartner> {
  await withAudit(deps, admin, { type: 'MARKETPLACE_PARTNER', action: 'UPDATE' }, async (t): Promise<AuditedChange<null>> => {
    const tx = t;
    const before = await tx.selectFrom('marketplace_partners').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('Partner');
    await requireFreeSlug(tx, 'marketplace_partners', input.slug, id);
    await requireMedia(tx, input.logo ? [{ id: input.logo.id, path: 'json.logo.id' }] : []);
    const values = partnerValues(input);
    // A changed endpoint is judged; one saved before the rule (or the demo's) does not block other edits.
    if (values.leadEndpointUrl !== before.leadEndpointUrl) assertPublicWebhookUrl(deps.env, values.leadEndpointUrl, 'json.leadEndpointUrl');
    const after = { ...before, ...values };
    if (JSON.stringify(partnerSnapshot(after)) === JSON.stringify(partnerSnapshot(before))) return { from: null, to: null, result: null, noop: true };
    const updated = { ...after, updatedAt: clockOf(deps).now().toISOString() };
    await tx
      .updateTable('marketplace_partners')
      .set({ ...values, updatedAt: updated.updatedAt })
      .where('id', '=', id)
      .execute();
    if (before.leadEndpointUrl !== updated.leadEndpointUrl) await retargetPending(tx, updated);
    return { from: partnerSnapshot(before), to: partnerSnapshot(updated), result: null, changed: { type: 'MARKETPLACE_PARTNER', ids: [id] } };
  });
  return readPartner(deps, id);
}

/** POST /admin/api/marketplace/partners/{id}/rotate-secret/: a new secret, answered once; pending lead webhooks are re-signed with it. */
export async function rotatePartnerSecret(deps: Deps, admin: SessionUser, id: string): Promise<PartnerWithSecret> {
  const secret = newWebhookSecret();
  await withAudit(deps, admin, { type: 'MARKETPLACE_PARTNER', action: 'ROTATE_SECRET' }, async (t) => {
    const tx = t;
    const before = await tx.selectFrom('marketplace_partners').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('Partner');
    const now = clockOf(deps).now().toISOString();
    await tx.updateTable('marketplace_partners').set({ leadSecret: secret, updatedAt: now }).where('id', '=', id).execute();
    await retargetPending(tx, { ...before, leadSecret: secret });
    return { from: { id, secret: 'previous' }, to: { id, secret: 'rotated' }, result: null };
  });
  return { ...(await readPartner(deps, id)), leadSecret: secret };
}

/** DELETE /admin/api/marketplace/partners/{id}/: 409 while apps belong to it. */
export async function deletePartner(deps: Deps, admin: SessionUser, id: string): Promise<void> {
  await withAudit(deps, admin, { type: 'MARKETPLACE_PARTNER', action: 'DELETE' }, async (t) => {
    const tx = t;
    const before = await tx.selectFrom('marketplace_partners').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('Partner');
    const app = await tx.selectFrom('marketplace_apps').select('id').where('partnerId', '=', id).executeTakeFirst();
    if (app) throw new ApiError('CONFLICT', 'This partner still has apps: delete them or move them to another partner first.');
    await tx.deleteFrom('marketplace_partners').where('id', '=', id).execute();
    return { from: partnerSnapshot(before), to: null, result: null, changed: { type: 'MARKETPLACE_PARTNER', ids: [id] } };
  });
}

// ---------------------------------------------------------------- apps

const appSnapshot = (a: Selectable<MarketplaceAppsTable>, collectionIds: readonly string[]) => ({
  ...a,
  industries: parseJson<string[]>(a.industries, []),
  features: parseJson<string[]>(a.features, []),
  documents: parseJson<unknown[]>(a.documents, []),
  downloads: parseJson<unknown[]>(a.downloads, []),
  resources: parseJson<unknown[]>(a.resources, []),
  screenshots: parseJson<unknown[]>(a.screenshots, []),
  collectionIds: [...collectionIds],
});

async function adminApps(db: Kysely<Database>, rows: Selectable<MarketplaceAppsTable>[]): Promise<AdminApp[]> {
  if (!rows.length) return [];
  const partners = new Map(
    (
      await db
        .selectFrom('marketplace_partners')
        .selectAll()
        .where(
          'id',
          'in',
          rows.map((r) => r.partnerId),
        )
        .execute()
    ).map((p) => [p.id, p]),
  );
  const links = await db
    .selectFrom('marketplace_collection_apps as ca')
    .innerJoin('marketplace_collections as c', 'c.id', 'ca.collectionId')
    .select(['ca.appId', 'c.id', 'c.slug', 'c.name'])
    .where(
      'ca.appId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('c.position')
    .execute();
  const leads = await db
    .selectFrom('marketplace_leads')
    .select(['appId', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(
      'appId',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('appId')
    .execute();
  const leadCount = new Map(leads.map((l) => [l.appId, Number(l.n)]));
  const media = await loadMedia(
    db,
    rows.flatMap((r) => [partners.get(r.partnerId)?.logoId, ...parseJson<{ id: string }[]>(r.screenshots, []).map((s) => s.id)]),
  );
  return rows.map((r) => {
    const partner = partners.get(r.partnerId) as Selectable<MarketplacePartnersTable>;
    const collections = links.filter((l) => l.appId === r.id).map((l) => ({ id: l.id, slug: l.slug, name: l.name }));
    return {
      ...toApp(r, partner, media, collections),
      partnerId: r.partnerId,
      isActive: r.isActive === 1,
      position: r.position,
      leadCount: leadCount.get(r.id) ?? 0,
      createdAt: r.createdAt,
    };
  });
}

/** GET /admin/api/marketplace/apps/ */
export async function listAdminApps(
  deps: Deps,
  q: { q?: string | undefined; includeInactive?: boolean | undefined; partnerId?: string | undefined },
): Promise<AdminApp[]> {
  const db = deps.db.kysely;
  let query = db.selectFrom('marketplace_apps').selectAll().orderBy('position').orderBy('name');
  if (q.includeInactive === false) query = query.where('isActive', '=', 1);
  if (q.partnerId) query = query.where('partnerId', '=', q.partnerId);
  return adminApps(
    db,
    (await query.execute()).filter((r) => textMatch(q.q, r.name, r.slug)),
  );
}

/** GET /admin/api/marketplace/apps/{id}/ */
export async function readAdminApp(deps: Deps, id: string): Promise<AdminApp> {
  const db = deps.db.kysely;
  const row = await db.selectFrom('marketplace_apps').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('App');
  return (await adminApps(db, [row]))[0] as AdminApp;
}

const appValues = (input: AppFields) => ({
  name: input.name,
  slug: input.slug,
  partnerId: input.partnerId,
  summary: input.summary,
  description: input.description,
  industries: JSON.stringify([...new Set(input.industries)]),
  features: JSON.stringify([...new Set(input.features)]),
  beta: input.beta ? 1 : 0,
  hosting: input.hosting,
  website: input.website,
  supportEmail: input.supportEmail,
  supportUrl: input.supportUrl,
  documents: JSON.stringify(input.documents),
  downloads: JSON.stringify(input.downloads),
  resources: JSON.stringify(input.resources),
  screenshots: JSON.stringify(input.screenshots),
  isActive: input.isActive ? 1 : 0,
});

async function checkAppRefs(tx: Transaction<Database>, input: AppFields): Promise<void> {
  const partner = await tx.selectFrom('marketplace_partners').select('id').where('id', '=', input.partnerId).executeTakeFirst();
  if (!partner) throw fieldError('json.partnerId', 'No such partner.');
  await requireMedia(
    tx,
    input.screenshots.map((s, i) => ({ id: s.id, path: `json.screenshots.${i}.id` })),
  );
  if (input.collectionIds.length) {
    const found = new Set((await tx.selectFrom('marketplace_collections').select('id').where('id', 'in', input.collectionIds).execute()).map((r) => r.id));
    const bad = input.collectionIds.findIndex((id) => !found.has(id));
    if (bad >= 0) throw fieldError(`json.collectionIds.${bad}`, 'No such collection.');
  }
}

/** Puts an app in exactly the given collections: appended at the end of new ones, removed from the others. */
async function setAppCollections(tx: Transaction<Database>, appId: string, collectionIds: readonly string[]): Promise<string[]> {
  const current = (await tx.selectFrom('marketplace_collection_apps').select('collectionId').where('appId', '=', appId).execute()).map((r) => r.collectionId);
  const wanted = [...new Set(collectionIds)];
  const removed = current.filter((c) => !wanted.includes(c));
  if (removed.length) await tx.deleteFrom('marketplace_collection_apps').where('appId', '=', appId).where('collectionId', 'in', removed).execute();
  const added = wanted.filter((c) => !current.includes(c));
  for (const collectionId of added) {
    const last = await tx
      .selectFrom('marketplace_collection_apps')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('collectionId', '=', collectionId)
      .executeTakeFirst();
    const position = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
    await tx.insertInto('marketplace_collection_apps').values({ collectionId, appId, position }).execute();
  }
  return [...removed, ...added];
}

const collectionIdsOf = async (tx: Transaction<Database>, appId: string) =>
  (
    await tx
      .selectFrom('marketplace_collection_apps as ca')
      .innerJoin('marketplace_collections as c', 'c.id', 'ca.collectionId')
      .select('c.id')
      .where('ca.appId', '=', appId)
      .orderBy('c.position')
      .execute()
  ).map((r) => r.id);

/** POST /admin/api/marketplace/apps/ (the new app goes last). */
export async function createApp(deps: Deps, admin: SessionUser, input: AppFields): Promise<AdminApp> {
  const id = prefixedId('app');
  await withAudit(deps, admin, { type: 'MARKETPLACE_APP', action: 'CREATE' }, async (t) => {
    const tx = t;
    await requireFreeSlug(tx, 'marketplace_apps', input.slug, null);
    await checkAppRefs(tx, input);
    const now = clockOf(deps).now().toISOString();
    const row = { id, ...appValues(input), position: await nextPosition(tx, 'marketplace_apps'), createdAt: now, updatedAt: now };
    await tx.insertInto('marketplace_apps').values(row).execute();
    await setAppCollections(tx, id, input.collectionIds);
    return { from: null, to: appSnapshot(row, input.collectionIds), result: null, changed: { type: 'MARKETPLACE_APP', ids: [id] } };
  });
  return readAdminApp(deps, id);
}

/** PUT /admin/api/marketplace/apps/{id}/ (replaces every field, and the collections it is in). */
export async function updateApp(deps: Deps, admin: SessionUser, id: string, input: AppFields): Promise<AdminApp> {
  await withAudit(deps, admin, { type: 'MARKETPLACE_APP', action: 'UPDATE' }, async (t): Promise<AuditedChange<null>> => {
    const tx = t;
    const before = await tx.selectFrom('marketplace_apps').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('App');
    await requireFreeSlug(tx, 'marketplace_apps', input.slug, id);
    await checkAppRefs(tx, input);
    const beforeCollections = await collectionIdsOf(tx, id);
    const values = appValues(input);
    const after = { ...before, ...values };
    const touched = await setAppCollections(tx, id, input.collectionIds);
    const sameFields = JSON.stringify(appSnapshot(after, [])) === JSON.stringify(appSnapshot(before, []));
    if (sameFields && !touched.length) return { from: null, to: null, result: null, noop: true };
    const updatedAt = clockOf(deps).now().toISOString();
    if (!sameFields)
      await tx
        .updateTable('marketplace_apps')
        .set({ ...values, updatedAt })
        .where('id', '=', id)
        .execute();
    const afterCollections = await collectionIdsOf(tx, id);
    return {
      from: appSnapshot(before, beforeCollections),
      to: appSnapshot({ ...after, updatedAt: sameFields ? before.updatedAt : updatedAt }, afterCollections),
      result: null,
      changed: { type: 'MARKETPLACE_APP', ids: [id] },
    };
  });
  return readAdminApp(deps, id);
}

/** DELETE /admin/api/marketplace/apps/{id}/ (its leads stay, with their copy of the app's name). */
export async function deleteApp(deps: Deps, admin: SessionUser, id: string): Promise<void> {
  await withAudit(deps, admin, { type: 'MARKETPLACE_APP', action: 'DELETE' }, async (t) => {
    const tx = t;
    const before = await tx.selectFrom('marketplace_apps').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('App');
    const collections = await collectionIdsOf(tx, id);
    await tx.deleteFrom('marketplace_collection_apps').where('appId', '=', id).execute();
    await tx.deleteFrom('marketplace_apps').where('id', '=', id).execute();
    return { from: appSnapshot(before, collections), to: null, result: null, changed: { type: 'MARKETPLACE_APP', ids: [id] } };
  });
}

// ---------------------------------------------------------------- collections

async function adminCollections(db: Kysely<Database>, rows: Selectable<MarketplaceCollectionsTable>[]): Promise<AdminCollection[]> {
  if (!rows.length) return [];
  const links = await db
    .selectFrom('marketplace_collection_apps as ca')
    .innerJoin('marketplace_apps as a', 'a.id', 'ca.appId')
    .select(['ca.collectionId', 'a.id', 'a.slug', 'a.name', 'a.isActive'])
    .where(
      'ca.collectionId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('ca.position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    featured: r.featured === 1,
    isActive: r.isActive === 1,
    position: r.position,
    apps: links.filter((l) => l.collectionId === r.id).map((l) => ({ id: l.id, slug: l.slug, name: l.name, isActive: l.isActive === 1 })),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));
}

/** GET /admin/api/marketplace/collections/ */
export async function listAdminCollections(deps: Deps, q: { q?: string | undefined; includeInactive?: boolean | undefined }): Promise<AdminCollection[]> {
  const db = deps.db.kysely;
  let query = db.selectFrom('marketplace_collections').selectAll().orderBy('position').orderBy('name');
  if (q.includeInactive === false) query = query.where('isActive', '=', 1);
  return adminCollections(
    db,
    (await query.execute()).filter((r) => textMatch(q.q, r.name, r.slug)),
  );
}

/** GET /admin/api/marketplace/collections/{id}/ */
export async function readAdminCollection(deps: Deps, id: string): Promise<AdminCollection> {
  const db = deps.db.kysely;
  const row = await db.selectFrom('marketplace_collections').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Collection');
  return (await adminCollections(db, [row]))[0] as AdminCollection;
}

const collectionValues = (input: CollectionFields) => ({
  name: input.name,
  slug: input.slug,
  description: input.description,
  featured: input.featured ? 1 : 0,
  isActive: input.isActive ? 1 : 0,
});

/** Replaces a collection's apps by the given ids in order (400 at the first unknown id). */
async function setCollectionApps(tx: Transaction<Database>, collectionId: string, appIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(appIds)];
  if (wanted.length) {
    const found = new Set((await tx.selectFrom('marketplace_apps').select('id').where('id', 'in', wanted).execute()).map((r) => r.id));
    const bad = appIds.findIndex((id) => !found.has(id));
    if (bad >= 0) throw fieldError(`json.appIds.${bad}`, 'No such app.');
  }
  await tx.deleteFrom('marketplace_collection_apps').where('collectionId', '=', collectionId).execute();
  for (const [position, appId] of wanted.entries()) await tx.insertInto('marketplace_collection_apps').values({ collectionId, appId, position }).execute();
}

const appIdsIn = async (tx: Transaction<Database>, collectionId: string) =>
  (await tx.selectFrom('marketplace_collection_apps').select('appId').where('collectionId', '=', collectionId).orderBy('position').execute()).map(
    (r) => r.appId,
  );

/** POST /admin/api/marketplace/collections/ (goes last). */
export async function createCollection(deps: Deps, admin: SessionUser, input: CollectionFields): Promise<AdminCollection> {
  const id = prefixedId('mpcol');
  await withAudit(deps, admin, { type: 'MARKETPLACE_COLLECTION', action: 'CREATE' }, async (t) => {
    const tx = t;
    await requireFreeSlug(tx, 'marketplace_collections', input.slug, null);
    const now = clockOf(deps).now().toISOString();
    const row = { id, ...collectionValues(input), position: await nextPosition(tx, 'marketplace_collections'), createdAt: now, updatedAt: now };
    await tx.insertInto('marketplace_collections').values(row).execute();
    await setCollectionApps(tx, id, input.appIds);
    return { from: null, to: { ...row, appIds: input.appIds }, result: null, changed: { type: 'MARKETPLACE_COLLECTION', ids: [id] } };
  });
  return readAdminCollection(deps, id);
}

/** PUT /admin/api/marketplace/collections/{id}/ (replaces every field and the apps, in the order given). */
export async function updateCollection(deps: Deps, admin: SessionUser, id: string, input: CollectionFields): Promise<AdminCollection> {
  await withAudit(deps, admin, { type: 'MARKETPLACE_COLLECTION', action: 'UPDATE' }, async (t): Promise<AuditedChange<null>> => {
    const tx = t;
    const before = await tx.selectFrom('marketplace_collections').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('Collection');
    await requireFreeSlug(tx, 'marketplace_collections', input.slug, id);
    const beforeApps = await appIdsIn(tx, id);
    const values = collectionValues(input);
    const after = { ...before, ...values };
    const wanted = [...new Set(input.appIds)];
    const sameFields = JSON.stringify(after) === JSON.stringify(before);
    if (sameFields && JSON.stringify(wanted) === JSON.stringify(beforeApps)) return { from: null, to: null, result: null, noop: true };
    await setCollectionApps(tx, id, input.appIds);
    const updatedAt = clockOf(deps).now().toISOString();
    await tx
      .updateTable('marketplace_collections')
      .set({ ...values, updatedAt })
      .where('id', '=', id)
      .execute();
    return {
      from: { ...before, appIds: beforeApps },
      to: { ...after, updatedAt, appIds: wanted },
      result: null,
      changed: { type: 'MARKETPLACE_COLLECTION', ids: [id] },
    };
  });
  return readAdminCollection(deps, id);
}

/** DELETE /admin/api/marketplace/collections/{id}/ (its apps stay). */
export async function deleteCollection(deps: Deps, admin: SessionUser, id: string): Promise<void> {
  await withAudit(deps, admin, { type: 'MARKETPLACE_COLLECTION', action: 'DELETE' }, async (t) => {
    const tx = t;
    const before = await tx.selectFrom('marketplace_collections').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('Collection');
    const appIds = await appIdsIn(tx, id);
    await tx.deleteFrom('marketplace_collection_apps').where('collectionId', '=', id).execute();
    await tx.deleteFrom('marketplace_collections').where('id', '=', id).execute();
    return { from: { ...before, appIds }, to: null, result: null, changed: { type: 'MARKETPLACE_COLLECTION', ids: [id] } };
  });
}

// ---------------------------------------------------------------- leads

/** SQL: the lead's status from its two outbox messages (the same rule as `leadStatus`). */
function statusFilter(status: LeadStatus) {
  const delivered = sql<boolean>`(w.status = 'delivered' OR e.status = 'delivered')`;
  const gaveUp = (alias: 'w' | 'e') => sql`(${sql.raw(alias)}.id IS NULL OR ${sql.raw(alias)}.status IN ('failed', 'cancelled'))`;
  if (status === 'DELIVERED') return delivered;
  const failed = sql<boolean>`(NOT ${delivered} AND ${gaveUp('w')} AND ${gaveUp('e')} AND (w.id IS NOT NULL OR e.id IS NOT NULL))`;
  if (status === 'FAILED') return failed;
  return sql<boolean>`(NOT ${delivered} AND NOT ${failed})`;
}

type OutboxRow = Selectable<OutboxTable>;
const toDelivery = (m: OutboxRow, channel: 'WEBHOOK' | 'EMAIL'): LeadDelivery => ({
  messageId: m.id,
  channel,
  target: m.target,
  status: m.status as LeadDelivery['status'],
  attempts: m.attempts,
  lastAttemptAt: m.lastAttemptAt,
  nextAttemptAt: m.status === 'pending' ? m.nextAttemptAt : null,
  deliveredAt: m.deliveredAt,
  // A partner's answer body never reaches the log; mail errors are the mailer's own words.
  lastError: channel === 'WEBHOOK' ? deliveryError(m.lastError) : m.lastError,
});

async function adminLeads(deps: Deps, rows: Selectable<MarketplaceLeadsTable>[]): Promise<AdminLead[]> {
  if (!rows.length) return [];
  const db = deps.db.kysely;
  const ids = rows.flatMap((r) => [r.webhookMessageId, r.emailMessageId]).filter((i): i is string => Boolean(i));
  const messages = new Map((ids.length ? await db.selectFrom('outbox').selectAll().where('id', 'in', ids).execute() : []).map((m) => [m.id, m]));
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('id', 'in', [...new Set(rows.map((r) => r.userId))])
        .execute()
    ).map((u) => [u.id, u.email]),
  );
  return rows.map((r) => {
    const webhook = r.webhookMessageId ? messages.get(r.webhookMessageId) : undefined;
    const email = r.emailMessageId ? messages.get(r.emailMessageId) : undefined;
    const deliveries = [...(webhook ? [toDelivery(webhook, 'WEBHOOK')] : []), ...(email ? [toDelivery(email, 'EMAIL')] : [])];
    return {
      id: r.id,
      status: leadStatus(deliveries.map((d) => d.status)),
      app: { id: r.appId, slug: r.appSlug, name: r.appName },
      partner: { id: r.partnerId, slug: r.partnerSlug, name: r.partnerName },
      user: { id: r.userId, email: users.get(r.userId) ?? '' },
      spaces: parseJson<{ id: string; name: string }[]>(r.spaces, []).map((s) => ({ id: s.id, name: s.name })),
      name: r.name,
      email: r.email,
      company: r.company,
      phone: r.phone,
      message: r.message,
      consent: r.consent === 1,
      createdAt: r.createdAt,
      deliveries,
    };
  });
}

/** GET /admin/api/marketplace/leads/: newest first, 50 a page; `status` is the hand-over's state. */
export async function listLeads(deps: Deps, q: AdminLeadQuery): Promise<AdminLeadPage> {
  const db = deps.db.kysely;
  let base = db.selectFrom('marketplace_leads as l').leftJoin('outbox as w', 'w.id', 'l.webhookMessageId').leftJoin('outbox as e', 'e.id', 'l.emailMessageId');
  if (q.appId) base = base.where('l.appId', '=', q.appId);
  if (q.partnerId) base = base.where('l.partnerId', '=', q.partnerId);
  if (q.status) base = base.where(statusFilter(q.status));
  const w = resolveWindow(q, 50);
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const rows = await base.selectAll('l').orderBy('l.createdAt', 'desc').orderBy('l.id', 'desc').limit(w.limit).offset(w.offset).execute();
  return makePage(await adminLeads(deps, rows), Number(total?.n ?? 0), w);
}

/** GET /admin/api/marketplace/leads/{id}/ */
export async function readLead(deps: Deps, id: string): Promise<AdminLead> {
  const row = await deps.db.kysely.selectFrom('marketplace_leads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Lead');
  return (await adminLeads(deps, [row]))[0] as AdminLead;
}
