import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachCredential } from '../../src/server/modules/auth/users.ts';
import { MIGRATION_NAMES, migrate, openDb, type Db } from '../../src/server/db/db.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { createEmptyTestDatabase, dropTestDatabase } from '../../src/server/db/test-databases.ts';
import { enqueueEmail } from '../../src/server/platform/outbox/outbox.ts';
import { createTestApp, signInHeaders } from '../../src/server/testing.ts';
import { seedFixtures, W } from './fixtures.ts';
import { tourModelRow, tourRow } from './tour-fixtures.ts';

/**
 * Upgrading keeps the data (issue 22). A database is built the way the product's releases built it:
 * migrated one migration at a time with the migrator's `upTo`, and after each one filled with rows in
 * the tables it created, written as that release wrote them (through the product's own fixture and
 * seed functions where they fit, plain rows otherwise). The newest migration then runs the way a
 * start runs it (`migrate`), and every row is still there and answered by the current queries and
 * API. A new migration that adds a table needs rows here: the test fails while any table is empty.
 */

const T = '2026-03-01T10:00:00.000Z';
const PASSWORD = 'upgrade-password-1';
type AnyDb = Kysely<Database>;
type Rows = Record<string, Record<string, unknown>[]>;

/** Plain rows each migration's release wrote, by table (primary keys first, so they can be found again). */
const ROWS: Record<string, Rows> = {
  '001-initial': {
    audit_log: [
      { id: 'audit-up', action: 'UPDATE', date: T, fromValue: '{"name":"Old"}', toValue: '{"name":"New"}', type: 'SPACE', userId: W.user.admin, isAdmin: 1 },
    ],
    content_events: [{ type: 'space.updated', ids: JSON.stringify([W.space.loft]), time: T }],
  },
  '002-auth': {
    // Dates as SQLite stores them; PostgreSQL keeps them as timestamptz.
    auth_session: [
      {
        id: 'sess-up',
        expiresAt: '2036-03-01T10:00:00.000Z',
        token: 'token-up',
        createdAt: T,
        updatedAt: T,
        ipAddress: '203.0.113.5',
        userAgent: 'up',
        userId: W.user.alice,
      },
    ],
    auth_verification: [{ id: 'verif-up', identifier: 'reset-password:up', value: W.user.alice, expiresAt: T, createdAt: T, updatedAt: T }],
    auth_rate_limit: [{ id: 'rate-up', key: '203.0.113.5/sign-in/email', count: 2, lastRequest: 1772359200000 }],
  },
  '004-analytics': {
    analytics_events: [
      {
        id: 'evt-up',
        name: 'page_view',
        props: '{}',
        path: '/discover/space/LOFTPARIS01/',
        locale: 'en',
        sessionId: 'session-up',
        occurredAt: T,
        receivedAt: T,
        ip: '{ip}',
        userAgent: 'upgrade-test',
        role: 'guest',
      },
    ],
  },
  '005-outbox': {
    webhook_endpoints: [
      { id: 'wh-up', url: 'https://hooks.example/up', description: 'Upgrade', secret: 'whsec_dXBncmFkZQ==', createdAt: T, createdBy: W.user.admin },
    ],
  },
  '006-capture': {
    capture_technicians: [
      {
        id: 'tech-up',
        firstName: 'Tess',
        lastName: 'Tech',
        email: 'tess@example.com',
        areaName: 'Paris Area',
        countryCode: 'FR',
        continent: 'EU',
        lat: 48.85,
        long: 2.35,
        radiusKm: 40,
        timeZone: 'Europe/Paris',
        workingHours: JSON.stringify({ '1': ['08:00', '18:00'] }),
        travelBufferMinutes: 30,
        isActive: 1,
        createdAt: T,
        updatedAt: T,
      },
    ],
    capture_appointments: [
      {
        id: 'appt-up',
        technicianId: 'tech-up',
        userId: W.user.alice,
        status: 'BOOKED',
        orderId: 'order-up',
        start: '2030-01-07T09:00:00.000Z',
        end: '2030-01-07T10:00:00.000Z',
        expiresAt: null,
        request: '{}',
        createdAt: T,
        updatedAt: T,
      },
    ],
    capture_technician_cells: [{ technicianId: 'tech-up', cellStart: '2030-01-07T09:00:00.000Z', appointmentId: 'appt-up' }],
    capture_orders: [
      {
        id: 'order-up',
        number: 'ORD-2030-000001',
        accountId: W.acc.alice,
        userId: W.user.alice,
        status: 'SCHEDULED',
        statusHistory: JSON.stringify([{ status: 'SCHEDULED', at: T }]),
        address: JSON.stringify({
          countryCode: 'FR',
          lines: ['1 Rue de Rivoli'],
          city: 'Paris',
          postalCode: '75001',
          lat: 48.85,
          long: 2.35,
          formatted: '1 Rue de Rivoli, Paris',
        }),
        property: JSON.stringify({ kind: 'HOUSE', squareFeet: 1200 }),
        contact: JSON.stringify({ firstName: 'Alice', lastName: 'Anders', email: 'alice@example.com', phone: '+33 1 23 45 67 89' }),
        attachmentIds: '[]',
        plan: 'PROFESSIONAL',
        appointmentId: 'appt-up',
        technicianId: 'tech-up',
        start: '2030-01-07T09:00:00.000Z',
        end: '2030-01-07T10:00:00.000Z',
        timeZone: 'Europe/Paris',
        visitMinutes: 60,
        currency: 'EUR',
        subtotal: 10000,
        tax: 2000,
        total: 12000,
        creditApplied: 0,
        amountDue: 12000,
        paymentMethodId: 'invoice',
        cancelledAt: null,
        createdAt: T,
        updatedAt: T,
      },
    ],
    capture_invoices: [
      {
        id: 'inv-up',
        number: 'INV-2030-000001',
        kind: 'INVOICE',
        status: 'OPEN',
        accountId: W.acc.alice,
        orderId: 'order-up',
        creditsInvoiceId: null,
        currency: 'EUR',
        lines: JSON.stringify([{ description: 'Capture', amount: 10000 }]),
        taxLines: JSON.stringify([{ label: 'VAT', rate: 0.2, amount: 2000 }]),
        subtotal: 10000,
        taxTotal: 2000,
        total: 12000,
        creditApplied: 0,
        amountDue: 12000,
        issuedAt: T,
        dueAt: null,
        createdAt: T,
        updatedAt: T,
      },
    ],
    capture_credit_entries: [
      { id: 'credit-up', accountId: W.acc.alice, amount: 500, currency: 'EUR', reason: 'goodwill', invoiceId: null, orderId: null, createdAt: T },
    ],
    capture_counters: [{ name: 'order-2030', value: 1 }],
    capture_account_plans: [{ accountId: W.acc.alice, plan: 'PROFESSIONAL', updatedBy: W.user.alice, updatedAt: T }],
    capture_notify_requests: [
      {
        id: 'notify-up',
        userId: null,
        firstName: 'Nora',
        lastName: 'Notify',
        email: 'nora@example.com',
        address: '{}',
        countryCode: 'IS',
        lat: 64.14,
        long: -21.94,
        notifiedAt: null,
        notifiedTechnicianId: null,
        createdAt: T,
      },
    ],
    capture_sales_contacts: [
      {
        id: 'sales-up',
        userId: null,
        firstName: 'Sam',
        lastName: 'Sales',
        email: 'sam@example.com',
        phone: '+1 555 0100',
        company: 'Big Corp',
        message: 'Many buildings.',
        details: '{}',
        totalSquareFeet: 90000,
        createdAt: T,
      },
    ],
    capture_attachments: [
      {
        id: 'catt-up',
        userId: W.user.alice,
        orderId: 'order-up',
        fileName: 'plan.png',
        contentType: 'image/png',
        size: 1234,
        width: 800,
        height: 600,
        variants: '{}',
        createdAt: T,
      },
    ],
  },
  '007-marketplace': {
    marketplace_media: [{ id: 'media-up', kind: 'LOGO', width: 200, height: 200, variants: '{}', createdAt: T }],
    marketplace_partners: [
      {
        id: 'partner-up',
        slug: 'upgrade-partner',
        name: 'Upgrade Partner',
        logoId: 'media-up',
        logoAlt: '',
        website: 'https://partner.example',
        contactEmail: 'leads@partner.example',
        leadEndpointUrl: null,
        leadSecret: 'whsec_cGFydG5lcg==',
        isActive: 1,
        position: 0,
        createdAt: T,
        updatedAt: T,
      },
    ],
    marketplace_apps: [
      {
        id: 'app-up',
        slug: 'upgrade-app',
        partnerId: 'partner-up',
        name: 'Upgrade App',
        summary: 'Keeps its rows.',
        description: 'An app written before the upgrade.',
        industries: '[]',
        features: '[]',
        beta: 0,
        hosting: 'CLOUD',
        website: null,
        supportEmail: null,
        supportUrl: null,
        documents: '[]',
        downloads: '[]',
        resources: '[]',
        screenshots: '[]',
        isActive: 1,
        position: 0,
        createdAt: T,
        updatedAt: T,
      },
    ],
    marketplace_collections: [
      {
        id: 'mcoll-up',
        slug: 'upgrade-collection',
        name: 'Upgrade Collection',
        description: 'Apps.',
        featured: 1,
        isActive: 1,
        position: 0,
        createdAt: T,
        updatedAt: T,
      },
    ],
    marketplace_collection_apps: [{ collectionId: 'mcoll-up', appId: 'app-up', position: 0 }],
    marketplace_leads: [
      {
        id: 'lead-up',
        appId: 'app-up',
        partnerId: 'partner-up',
        userId: W.user.alice,
        spaces: JSON.stringify([{ id: W.space.loft, modelId: 'LOFTPARIS01', name: 'Loft' }]),
        appSlug: 'upgrade-app',
        appName: 'Upgrade App',
        partnerName: 'Upgrade Partner',
        partnerSlug: 'upgrade-partner',
        name: 'Alice Anders',
        email: 'alice@example.com',
        company: '',
        phone: '',
        message: 'Please.',
        consent: 1,
        webhookMessageId: null,
        emailMessageId: null,
        createdAt: T,
      },
    ],
  },
  '010-forms': {
    form_submissions: [
      {
        id: 'form-up',
        kind: 'CONTACT',
        name: 'Connie',
        email: 'connie@example.com',
        subject: 'Hello',
        message: 'Written before the upgrade.',
        url: null,
        userId: null,
        ip: '203.0.113.9',
        createdAt: T,
        handledAt: null,
        handledBy: null,
      },
    ],
  },
  '012-space-views': { space_views_daily: [{ spaceId: W.space.loft, day: '2026-02-28', views: 7 }] },
  '013-pros': {
    pro_profiles: [
      {
        id: 'pro-up',
        kind: 'TECHNICIAN',
        technicianId: 'tech-up',
        partnerId: null,
        headline: 'Scans Paris.',
        photoPath: null,
        photoWidth: 0,
        photoHeight: 0,
        areas: JSON.stringify([{ city: 'Paris', region: '', countryCode: 'FR' }]),
        languages: JSON.stringify(['fr', 'en']),
        captures: JSON.stringify(['RESIDENTIAL']),
        createdAt: T,
        updatedAt: T,
      },
    ],
  },
  '014-tours': { tour_models: [tourModelRow({ updatedAt: T })], space_tours: [tourRow(W.space.loft, { updatedAt: T })] },
  '016-captures': {
    jobs: [
      {
        id: 'job_up',
        kind: 'capture.process',
        payload: JSON.stringify({ uploadId: 'upload-up' }),
        status: 'done',
        step: 'create space',
        state: JSON.stringify({ done: { validate: null } }),
        attempts: 1,
        maxAttempts: 5,
        runAt: T,
        leaseOwner: null,
        leaseUntil: null,
        lastError: null,
        createdAt: T,
        updatedAt: T,
        finishedAt: T,
      },
    ],
    capture_uploads: [
      {
        id: 'upload-up',
        ownerUserId: W.user.alice,
        accountId: W.acc.alice,
        kind: 'model',
        fileName: 'flat.glb',
        bytes: 1024,
        status: 'ready',
        jobId: 'job_up',
        spaceId: W.space.loft,
        error: null,
        createdAt: T,
        updatedAt: T,
      },
    ],
  },
  '018-locale-texts': {
    banners: [
      {
        id: 'banner-up',
        text: 'Spring sale',
        translations: JSON.stringify({ de: { text: 'Frühlingsangebot' } }),
        color: 'FFBB00',
        hyperlink: null,
        expirationDate: null,
        isActive: 1,
        isHideable: 1,
        position: -10,
        createdAt: T,
        updatedAt: T,
      },
    ],
  },
};

/** What a release wrote through the product's own functions, after its migration ran. */
async function writeThroughProduct(name: string, db: Db): Promise<void> {
  if (name === '001-initial') await seedFixtures(db.kysely);
  if (name === '002-auth') {
    // The fixture people get a sign-in the way the demo seed gives one (better-auth's rows).
    await attachCredential(db, { id: W.user.alice, email: 'alice@example.com', password: PASSWORD });
    await attachCredential(db, { id: W.user.admin, email: 'ada@example.com', password: PASSWORD });
  }
  if (name === '005-outbox') {
    await db.kysely
      .transaction()
      .execute((tx) => enqueueEmail(tx, 'upgrade.test', { to: 'alice@example.com', subject: 'Before', text: 'Queued before the upgrade.' }));
  }
}

/** Writes one migration's rows: through the product first, then the plain rows. */
async function writeRows(name: string, db: Db): Promise<void> {
  await writeThroughProduct(name, db);
  for (const [table, rows] of Object.entries(ROWS[name] ?? {})) {
    // The rows are of the release that wrote them, not of the current Database type: written untyped, like the migrations.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const untyped: Kysely<any> = db.kysely;
    await untyped.insertInto(table).values(rows).execute();
  }
}

/** Every table of the Database type: `satisfies` makes the compiler reject a missing or an unknown name. */
const TYPED_TABLES = Object.keys({
  accounts: 1,
  users: 1,
  memberships: 1,
  spaces: 1,
  space_slugs: 1,
  space_cameras: 1,
  tags: 1,
  space_tags: 1,
  collections: 1,
  collection_children: 1,
  featured_tags: 1,
  carousel_items: 1,
  banners: 1,
  moderation_records: 1,
  audit_log: 1,
  follows: 1,
  attachments: 1,
  settings: 1,
  content_events: 1,
  auth_user: 1,
  auth_session: 1,
  auth_account: 1,
  auth_verification: 1,
  auth_rate_limit: 1,
  analytics_events: 1,
  space_views_daily: 1,
  outbox: 1,
  webhook_endpoints: 1,
  capture_technicians: 1,
  capture_appointments: 1,
  capture_technician_cells: 1,
  capture_orders: 1,
  capture_invoices: 1,
  capture_credit_entries: 1,
  capture_counters: 1,
  capture_account_plans: 1,
  capture_notify_requests: 1,
  capture_sales_contacts: 1,
  capture_attachments: 1,
  marketplace_partners: 1,
  marketplace_apps: 1,
  marketplace_collections: 1,
  marketplace_collection_apps: 1,
  marketplace_media: 1,
  marketplace_leads: 1,
  form_submissions: 1,
  pro_profiles: 1,
  tour_models: 1,
  space_tours: 1,
  jobs: 1,
  capture_uploads: 1,
} satisfies Record<keyof Database, 1>);

/**
 * The product's own tables in a database (not the migrator's, not SQLite's FTS index, its R*Tree of
 * places and their shadow tables, not PostgreSQL's search words, migration 020: indexes kept by triggers).
 */
async function tablesOf(db: Db): Promise<string[]> {
  const rows =
    db.dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db.kysely)
        ).rows
      : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'`.execute(db.kysely)).rows;
  return rows
    .map((r) => r.name)
    .filter(
      (n) => !n.startsWith('kysely_') && !n.startsWith('spaces_fts') && !n.startsWith('spaces_area') && !n.startsWith('space_word') && !n.startsWith('sqlite_'),
    );
}

/** A row with its values as text: PostgreSQL answers timestamptz as a Date and bigint as text where SQLite keeps what was written. */
const comparable = (row: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(v)]));

describe('upgrading a database that holds rows from every earlier release', () => {
  let dir: string;
  let location: string;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const newest = MIGRATION_NAMES.at(-1) as string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'discover-upgrade-'));
    location = await createEmptyTestDatabase(dir);
    const old = openDb(location);
    try {
      for (const name of MIGRATION_NAMES.slice(0, -1)) {
        await migrate(old, { upTo: name });
        await writeRows(name, old);
      }
    } finally {
      await old.close();
    }
    // The upgrade itself: a start on the previous release's database runs what is pending.
    app = await createTestApp({ databaseFile: location, auth: true });
    await writeRows(newest, app.db);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (location.startsWith('postgres')) await dropTestDatabase(location);
    rmSync(dir, { recursive: true, force: true });
  });

  it('has every migration applied, every table typed in the Database type and rows in every table', async () => {
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(app.db.kysely);
    expect(applied.rows.map((r) => r.name)).toEqual([...MIGRATION_NAMES]);
    const empty: string[] = [];
    for (const table of await tablesOf(app.db)) {
      const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(app.db.kysely);
      if (Number(rows[0]?.n) === 0) empty.push(table);
    }
    expect(empty, 'tables without rows: give them rows in tests/api/migration-upgrade.test.ts').toEqual([]);
    // Every table the migrations create is typed in src/server/db/schema/, and nothing else is.
    expect((await tablesOf(app.db)).sort()).toEqual([...TYPED_TABLES].sort());
  });

  it('reads every row written before the upgrade back, unchanged, through the current Database type', async () => {
    const db: AnyDb = app.db.kysely;
    for (const tables of Object.values(ROWS)) {
      for (const [table, rows] of Object.entries(tables)) {
        const stored = (await db
          .selectFrom(table as keyof Database)
          .selectAll()
          .execute()) as Record<string, unknown>[];
        for (const row of rows) expect(stored.map(comparable), table).toContainEqual(expect.objectContaining(comparable(row)));
      }
    }
    expect(await db.selectFrom('outbox').select(['topic', 'status']).execute()).toContainEqual({ topic: 'upgrade.test', status: 'pending' });
  });

  it('answers the earlier rows through the API: sign-in, content, search, capture, marketplace, forms, insight, pros, tours', async () => {
    const alice = await signInHeaders(app.auth!, 'alice@example.com', PASSWORD);
    const admin = await signInHeaders(app.auth!, 'ada@example.com', PASSWORD);
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const res = await app.app.request(path, { headers });
      expect(res.status, `${path}: ${res.status}`).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };

    expect(await get('/api/content/space/LOFTPARIS01/')).toMatchObject({ modelId: 'LOFTPARIS01' });
    // Migration 011 indexed the spaces written before it (PostgreSQL's search_vector; SQLite's FTS5 since 001).
    const found = (await get(`/api/content/space/?searchText=${encodeURIComponent('Loft')}`)) as { results: { modelId: string }[] };
    expect(found.results.map((s) => s.modelId)).toContain('LOFTPARIS01');

    expect(await get('/api/capture/orders/order-up/', alice)).toMatchObject({ id: 'order-up', number: 'ORD-2030-000001' });
    expect(await get('/api/marketplace/apps/upgrade-app/')).toMatchObject({ slug: 'upgrade-app', partner: { slug: 'upgrade-partner' } });
    expect(await get('/admin/api/submission/', admin)).toMatchObject({ totalResults: 1 });
    const hooks = (await get('/admin/api/webhook/', admin)) as unknown as { id: string }[];
    expect(hooks.map((e) => e.id)).toContain('wh-up');

    // Migration 012 counted the page view stored by 004's release; the day written after it is there too.
    const insight = (await get(`/api/insights/space/${W.space.loft}/?days=365`, alice)) as { views365: number; leads: number };
    expect(insight).toMatchObject({ views365: 8, leads: 1 });

    const pros = (await get('/api/capture/pros/')) as { pros: { headline: string }[] };
    expect(pros.pros.map((p) => p.headline)).toContain('Scans Paris.');

    const tour = (await get('/api/content/space/LOFTPARIS01/tour/')) as { model: { url: string }; rooms: { name: string }[] };
    expect(tour).toMatchObject({ model: { url: '/media/tours/fixture/model.glb' } });
    expect(tour.rooms.map((r) => r.name)).toContain('Living room');
  });
});
