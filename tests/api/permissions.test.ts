/**
 * The permission grid: every operation of the OpenAPI document, called as each role, must be
 * allowed or denied as RULES says. A new route without a rule fails this suite; add its rule below.
 *
 * Allowed means the answer is anything but 401/403 (and not a server error); denied means
 * 401, 403 or 404 (404 when the caller may not learn that the item exists).
 * Each operation runs against a fresh copy of the same world, denied roles first, so a write by
 * an allowed role cannot make a later denial pass by accident.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createAuth } from '../../src/server/modules/auth/auth.ts';
import { createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { EMPTY_PROFILE } from '../../src/server/modules/profiles/empty-profile.ts';
import { blankSpaceRow } from '../../src/server/modules/spaces/space-writes.ts';
import type { Deps } from '../../src/server/context.ts';
import { migrate, openDb } from '../../src/server/db/db.ts';
import { loadEnv } from '../../src/server/env.ts';
import { ContentEvents } from '../../src/server/platform/events.ts';
import { signInHeaders, TEST_ORIGIN } from '../../src/server/testing.ts';
import { tourModelRow, tourRow } from './tour-fixtures.ts';

const ROLES = ['guest', 'user', 'other', 'member', 'staff', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** Everyone, signed in or not. */
const PUBLIC: readonly Role[] = ROLES;
/** Any signed-in user. */
const SIGNED_IN: readonly Role[] = ['user', 'other', 'member', 'staff', 'admin'];
/** The owner of the fixture item (`user`: their collection, space, profile) and administrators. */
const OWNER: readonly Role[] = ['user', 'admin'];
/** An OWNER of the fixture organization (`member`) and administrators; its plain member (`staff`) is denied. */
const ORG_OWNER: readonly Role[] = ['member', 'admin'];
/** Administrators (is_privileged) only; staff are not administrators. */
const ADMIN: readonly Role[] = ['admin'];

/** The role sets rules are written with, named in the failure message. */
const ROLE_SETS = { PUBLIC, SIGNED_IN, OWNER, ORG_OWNER, ADMIN };

/** Fixture keys a rule can point a path parameter at. */
type Fixture =
  | 'userId'
  | 'otherUserId'
  | 'orgId'
  | 'userAccountId'
  | 'privateSpace'
  | 'publicSpace'
  | 'privateCollection'
  | 'publicCollection'
  | 'banner'
  | 'featuredTag'
  | 'carouselItem'
  | 'moderation';

type Fixtures = Record<Fixture, string>;

interface Rule {
  allow: readonly Role[];
  /** Path parameters: fixture per name (defaults come from `defaultParam`). */
  params?: Record<string, Fixture>;
  /** A request body instead of the one sampled from the schema (a function gets the fixture ids). */
  body?: unknown;
  /** Query parameters added to the sampled required ones. */
  query?: Record<string, string>;
}

/**
 * Who may call what, keyed "METHOD path" exactly as the OpenAPI document spells the path.
 * Path parameters get the fixture of the resource they name (see `defaultParam`): `{id}` of a
 * collection is `user`'s PRIVATE collection, of a space `user`'s PRIVATE space; `{accountId}` is the
 * organization; `{userId}` is `user`.
 */
/**
 * Every /admin/api operation of spec section 7 (and this product's additions): administrators only.
 * The app-wide guard answers 401/403 before any admin handler runs.
 */
const ADMIN_OPERATIONS = [
  'POST /admin/api/account/importAll/',
  'POST /admin/api/account/search/',
  'POST /admin/api/account/updateStatusAll/',
  'POST /admin/api/account/updateStatus/',
  'POST /admin/api/audit/',
  'GET /admin/api/search-insights/',
  'POST /admin/api/banner/',
  'GET /admin/api/banner/',
  'DELETE /admin/api/banner/',
  'GET /admin/api/banner/{id}/',
  'PUT /admin/api/banner/{id}/',
  'DELETE /admin/api/banner/{id}/',
  'PUT /admin/api/banner/activate/',
  'POST /admin/api/collection/',
  'GET /admin/api/collection/',
  'DELETE /admin/api/collection/',
  'GET /admin/api/collection/{id}/',
  'PUT /admin/api/collection/{id}/',
  'PATCH /admin/api/collection/{id}/',
  'DELETE /admin/api/collection/{id}/',
  'PATCH /admin/api/collection/{id}/reorder/',
  'POST /admin/api/collection/search/',
  'PUT /admin/api/collection/activate/',
  'PUT /admin/api/collection/markAdmin/',
  'PATCH /admin/api/collection/construct/',
  'POST /admin/api/fci/',
  'GET /admin/api/fci/',
  'DELETE /admin/api/fci/',
  'GET /admin/api/fci/{id}/',
  'PUT /admin/api/fci/{id}/',
  'DELETE /admin/api/fci/{id}/',
  'PATCH /admin/api/fci/{id}/reorder/',
  'PUT /admin/api/fci/activate/',
  'POST /admin/api/featuredTag/',
  'GET /admin/api/featuredTag/',
  'DELETE /admin/api/featuredTag/',
  'GET /admin/api/featuredTag/{id}/',
  'PUT /admin/api/featuredTag/{id}/',
  'DELETE /admin/api/featuredTag/{id}/',
  'PATCH /admin/api/featuredTag/{id}/reorder/',
  'PUT /admin/api/featuredTag/activate/',
  'GET /admin/api/featuredTag/randomize/',
  'PUT /admin/api/featuredTag/randomize/',
  'POST /admin/api/moderation/',
  'GET /admin/api/moderation/',
  'DELETE /admin/api/moderation/',
  'DELETE /admin/api/moderation/{id}/',
  'GET /admin/api/space/{id}/',
  'PATCH /admin/api/space/{id}/',
  'GET /admin/api/space/showViewsConfig/',
  'POST /admin/api/space/showViewsConfig/',
  'POST /admin/api/space/importAll/',
  'POST /admin/api/space/import/',
  'PUT /admin/api/space/import/',
  'POST /admin/api/space/search/',
  'POST /admin/api/space/updateSlug/',
  'POST /admin/api/tag/',
  'GET /admin/api/tag/',
  'POST /admin/api/user/updateStatusAll/',
  'POST /admin/api/user/updateStatus/',
  'GET /admin/api/webhook/',
  'POST /admin/api/webhook/',
  'DELETE /admin/api/webhook/{id}/',
  'POST /admin/api/webhook/{id}/test/',
  'GET /admin/api/webhook/delivery/',
];

/**
 * Who may call what, keyed "METHOD path" exactly as the OpenAPI document spells the path.
 * Path parameters get the fixture of the resource they name (see `defaultParam`): `{id}` of a
 * collection is `user`'s PRIVATE collection, of a space `user`'s PRIVATE space; `{accountId}` is the
 * organization (owned by `member`, with `staff` a plain member); `{userId}` is `user`.
 * Rules for spec section 7 calls not built yet are listed too, so their enforcement is decided here.
 */
const RULES: Record<string, Rule> = {
  // System and docs
  'GET /api/version/': { allow: PUBLIC },
  'GET /env.js/': { allow: PUBLIC },
  'GET /api/mp/consent-cookie': { allow: PUBLIC },
  'POST /api/analytics/events': { allow: PUBLIC },

  // Session and sign-in (spec 4)
  'GET /api/session/user/': { allow: PUBLIC },
  'GET /api/content/construct/': { allow: SIGNED_IN },
  'GET /auth/sign-in': { allow: PUBLIC },
  'POST /auth/sign-in': { allow: PUBLIC },
  'GET /auth/sign-up': { allow: PUBLIC },
  'POST /auth/sign-up': { allow: PUBLIC },
  'POST /auth/sign-out': { allow: PUBLIC },
  'GET /auth/forgot-password': { allow: PUBLIC },
  'POST /auth/forgot-password': { allow: PUBLIC },
  'GET /auth/reset-password': { allow: PUBLIC },
  'POST /auth/reset-password': { allow: PUBLIC },

  // Spaces: public reads; PRIVATE ones and edits only for the owner and administrators
  'GET /api/content/space/': { allow: PUBLIC },
  'GET /api/content/space/recommended/': { allow: PUBLIC },
  'GET /api/content/tag/': { allow: PUBLIC },
  'POST /api/content/space/search/': { allow: PUBLIC },
  'POST /api/content/space/searchByCamera/': { allow: PUBLIC },
  'POST /api/content/space/searchByCamera/related/': { allow: PUBLIC },
  'POST /api/content/space/search/related/': { allow: PUBLIC },
  'POST /api/content/space/search/facets/': { allow: PUBLIC },
  'POST /api/content/space/search/points/': { allow: PUBLIC },
  'GET /api/content/space/{id}/': { allow: OWNER, params: { id: 'privateSpace' } },
  'GET /api/content/space/{id}/tour/': { allow: OWNER, params: { id: 'privateSpace' } },
  'GET /api/oembed/': { allow: PUBLIC },
  'PATCH /api/content/space/{id}/': { allow: OWNER, params: { id: 'privateSpace' } },
  'PUT /api/content/space/{id}/tour/layout/': { allow: OWNER, params: { id: 'privateSpace' } },
  'POST /api/content/space/prepare/': { allow: SIGNED_IN },

  // Collections: a user's own, never someone else's by id
  'GET /api/content/collection/': { allow: PUBLIC },
  'POST /api/content/collection/': { allow: SIGNED_IN },
  'DELETE /api/content/collection/': { allow: SIGNED_IN },
  'GET /api/content/collection/featured': { allow: PUBLIC },
  'GET /api/content/collection/favorite/': { allow: SIGNED_IN },
  'GET /api/content/collection/my/': { allow: SIGNED_IN },
  'GET /api/content/collection/{id}/': { allow: OWNER, params: { id: 'privateCollection' } },
  'PUT /api/content/collection/{id}/': { allow: OWNER, params: { id: 'publicCollection' } },
  'PATCH /api/content/collection/{id}/': { allow: OWNER, params: { id: 'publicCollection' } },
  'DELETE /api/content/collection/{id}/': { allow: OWNER, params: { id: 'publicCollection' } },
  'POST /api/content/collection/{id}/rename/': { allow: OWNER, params: { id: 'publicCollection' }, body: { name: 'Renamed' } },
  'PUT /api/content/collection/{id}/add/': { allow: OWNER, params: { id: 'publicCollection' }, query: { itemId: 'spc00000000000000000002' } },
  'PUT /api/content/collection/{id}/delete/': { allow: OWNER, params: { id: 'publicCollection' }, query: { itemId: 'spc00000000000000000002' } },

  // Homepage content
  'GET /api/content/featuredTag/': { allow: PUBLIC },
  'GET /api/content/featuredTag/listNames': { allow: PUBLIC },
  'GET /api/content/featuredTag/{id}/': { allow: PUBLIC },
  'GET /api/content/fci/': { allow: PUBLIC },
  'GET /api/content/banner/': { allow: PUBLIC },

  // Accounts: anyone reads; an organization's OWNER (or an administrator) edits
  'POST /api/content/account/spaces/': { allow: PUBLIC, body: (f: Fixtures) => ({ accountId: f.orgId }) },
  'GET /api/content/account/{accountId}/profile/': { allow: PUBLIC },
  'GET /api/content/account/': { allow: PUBLIC },
  'POST /api/content/account/{accountId}/profile/': { allow: ORG_OWNER, body: { description: 'Edited' } },
  'PUT /api/content/account/{accountId}/profile/attachment/': { allow: ORG_OWNER },
  'DELETE /api/content/account/{accountId}/profile/attachment/': { allow: ORG_OWNER },
  'PUT /api/content/account/{accountId}/profile/socialmedia/': { allow: ORG_OWNER },
  'GET /api/content/account/{accountId}/spaces': { allow: PUBLIC },

  // Users: "me" always means the signed-in user; follow acts as them
  'GET /api/content/user/follow/': { allow: SIGNED_IN },
  'GET /api/content/user/follow/feed/': { allow: SIGNED_IN },
  'PUT /api/content/user/follow/': { allow: SIGNED_IN },
  'GET /api/content/user/admin/': { allow: PUBLIC },
  'GET /api/content/user/': { allow: PUBLIC },
  'GET /api/content/user/{userId}/profile/': { allow: PUBLIC },
  'GET /api/content/user/{userId}/collections/': { allow: PUBLIC },
  'POST /api/content/user/me/profile/': { allow: SIGNED_IN },
  'PUT /api/content/user/me/profile/socialmedia/': { allow: SIGNED_IN },
  'PUT /api/content/user/me/profile/attachment/': { allow: SIGNED_IN },
  'DELETE /api/content/user/me/profile/attachment/': { allow: SIGNED_IN },

  // Capture-services ordering: public landing data, address metadata and checks; the flow signed in;
  // orders for members of the ordering account; invoices and the plan for its Owners (and Billing Contacts)
  'GET /api/capture/landing/': { allow: PUBLIC },
  'GET /api/capture/pros/': { allow: PUBLIC },
  'GET /api/capture/countries/': { allow: PUBLIC },
  'GET /api/capture/countries/{countryCode}/': { allow: PUBLIC },
  'POST /api/capture/address/check/': { allow: PUBLIC },
  'POST /api/capture/notify-me/': { allow: PUBLIC },
  'POST /api/capture/sales-contact/': { allow: PUBLIC },
  'POST /api/capture/property/check/': { allow: SIGNED_IN },
  'POST /api/capture/availability/': { allow: SIGNED_IN },
  'POST /api/capture/holds/': { allow: SIGNED_IN },
  'DELETE /api/capture/holds/{holdId}/': { allow: SIGNED_IN },
  'POST /api/capture/contact/check/': { allow: SIGNED_IN },
  'POST /api/capture/uploads/': { allow: SIGNED_IN },
  'GET /api/capture/accounts/': { allow: SIGNED_IN },
  'POST /api/capture/accounts/{accountId}/plan/': { allow: ['member'], body: { plan: 'PROFESSIONAL' } },
  'GET /api/capture/accounts/{accountId}/payment-methods/': { allow: ['member', 'staff'] },
  'GET /api/capture/accounts/{accountId}/invoices/': { allow: ['member'] },
  'POST /api/capture/quote/': { allow: SIGNED_IN },
  'POST /api/capture/orders/': { allow: SIGNED_IN },
  'GET /api/capture/orders/': { allow: SIGNED_IN },
  'GET /api/capture/orders/{orderId}/': { allow: SIGNED_IN },
  'POST /api/capture/orders/{orderId}/reschedule/': { allow: SIGNED_IN },
  'POST /api/capture/orders/{orderId}/cancel/': { allow: SIGNED_IN },
  'GET /api/capture/orders/{orderId}/appointment.ics': { allow: SIGNED_IN },
  'GET /api/capture/invoices/{invoiceId}/': { allow: ['member'] },
  'GET /api/capture/invoices/{invoiceId}/pdf/': { allow: ['member'] },
  'GET /admin/api/capture/technicians/': { allow: ADMIN },
  'POST /admin/api/capture/technicians/': { allow: ADMIN },
  'PUT /admin/api/capture/technicians/{technicianId}/': { allow: ADMIN },
  'POST /admin/api/capture/orders/{orderId}/status/': { allow: ADMIN },
  // The capture service delivers (issue 24): the orders screen is administrators'; the jobs are a
  // technician's (none of these roles is one: tests/api/technicians.test.ts covers them) and administrators'.
  'GET /admin/api/capture/orders/': { allow: ADMIN },
  'GET /admin/api/capture/orders/{orderId}/': { allow: ADMIN },
  'POST /admin/api/capture/orders/{orderId}/technician/': { allow: ADMIN, body: { technicianId: 'tech-london' } },
  'GET /admin/api/capture/jobs/': { allow: ADMIN },
  'GET /admin/api/capture/jobs/{orderId}/': { allow: ADMIN },
  'POST /admin/api/capture/jobs/{orderId}/arrived/': { allow: ADMIN },
  'POST /admin/api/capture/jobs/{orderId}/captured/': { allow: ADMIN },
  'POST /admin/api/capture/jobs/{orderId}/upload/': { allow: ADMIN, body: { uploadId: 'no-such-upload' } },

  // The app marketplace (issue 13): the catalogue is public; the space selector and requests need a
  // sign-in (each user gets their own spaces and requests); administration is administrators'.
  'GET /api/marketplace/apps/': { allow: PUBLIC },
  'GET /api/marketplace/apps/{slug}/': { allow: PUBLIC },
  'GET /api/marketplace/collections/': { allow: PUBLIC },
  'GET /api/marketplace/collections/{slug}/': { allow: PUBLIC },
  'GET /api/marketplace/vocabularies/': { allow: PUBLIC },
  'GET /api/marketplace/spaces/': { allow: SIGNED_IN },
  'POST /api/marketplace/apps/{slug}/leads/': { allow: SIGNED_IN },
  'GET /api/marketplace/apps/{slug}/leads/': { allow: SIGNED_IN },
  ...Object.fromEntries(
    [
      ...['apps', 'partners', 'collections'].flatMap((r) => [
        `GET /admin/api/marketplace/${r}/`,
        `POST /admin/api/marketplace/${r}/`,
        `PUT /admin/api/marketplace/${r}/activate/`,
        `GET /admin/api/marketplace/${r}/{id}/`,
        `PUT /admin/api/marketplace/${r}/{id}/`,
        `DELETE /admin/api/marketplace/${r}/{id}/`,
        `PATCH /admin/api/marketplace/${r}/{id}/reorder/`,
      ]),
      'POST /admin/api/marketplace/partners/{id}/rotate-secret/',
      'POST /admin/api/marketplace/media/',
      'GET /admin/api/marketplace/leads/',
      'GET /admin/api/marketplace/leads/{id}/',
    ].map((k) => [k, { allow: ADMIN }]),
  ),

  // The company's forms (issue 14): anyone may send; administrators read and handle them.
  'POST /api/forms/contact/': { allow: PUBLIC },
  'POST /api/forms/feedback/': { allow: PUBLIC },
  'POST /api/forms/nominate/': { allow: PUBLIC },
  'GET /admin/api/submission/': { allow: ADMIN },
  'POST /admin/api/submission/{submissionId}/handled/': { allow: ADMIN },

  // Owners' insight (issue 27): a space's owner, its organization's OWNERs and MEMBERs (`member`, `staff`), administrators
  // (the organization's space is moderated in this world, so its rules are shown on the account; tests/api/insights.test.ts has the rest).
  'GET /api/insights/space/{id}/': { allow: OWNER },
  'GET /api/insights/spaces/': { allow: OWNER, query: { ids: 'spc00000000000000000001' } },
  // Capture uploads (issue 24): signed-in people upload; an upload id is its owner's alone, so the
  // grid's id (nobody's upload) answers 404 to all (tests/api/uploads.test.ts: the owner's own calls, another person's 404).
  'POST /api/uploads/captures/': { allow: SIGNED_IN },
  'PATCH /api/uploads/captures/{id}': { allow: [] },
  'DELETE /api/uploads/captures/{id}': { allow: [] },
  'GET /api/captures/': { allow: SIGNED_IN },
  'GET /api/captures/{id}/': { allow: [] },
  'POST /api/captures/{id}/retry/': { allow: [] },
  'GET /api/insights/account/{accountId}/': { allow: ['member', 'staff', 'admin'] },

  // Admin API
  ...Object.fromEntries(ADMIN_OPERATIONS.map((k) => [k, { allow: ADMIN }])),
  // Bodies an administrator's call succeeds with (the sampled ones would mostly answer 400/404).
  'POST /admin/api/account/updateStatus/': { allow: ADMIN, body: (f: Fixtures) => ({ id: f.orgId, status: 'DISABLED' }) },
  'POST /admin/api/user/updateStatus/': { allow: ADMIN, body: (f: Fixtures) => ({ id: f.otherUserId, status: 'DISABLED' }) },
  'DELETE /admin/api/banner/': { allow: ADMIN, body: (f: Fixtures) => [f.banner] },
  'PUT /admin/api/banner/activate/': { allow: ADMIN, body: (f: Fixtures) => ({ active: false, list: [f.banner] }) },
  'DELETE /admin/api/collection/': { allow: ADMIN, body: (f: Fixtures) => [f.publicCollection] },
  'PUT /admin/api/collection/activate/': { allow: ADMIN, body: (f: Fixtures) => ({ active: false, list: [f.publicCollection] }) },
  'PUT /admin/api/collection/markAdmin/': { allow: ADMIN, body: (f: Fixtures) => ({ collections: [f.publicCollection], isAdmin: true }) },
  'PATCH /admin/api/collection/{id}/reorder/': { allow: ADMIN, params: { id: 'publicCollection' }, body: (f: Fixtures) => ({ children: [f.publicSpace] }) },
  'POST /admin/api/fci/': { allow: ADMIN, body: { type: 'URL', item: { url: '/discover/' } } },
  'PUT /admin/api/fci/{id}/': { allow: ADMIN, body: { type: 'URL', item: { url: '/discover/' } } },
  'DELETE /admin/api/fci/': { allow: ADMIN, body: (f: Fixtures) => [f.carouselItem] },
  'PUT /admin/api/fci/activate/': { allow: ADMIN, body: (f: Fixtures) => ({ active: false, list: [f.carouselItem] }) },
  'DELETE /admin/api/featuredTag/': { allow: ADMIN, body: (f: Fixtures) => [f.featuredTag] },
  'PUT /admin/api/featuredTag/activate/': { allow: ADMIN, body: (f: Fixtures) => ({ active: false, list: [f.featuredTag] }) },
  'PUT /admin/api/featuredTag/randomize/': { allow: ADMIN, query: { newValue: 'true' } },
  'POST /admin/api/moderation/': { allow: ADMIN, body: (f: Fixtures) => ({ itemId: f.privateSpace, itemType: 'SPACE', reason: 'Grid' }) },
  'DELETE /admin/api/moderation/': { allow: ADMIN, query: { itemId: 'spc00000000000000000002', itemType: 'SPACE' } },
  'POST /admin/api/space/showViewsConfig/': { allow: ADMIN, query: { newValue: 'false' } },
  'POST /admin/api/space/import/': { allow: ADMIN, body: { spaces: [{ modelId: 'GridImport1', name: 'Grid import' }] } },
  'PUT /admin/api/space/import/': { allow: ADMIN, body: { spaces: [{ modelId: 'PublicSpace', cameras: [{ code: 'MC250' }] }] } },
  'POST /admin/api/space/updateSlug/': { allow: ADMIN, body: (f: Fixtures) => ({ id: f.privateSpace, slug: 'grid-slug' }) },
  'GET /admin/api/user/{userId}/flags/': { allow: ADMIN },
  'PUT /admin/api/user/{userId}/flags/': { allow: ADMIN, body: { flags: ['discover/search'] } },
  'POST /admin/api/webhook/': { allow: ADMIN, body: { url: 'https://example.com/hooks/discover' } },
};

/** The fixture a path parameter gets when its rule does not say: by parameter name, then by the resource before it. */
function defaultParam(path: string, name: string): Fixture | undefined {
  if (name === 'userId') return 'userId';
  if (name === 'accountId') return 'orgId';
  const resource = path.split('/{')[0]?.split('/').pop() ?? '';
  const byResource: Record<string, Fixture> = {
    space: 'privateSpace',
    collection: 'privateCollection',
    featuredTag: 'featuredTag',
    fci: 'carouselItem',
    banner: 'banner',
    moderation: 'moderation',
  };
  return byResource[resource];
}

// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;
interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { name: string; in: string; required?: boolean; schema?: Json }[]; requestBody?: { content?: Record<string, { schema?: Json }> } }
    >
  >;
  components?: { schemas?: Record<string, Json> };
}
interface Operation {
  key: string;
  method: string;
  path: string;
  op: OpenApiDoc['paths'][string][string];
}

/** A value that satisfies a JSON schema as far as a permission check needs: required fields only. */
function sample(schema: Json | undefined, doc: OpenApiDoc, depth = 0): unknown {
  if (!schema || depth > 10) return undefined;
  if (typeof schema['$ref'] === 'string') return sample(doc.components?.schemas?.[schema['$ref'].split('/').pop() as string], doc, depth + 1);
  if ('const' in schema) return schema['const'];
  if (schema['default'] !== undefined) return schema['default'];
  if (Array.isArray(schema['examples']) && schema['examples'].length) return schema['examples'][0];
  if (schema['example'] !== undefined) return schema['example'];
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  for (const k of ['anyOf', 'oneOf']) {
    const options = schema[k] as Json[] | undefined;
    if (options?.length) return sample(options.find((o) => o['type'] !== 'null') ?? options[0], doc, depth + 1);
  }
  if (Array.isArray(schema['allOf'])) return Object.assign({}, ...(schema['allOf'] as Json[]).map((s) => sample(s, doc, depth + 1)));
  const type = Array.isArray(schema['type']) ? (schema['type'] as string[]).find((t) => t !== 'null') : schema['type'];
  switch (type) {
    case 'object': {
      const props = (schema['properties'] ?? {}) as Record<string, Json>;
      return Object.fromEntries(((schema['required'] ?? []) as string[]).map((k) => [k, sample(props[k], doc, depth + 1)]));
    }
    case 'array':
      return Array.from({ length: Number(schema['minItems'] ?? 0) }, () => sample(schema['items'] as Json, doc, depth + 1));
    case 'integer':
    case 'number':
      return Number(schema['minimum'] ?? (schema['exclusiveMinimum'] !== undefined ? Number(schema['exclusiveMinimum']) + 1 : 1));
    case 'boolean':
      return false;
    case 'string': {
      const format = schema['format'];
      if (format === 'email') return 'someone@example.com';
      if (format === 'uri' || format === 'url') return 'https://example.com/';
      if (format === 'date-time') return '2030-01-01T00:00:00.000Z';
      if (format === 'date') return '2030-01-01';
      if (format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'Sample'.padEnd(Number(schema['minLength'] ?? 0), 'x').slice(0, Number(schema['maxLength'] ?? 64));
    }
    default:
      return undefined;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'discover-perm-'));
const snapshot = join(dir, 'world.sqlite');
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dir });
const PASSWORD = 'permission-grid';
let fixtures: Fixtures;
let headers: Record<Exclude<Role, 'guest'>, { cookie: string; origin: string }>;
let operations: Operation[] = [];

/** Builds the world once: five people, an organization, private and public items; then snapshots it. */
async function buildWorld() {
  const db = openDb(join(dir, 'build.sqlite'));
  await migrate(db);
  const auth = await createAuth({ db, env });
  const person = (email: string, extra: { isPrivileged?: boolean; isStaff?: boolean } = {}) =>
    createCredentialUser(db, { email, firstName: email.split('@')[0] as string, lastName: 'Grid', password: PASSWORD, ...extra });
  const ids = {
    user: await person('user@example.com'),
    other: await person('other@example.com'),
    member: await person('member@example.com'),
    staff: await person('staff@example.com', { isStaff: true }),
    admin: await person('admin@example.com', { isPrivileged: true }),
  };
  const k = db.kysely;
  const now = new Date().toISOString();
  const stamp = { createdAt: now, updatedAt: now };
  await k
    .insertInto('accounts')
    .values({ id: 'org00000000000000000001', sid: 'orgsid0001', name: 'Acme Spaces', status: 'ACTIVE', isPersonal: 0, flags: '[]', ...EMPTY_PROFILE, ...stamp })
    .execute();
  await k
    .insertInto('memberships')
    .values([
      { userId: ids.member, accountId: 'org00000000000000000001', role: 'OWNER', flags: '[]', ...stamp },
      { userId: ids.staff, accountId: 'org00000000000000000001', role: 'MEMBER', flags: '[]', ...stamp },
    ])
    .execute();
  const userRow = await k.selectFrom('users').select(['accountId']).where('id', '=', ids.user).executeTakeFirstOrThrow();
  const space = (row: { id: string; modelId: string; name: string; slug: string }) => ({
    ...blankSpaceRow({ ...row, now: stamp.createdAt }),
    city: 'Lisbon',
    countryCode: 'PT',
    countryName: 'Portugal',
    views: 1,
    ...stamp,
  });
  await k
    .insertInto('spaces')
    .values([
      {
        ...space({ id: 'spc00000000000000000001', modelId: 'PrivateSpac', name: 'Private space', slug: 'private-space' }),
        visibility: 'PRIVATE',
        ownerUserId: ids.user,
      },
      {
        ...space({ id: 'spc00000000000000000002', modelId: 'PublicSpace', name: 'Public space', slug: 'public-space' }),
        visibility: 'PUBLIC',
        organizationId: 'org00000000000000000001',
      },
    ])
    .execute();
  // The private space has a tour, so its rule is checked on an answer, not on a missing tour's 404.
  await k.insertInto('tour_models').values(tourModelRow()).execute();
  await k.insertInto('space_tours').values(tourRow('spc00000000000000000001')).execute();
  const collection = {
    description: null,
    type: 'SPACE',
    isActive: 1,
    isFavorite: 0,
    isUgc: 1,
    isAdmin: 0,
    priority: 0,
    metaTitle: null,
    metaDescription: null,
    ...stamp,
  };
  await k
    .insertInto('collections')
    .values([
      { id: 'col00000000000000000001', sid: 'colprivat1', name: 'Private list', ownerUserId: ids.user, visibility: 'PRIVATE', ...collection },
      { id: 'col00000000000000000002', sid: 'colpublic1', name: 'Public list', ownerUserId: ids.user, visibility: 'PUBLIC', ...collection },
    ])
    .execute();
  await k
    .insertInto('collection_children')
    .values({ collectionId: 'col00000000000000000002', childType: 'SPACE', childId: 'spc00000000000000000002', position: 0, addedAt: now })
    .execute();
  await k
    .insertInto('banners')
    .values({
      id: 'ban00000000000000000001',
      text: 'Hello',
      color: 'FFBB00',
      hyperlink: null,
      expirationDate: null,
      isActive: 1,
      isHideable: 1,
      position: 0,
      ...stamp,
    })
    .execute();
  await k
    .insertInto('featured_tags')
    .values({ id: 'ftg00000000000000000001', name: 'Museums', isActive: 1, priority: 0, tags: '["museum"]', ...stamp })
    .execute();
  await k
    .insertInto('carousel_items')
    .values({
      id: 'car00000000000000000001',
      description: 'Slide',
      isActive: 1,
      priority: 0,
      type: 'SPACE',
      itemId: 'spc00000000000000000002',
      url: null,
      ...stamp,
    })
    .execute();
  await k
    .insertInto('moderation_records')
    .values({ id: 'mod00000000000000000001', creatorUserId: ids.admin, itemId: 'spc00000000000000000002', itemType: 'SPACE', reason: 'Test', ...stamp })
    .execute();

  fixtures = {
    userId: ids.user,
    otherUserId: ids.other,
    orgId: 'org00000000000000000001',
    userAccountId: userRow.accountId,
    privateSpace: 'spc00000000000000000001',
    publicSpace: 'spc00000000000000000002',
    privateCollection: 'col00000000000000000001',
    publicCollection: 'col00000000000000000002',
    banner: 'ban00000000000000000001',
    featuredTag: 'ftg00000000000000000001',
    carouselItem: 'car00000000000000000001',
    moderation: 'mod00000000000000000001',
  };
  headers = {
    user: await signInHeaders(auth, 'user@example.com', PASSWORD),
    other: await signInHeaders(auth, 'other@example.com', PASSWORD),
    member: await signInHeaders(auth, 'member@example.com', PASSWORD),
    staff: await signInHeaders(auth, 'staff@example.com', PASSWORD),
    admin: await signInHeaders(auth, 'admin@example.com', PASSWORD),
  };
  const doc = (await (
    await createApp({ env, db, events: new ContentEvents(), resolveSession: auth.resolveSession }).request('/api/docs/openapi.json')
  ).json()) as OpenApiDoc;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op })),
  );
  db.sqlite?.raw.exec(`VACUUM INTO '${snapshot}'`);
  await db.close();
  return doc;
}

let doc: OpenApiDoc;
beforeAll(async () => {
  doc = await buildWorld();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Builds the request one role makes for one operation. */
function requestFor(o: Operation, rule: Rule, role: Role): { url: string; init: RequestInit } {
  const path = o.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const fixture = rule.params?.[name] ?? defaultParam(o.path, name);
    return encodeURIComponent(fixture ? fixtures[fixture] : 'no-such-item');
  });
  const query = new URLSearchParams(rule.query);
  for (const p of o.op.parameters ?? []) {
    if (p.in === 'query' && p.required && !query.has(p.name)) {
      const value = sample(p.schema, doc) ?? 'x';
      query.set(p.name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  const h: Record<string, string> = role === 'guest' ? {} : { cookie: headers[role].cookie };
  let body: BodyInit | undefined;
  if (o.method !== 'GET') {
    h['origin'] = TEST_ORIGIN; // a same-site browser page; cross-site refusal is tested in auth.test.ts
    const content = o.op.requestBody?.content ?? {};
    if (content['application/json'] || rule.body !== undefined) {
      h['content-type'] = 'application/json';
      const given = typeof rule.body === 'function' ? (rule.body as (f: Fixtures) => unknown)(fixtures) : rule.body;
      body = JSON.stringify(given ?? sample(content['application/json']?.schema, doc) ?? {});
    } else if (content['application/x-www-form-urlencoded']) {
      h['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries((sample(content['application/x-www-form-urlencoded'].schema, doc) ?? {}) as Record<string, string>));
    }
  }
  return { url: `${path}${query.size ? `?${query}` : ''}`, init: { method: o.method, headers: h, ...(body === undefined ? {} : { body }) } };
}

describe('permission grid', () => {
  it('has a rule for every operation of the OpenAPI document', () => {
    const missing = operations.filter((o) => !RULES[o.key]).map((o) => o.key);
    const stale = Object.keys(RULES).filter((k) => !operations.some((o) => o.key === k));
    if (stale.length)
      console.warn(
        `${stale.length} permission rules have no operation in the OpenAPI document yet (planned spec calls, or removed routes):\n  ${stale.join('\n  ')}`,
      );
    expect(
      missing,
      `These operations have no permission rule. Add each to RULES in tests/api/permissions.test.ts with who may call it (${Object.keys(ROLE_SETS).join(', ')}, or a list of roles):\n  ${missing.map((k) => `'${k}': { allow: ??? },`).join('\n  ')}\n`,
    ).toEqual([]);
  });

  it('allows and denies each role as the rules say', async () => {
    const failures: string[] = [];
    const grid: string[] = [];
    for (const o of operations) {
      const rule = RULES[o.key];
      if (!rule) continue;
      const file = join(dir, 'op.sqlite');
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      copyFileSync(snapshot, file);
      const db = openDb(file);
      const auth = await createAuth({ db, env });
      const deps: Deps = { env, db, events: new ContentEvents(), resolveSession: auth.resolveSession };
      const app = createApp(deps);
      // Denied roles go first so that an allowed role's write cannot turn a later denial into a 404.
      const order = [...ROLES].sort((a, b) => Number(rule.allow.includes(a)) - Number(rule.allow.includes(b)));
      const cells: Partial<Record<Role, number>> = {};
      for (const role of order) {
        const { url, init } = requestFor(o, rule, role);
        const res = await app.request(url, init);
        await res.arrayBuffer();
        cells[role] = res.status;
        const allowed = rule.allow.includes(role);
        if (allowed && (res.status === 401 || res.status === 403)) failures.push(`${o.key} as ${role}: expected allowed, got ${res.status}`);
        if (allowed && res.status >= 500) failures.push(`${o.key} as ${role}: server error ${res.status}`);
        if (!allowed && ![401, 403, 404].includes(res.status)) failures.push(`${o.key} as ${role}: expected denied (401/403/404), got ${res.status}`);
      }
      grid.push(`${o.key.padEnd(52)} ${ROLES.map((r) => `${r}:${cells[r]}${rule.allow.includes(r) ? '' : '✗'}`).join(' ')}`);
      await db.close();
    }
    const checks = operations.filter((o) => RULES[o.key]).length * ROLES.length;
    console.log(
      `Permission grid: ${operations.length} operations × ${ROLES.length} roles = ${operations.length * ROLES.length} cells (${checks} checked; ✗ = must be denied)\n${grid.join('\n')}`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
    // ~190 operations, each on a fresh copy of the world: ~15 s alone, twice that on a busy machine.
  }, 120_000);
});
