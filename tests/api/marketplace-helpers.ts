/**
 * A marketplace test world over a fresh in-memory app with a test clock: an organization (Acme)
 * with an Owner and a plain Member, a person with no space, an outsider with spaces of their own,
 * an administrator; spaces of each kind; partners, apps and collections made through the admin
 * API. Requests pick their user with the `x-test-user` header.
 */
import { TestClock } from '../../src/server/platform/clock.ts';
import type { SessionUser } from '../../src/server/context.ts';
import type { AdminApp, AppInput, CollectionInput, PartnerInput, PartnerWithSecret } from '../../src/domain/marketplace.ts';
import { createTestApp, TEST_ORIGIN, type TestAppOptions } from '../../src/server/testing.ts';
import { insertPeople } from './people-world.ts';

/** An error answer as tests read it (the spec's body with the extras this API puts in it). */
export interface ErrorAnswer {
  code: string;
  message: string;
  retry: boolean;
  extra?: { fields?: { path: string; message: string }[]; spaceIds?: string[]; missing?: string[]; [key: string]: unknown };
}

/** Monday 7 January 2030, 12:00 UTC. */
export const T0 = '2030-01-07T12:00:00.000Z';

/** People of the world. */
export const PEOPLE = {
  owner: { id: 'u-owner', email: 'olivia@example.com', first: 'Olivia', last: 'Owner', personal: 'acc-olivia', role: 'OWNER' },
  member: { id: 'u-member', email: 'mia@example.com', first: 'Mia', last: 'Member', personal: 'acc-mia', role: 'MEMBER' },
  visitor: { id: 'u-visitor', email: 'victor@example.com', first: 'Victor', last: 'Visitor', personal: 'acc-victor', role: null },
  outsider: { id: 'u-out', email: 'otto@example.com', first: 'Otto', last: 'Outsider', personal: 'acc-otto', role: null },
  admin: { id: 'u-admin', email: 'ada@example.com', first: 'Ada', last: 'Admin', personal: 'acc-ada', role: null },
} as const;
/** Who a request is sent as. */
export type Who = keyof typeof PEOPLE | null;
/** The organization. */
export const ORG = 'acc-acme';

/** Spaces of the world: id → owner, organization, visibility. */
export const SPACES = {
  ownLoft: { name: 'Harbor Loft', owner: 'u-owner', org: null, visibility: 'PUBLIC' },
  ownPrivate: { name: 'Private Studio', owner: 'u-owner', org: null, visibility: 'PRIVATE' },
  acmeOffice: { name: 'Acme Office', owner: null, org: ORG, visibility: 'UNLISTED' },
  acmeShop: { name: 'Acme Flagship Shop', owner: 'u-member', org: ORG, visibility: 'PUBLIC' },
  ottoBarn: { name: 'Otto Barn', owner: 'u-out', org: null, visibility: 'PUBLIC' },
  ownModerated: { name: 'Moderated Cellar', owner: 'u-owner', org: null, visibility: 'PUBLIC' },
} as const;

const session = (key: keyof typeof PEOPLE): SessionUser => {
  const p = PEOPLE[key];
  return {
    id: p.id,
    sid: `${p.id}-sid`,
    email: p.email,
    firstName: p.first,
    lastName: p.last,
    accountId: p.personal,
    isPrivileged: key === 'admin',
    isStaff: false,
    flags: [],
    memberships: p.role ? [{ accountId: ORG, sid: 'acmesid001', name: 'Acme Realty', role: p.role, flags: [] }] : [],
    preparedAt: T0,
  };
};

/** A partner body with sensible defaults. */
export const partnerBody = (over: Partial<PartnerInput> = {}): PartnerInput => ({
  name: 'Planwise',
  slug: 'planwise',
  contactEmail: 'leads@planwise.example',
  website: 'https://planwise.example',
  leadEndpointUrl: null,
  ...over,
});

/** An app body with sensible defaults (the partner id is required). */
export const appBody = (partnerId: string, over: Partial<AppInput> = {}): AppInput => ({
  name: 'Planwise Floor Plans',
  slug: 'planwise-floor-plans',
  partnerId,
  summary: 'Measured floor plans from any scan in minutes.',
  description: 'Turn a **scanned space** into a floor plan.\n\n- Room sizes\n- Export to PDF',
  industries: ['real-estate'],
  features: ['floor-plans', 'measurements'],
  ...over,
});

/** A collection body. */
export const collectionBody = (appIds: string[], over: Partial<CollectionInput> = {}): CollectionInput => ({
  name: 'Editors’ picks',
  slug: 'editors-picks',
  description: 'Apps our editors love.',
  appIds,
  featured: true,
  ...over,
});

/** The app, its clock (at `start`, T0 by default; receivers that check webhook timestamps need the real time) and helpers to call it as someone. */
export async function marketplaceApp({ start = T0, ...options }: Omit<TestAppOptions, 'session' | 'clock'> & { start?: string | Date } = {}) {
  const clock = new TestClock(start);
  const t = await createTestApp({
    ...options,
    // The tests' lead receivers listen on 127.0.0.1.
    env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', ...options.env },
    clock,
    session: (req) => {
      const who = req.headers.get('x-test-user') as keyof typeof PEOPLE | null;
      return Promise.resolve(who && who in PEOPLE ? session(who) : null);
    },
  });
  const db = t.db.kysely;
  const stamp = { createdAt: T0, updatedAt: T0 };
  await insertPeople(
    db,
    { id: ORG, sid: 'acmesid001', name: 'Acme Realty' },
    Object.entries(PEOPLE).map(([key, p]) => ({ key, id: p.id, personal: p.personal, email: p.email, firstName: p.first, lastName: p.last })),
    T0,
  );
  await db
    .insertInto('memberships')
    .values([
      { userId: PEOPLE.owner.id, accountId: ORG, role: 'OWNER', flags: '[]', ...stamp },
      { userId: PEOPLE.member.id, accountId: ORG, role: 'MEMBER', flags: '[]', ...stamp },
    ])
    .execute();
  await db
    .insertInto('spaces')
    .values(
      Object.entries(SPACES).map(([id, s]) => ({
        id,
        modelId: `m-${id}`,
        name: s.name,
        slug: id,
        summary: '',
        description: '',
        address: '',
        city: '',
        region: '',
        countryCode: 'US',
        countryName: 'United States',
        lat: null,
        long: null,
        altitude: null,
        views: 0,
        visibility: s.visibility,
        presentedBy: null,
        organizationId: s.org,
        ownerUserId: s.owner,
        type: 'OTHER',
        imageKey: `key-${id}`,
        imageWidth: 1200,
        imageHeight: 800,
        tags: '[]',
        ...stamp,
      })),
    )
    .execute();
  await db
    .insertInto('moderation_records')
    .values({ id: 'mod-1', creatorUserId: PEOPLE.admin.id, itemId: 'ownModerated', itemType: 'SPACE', reason: 'Spam', ...stamp })
    .execute();

  /** Calls the app as someone (JSON body; same-site Origin on writes); `T` is the answer's expected shape (not checked). */
  const call = async <T = ErrorAnswer>(who: Who, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN };
    if (who) headers['x-test-user'] = who;
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const res = await t.app.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, headers: res.headers, body: json as T };
  };
  /** Makes a partner, an app and a collection through the admin API; answers their ids and the partner's secret. */
  const catalog = async (partner: Partial<PartnerInput> = {}, app: Partial<AppInput> = {}) => {
    const p = await call<PartnerWithSecret>('admin', 'POST', '/admin/api/marketplace/partners/', partnerBody(partner));
    if (p.status !== 201) throw new Error(`partner: ${p.status} ${JSON.stringify(p.body)}`);
    const a = await call<AdminApp>('admin', 'POST', '/admin/api/marketplace/apps/', appBody(p.body.id, app));
    if (a.status !== 201) throw new Error(`app: ${a.status} ${JSON.stringify(a.body)}`);
    return { partnerId: p.body.id, secret: p.body.leadSecret, appId: a.body.id, appSlug: a.body.slug };
  };
  return { ...t, clock, call, catalog };
}

/** A valid request form for the given spaces. */
export const leadBody = (spaceIds: string[], over: Record<string, unknown> = {}) => ({
  spaceIds,
  name: 'Olivia Owner',
  email: 'olivia@example.com',
  company: 'Acme Realty',
  phone: '+1 415 555 0132',
  message: 'We would like floor plans for our listings.',
  consent: true,
  ...over,
});
