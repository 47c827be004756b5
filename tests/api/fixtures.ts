import type { Insertable, Kysely } from 'kysely';
import type { SessionUser } from '../../src/server/context.ts';
import { EMPTY_PROFILE } from '../../src/server/modules/profiles/empty-profile.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { createTestApp } from '../../src/server/testing.ts';

const T0 = '2026-01-01T00:00:00.000Z';
const at = (day: number) => new Date(Date.parse(T0) + day * 86_400_000).toISOString();
const stamps = (day = 0) => ({ createdAt: at(day), updatedAt: at(day) });

/** Ids of the fixture world, for assertions. */
export const W = {
  acc: {
    orgA: 'acc-org-a',
    orgB: 'acc-org-b',
    disabled: 'acc-disabled',
    moderated: 'acc-moderated',
    alice: 'acc-alice',
    bob: 'acc-bob',
    admin: 'acc-admin',
    carol: 'acc-carol',
    privateOrg: 'acc-private',
  },
  user: { alice: 'user-alice', bob: 'user-bob', admin: 'user-admin', carol: 'user-carol' },
  space: {
    loft: 'space-loft',
    museum: 'space-museum',
    cafe: 'space-cafe',
    villa: 'space-villa',
    office: 'space-office',
    castle: 'space-castle',
    moma: 'space-moma',
    galaxy: 'space-galaxy',
    mixed: 'space-mixed',
    bobs: 'space-bobs',
  },
  coll: {
    featured: 'coll-featured',
    featured2: 'coll-featured2',
    ofCollections: 'coll-of-collections',
    aliceFav: 'coll-alice-fav',
    alicePublic: 'coll-alice-public',
    inactive: 'coll-inactive',
    moderated: 'coll-moderated',
    empty: 'coll-empty',
    carols: 'coll-carol',
    alicePrivate: 'coll-alice-private',
  },
  ft: { museums: 'ft-museums', modern: 'ft-modern', inactive: 'ft-inactive', empty: 'ft-empty' },
} as const;

/** Session users of the fixture world, as the auth module would resolve them. */
export const SESSIONS: Record<'alice' | 'bob' | 'admin', SessionUser> = {
  alice: {
    id: W.user.alice,
    sid: 'alicesid01',
    email: 'alice@example.com',
    firstName: 'Alice',
    lastName: 'Anders',
    accountId: W.acc.alice,
    isPrivileged: false,
    isStaff: false,
    flags: [],
    memberships: [{ accountId: W.acc.orgA, sid: 'orgasid001', name: 'Org A', role: 'OWNER', flags: [] }],
    preparedAt: T0,
  },
  bob: {
    id: W.user.bob,
    sid: 'bobsid0001',
    email: 'bob@example.com',
    firstName: 'Bob',
    lastName: 'Baker',
    accountId: W.acc.bob,
    isPrivileged: false,
    isStaff: false,
    flags: [],
    memberships: [],
    preparedAt: T0,
  },
  admin: {
    id: W.user.admin,
    sid: 'adminsid01',
    email: 'admin@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    accountId: W.acc.admin,
    isPrivileged: true,
    isStaff: false,
    flags: [],
    memberships: [],
    preparedAt: T0,
  },
};

interface SpaceSpec {
  id: string;
  modelId: string;
  name: string;
  tags: string[];
  cameras: string[];
  views: number;
  visibility?: string;
  org?: string | null;
  owner?: string | null;
  country?: [string, string];
  city?: string;
  day?: number;
  summary?: string;
  description?: string;
}

const CAMERA: Record<string, { manufacturer: string; kind: string }> = {
  MC250: { manufacturer: 'MATTERPORT', kind: 'MATTERPORT_PRO2' },
  MC300: { manufacturer: 'MATTERPORT', kind: 'MATTERPORT_PRO3' },
  IPHONE15PRO: { manufacturer: 'APPLE', kind: 'IPHONE' },
  IPHONE14PRO: { manufacturer: 'APPLE', kind: 'IPHONE' },
  IPADPRO: { manufacturer: 'APPLE', kind: 'IPHONE' },
  PIXEL8: { manufacturer: 'GOOGLE', kind: 'ANDROID' },
  GALAXYS23: { manufacturer: 'SAMSUNG', kind: 'ANDROID' },
};

const SPACES: SpaceSpec[] = [
  {
    id: W.space.loft,
    modelId: 'LOFTPARIS01',
    name: 'Modern Loft in Paris',
    tags: ['loft', 'modern'],
    cameras: ['MC250'],
    views: 500,
    org: W.acc.orgA,
    country: ['FR', 'France'],
    city: 'Paris',
    day: 10,
    summary: 'A bright loft near the Seine',
  },
  {
    id: W.space.museum,
    modelId: 'MUSEUMLDN01',
    name: 'Natural History Museum',
    tags: ['museum', 'history'],
    cameras: ['IPHONE15PRO'],
    views: 1000,
    org: W.acc.orgB,
    country: ['GB', 'United Kingdom'],
    city: 'London',
    day: 20,
    description: 'Dinosaurs and fossils in a Victorian hall.',
  },
  {
    id: W.space.cafe,
    modelId: 'CAFENYC0001',
    name: 'Corner Café',
    tags: ['cafe'],
    cameras: ['PIXEL8'],
    views: 50,
    org: W.acc.orgB,
    country: ['US', 'United States'],
    city: 'New York',
    day: 30,
  },
  {
    id: W.space.villa,
    modelId: 'VILLAUNL001',
    name: 'Unlisted Villa',
    tags: ['villa', 'modern'],
    cameras: ['MC300'],
    views: 5000,
    visibility: 'UNLISTED',
    org: W.acc.orgA,
    day: 40,
  },
  {
    id: W.space.office,
    modelId: 'OFFICEPRV01',
    name: 'Private Office',
    tags: ['office', 'modern'],
    cameras: ['MC250'],
    views: 10,
    visibility: 'PRIVATE',
    org: W.acc.orgA,
    owner: W.user.alice,
    day: 50,
  },
  { id: W.space.castle, modelId: 'CASTLEMOD01', name: 'Moderated Castle', tags: ['castle', 'history', 'museum'], cameras: ['MC250'], views: 9999, day: 60 },
  {
    id: W.space.moma,
    modelId: 'MOMANYC0001',
    name: 'Museum of Modern Art',
    tags: ['museum', 'modern'],
    cameras: ['MC250', 'IPHONE14PRO'],
    views: 800,
    org: W.acc.orgB,
    country: ['US', 'United States'],
    city: 'New York',
    day: 70,
  },
  { id: W.space.galaxy, modelId: 'GALAXYGAL01', name: 'Galaxy Gallery', tags: ['gallery'], cameras: ['GALAXYS23'], views: 70, day: 80 },
  { id: W.space.mixed, modelId: 'MIXEDDEV001', name: 'Mixed Devices Studio', tags: ['studio'], cameras: ['PIXEL8', 'IPADPRO'], views: 60, day: 90 },
  { id: W.space.bobs, modelId: 'BOBSHOME001', name: "Bob's Home", tags: ['home'], cameras: ['MC250'], views: 5, owner: W.user.bob, day: 100 },
];

/** A public space world small enough to reason about, covering every visibility and moderation case. */
export async function seedFixtures(db: Kysely<Database>): Promise<void> {
  const account = (id: string, sid: string, name: string, extra: Partial<Insertable<Database['accounts']>> = {}): Insertable<Database['accounts']> => ({
    id,
    sid,
    name,
    status: 'ACTIVE',
    isPersonal: 0,
    flags: '[]',
    ...EMPTY_PROFILE,
    ...stamps(),
    ...extra,
  });
  await db
    .insertInto('accounts')
    .values([
      account(W.acc.orgA, 'orgasid001', 'Org A', {
        description: 'We scan lofts.',
        url: 'https://org-a.example',
        locationDescription: 'Paris, France',
        photoId: 'att-org-a-photo',
        coverId: 'att-org-a-cover',
        twitter: 'https://x.com/orga',
      }),
      account(W.acc.orgB, 'orgbsid001', 'Org B'),
      account(W.acc.disabled, 'disabled01', 'Disabled Org', { status: 'DISABLED' }),
      account(W.acc.moderated, 'moderated1', 'Moderated Org'),
      account(W.acc.privateOrg, 'privorg001', 'Private Org', { visibility: 'PRIVATE' }),
      account(W.acc.alice, 'aliceacc01', 'Alice Anders', { isPersonal: 1 }),
      account(W.acc.bob, 'bobacc0001', 'Bob Baker', { isPersonal: 1 }),
      account(W.acc.admin, 'adminacc01', 'Ada Admin', { isPersonal: 1 }),
      account(W.acc.carol, 'carolacc01', 'Carol Gone', { isPersonal: 1 }),
    ])
    .execute();
  const user = (
    id: string,
    sid: string,
    first: string,
    last: string,
    accountId: string,
    extra: Partial<Insertable<Database['users']>> = {},
  ): Insertable<Database['users']> => ({
    id,
    sid,
    email: `${first.toLowerCase()}@example.com`,
    firstName: first,
    lastName: last,
    username: `${first.toLowerCase()}-${last.toLowerCase()}`,
    accountId,
    isPrivileged: 0,
    isStaff: 0,
    flags: '[]',
    status: 'ACTIVE',
    preparedAt: T0,
    ...EMPTY_PROFILE,
    ...stamps(),
    ...extra,
  });
  await db
    .insertInto('users')
    .values([
      user(W.user.alice, 'alicesid01', 'Alice', 'Anders', W.acc.alice, {
        description: 'I collect lofts.',
        locationDescription: 'Lyon',
        photoId: 'att-alice-photo',
        instagram: 'https://instagram.com/alice',
      }),
      user(W.user.bob, 'bobsid0001', 'Bob', 'Baker', W.acc.bob, { visibility: 'PRIVATE' }),
      user(W.user.admin, 'adminsid01', 'Ada', 'Admin', W.acc.admin, { isPrivileged: 1 }),
      user(W.user.carol, 'carolsid01', 'Carol', 'Gone', W.acc.carol, { status: 'DISABLED' }),
    ])
    .execute();
  await db
    .insertInto('memberships')
    .values([{ userId: W.user.alice, accountId: W.acc.orgA, role: 'OWNER', flags: '[]', ...stamps() }])
    .execute();
  await db
    .insertInto('attachments')
    .values([
      {
        id: 'att-org-a-photo',
        ownerKind: 'account',
        ownerId: W.acc.orgA,
        type: 'PROFILE_IMAGE',
        width: 256,
        height: 256,
        variants: JSON.stringify({ 96: 'avatars/a-96.webp', 256: 'avatars/a-256.webp' }),
        ...stamps(),
      },
      {
        id: 'att-org-a-cover',
        ownerKind: 'account',
        ownerId: W.acc.orgA,
        type: 'COVER_IMAGE',
        width: 1600,
        height: 400,
        variants: JSON.stringify({ 800: 'covers/c-800.webp', 1600: 'covers/c-1600.webp' }),
        ...stamps(),
      },
      {
        id: 'att-alice-photo',
        ownerKind: 'user',
        ownerId: W.user.alice,
        type: 'PROFILE_IMAGE',
        width: 256,
        height: 256,
        variants: JSON.stringify({ 256: 'avatars/alice-256.webp' }),
        ...stamps(),
      },
    ])
    .execute();

  const tagNames = [...new Set(SPACES.flatMap((s) => s.tags))];
  await db
    .insertInto('tags')
    .values(tagNames.map((name) => ({ id: `tag-${name}`, name, slug: name, ...stamps() })))
    .execute();
  await db
    .insertInto('spaces')
    .values(
      SPACES.map((s) => ({
        id: s.id,
        modelId: s.modelId,
        name: s.name,
        slug: s.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
        summary: s.summary ?? `${s.name} summary`,
        description: s.description ?? `${s.name} in 3D.`,
        address: '1 Main Street',
        city: s.city ?? 'Berlin',
        region: '',
        countryCode: s.country?.[0] ?? 'DE',
        countryName: s.country?.[1] ?? 'Germany',
        lat: 48.85,
        long: 2.35,
        altitude: null,
        views: s.views,
        visibility: s.visibility ?? 'PUBLIC',
        presentedBy: 'Pat Presenter',
        organizationId: s.org ?? null,
        ownerUserId: s.owner ?? null,
        type: 'OTHER',
        imageKey: `key-${s.id}`,
        imageWidth: 1200,
        imageHeight: 800,
        tags: JSON.stringify(s.tags),
        ...stamps(s.day ?? 0),
      })),
    )
    .execute();
  await db
    .insertInto('space_tags')
    .values(SPACES.flatMap((s) => s.tags.map((t) => ({ spaceId: s.id, tagId: `tag-${t}` }))))
    .execute();
  await db
    .insertInto('space_cameras')
    .values(SPACES.flatMap((s) => s.cameras.map((code) => ({ spaceId: s.id, code, ...(CAMERA[code] as { manufacturer: string; kind: string }) }))))
    .execute();
  await db
    .insertInto('space_slugs')
    .values([{ slug: 'old-loft-slug', spaceId: W.space.loft, createdAt: T0 }])
    .execute();

  const coll = (id: string, sid: string, name: string, extra: Partial<Insertable<Database['collections']>> = {}): Insertable<Database['collections']> => ({
    id,
    sid,
    name,
    description: `${name} description`,
    type: 'SPACE',
    isActive: 1,
    isFavorite: 0,
    isUgc: 1,
    isAdmin: 0,
    priority: 0,
    metaTitle: null,
    metaDescription: null,
    ownerUserId: null,
    visibility: 'PUBLIC',
    ...stamps(),
    ...extra,
  });
  await db
    .insertInto('collections')
    .values([
      coll(W.coll.featured, 'featsid001', 'Featured One', { isAdmin: 1, isUgc: 0, priority: 10, ...stamps(5) }),
      coll(W.coll.featured2, 'featsid002', 'Featured Two', { isAdmin: 1, isUgc: 0, priority: 5, ...stamps(6) }),
      coll(W.coll.ofCollections, 'ofcollsid1', 'Editors Picks', { type: 'COLLECTION', isAdmin: 1, isUgc: 0, priority: 20, ...stamps(7) }),
      coll(W.coll.aliceFav, 'alicefav01', 'Favorites', { isFavorite: 1, ownerUserId: W.user.alice, visibility: 'PRIVATE', ...stamps(8) }),
      coll(W.coll.alicePublic, 'alicepub01', 'Alice Lofts', { ownerUserId: W.user.alice, ...stamps(9) }),
      coll(W.coll.alicePrivate, 'alicepriv1', 'Alice Secret', { ownerUserId: W.user.alice, visibility: 'PRIVATE', ...stamps(10) }),
      coll(W.coll.inactive, 'inactive01', 'Inactive One', { isAdmin: 1, isActive: 0, priority: 50, ...stamps(11) }),
      coll(W.coll.moderated, 'moderated1', 'Moderated One', { ...stamps(12) }),
      coll(W.coll.empty, 'emptysid01', 'Empty One', { ownerUserId: W.user.bob, ...stamps(13) }),
      coll(W.coll.carols, 'carolsid01', 'Carol Picks', { ownerUserId: W.user.carol, ...stamps(14) }),
    ])
    .execute();
  const child = (collectionId: string, childType: string, childId: string, position: number) => ({
    collectionId,
    childType,
    childId,
    position,
    addedAt: at(20 + position),
  });
  await db
    .insertInto('collection_children')
    .values([
      child(W.coll.featured, 'SPACE', W.space.loft, 0),
      child(W.coll.featured, 'SPACE', W.space.castle, 1),
      child(W.coll.featured, 'SPACE', W.space.museum, 2),
      child(W.coll.featured, 'SPACE', W.space.office, 3),
      child(W.coll.featured, 'SPACE', W.space.villa, 4),
      child(W.coll.featured, 'SPACE', W.space.moma, 5),
      child(W.coll.featured2, 'SPACE', W.space.cafe, 0),
      child(W.coll.ofCollections, 'COLLECTION', W.coll.featured2, 0),
      child(W.coll.ofCollections, 'COLLECTION', W.coll.featured, 1),
      child(W.coll.ofCollections, 'COLLECTION', W.coll.alicePrivate, 2),
      child(W.coll.ofCollections, 'COLLECTION', W.coll.alicePublic, 3),
      child(W.coll.aliceFav, 'SPACE', W.space.cafe, 0),
      child(W.coll.aliceFav, 'SPACE', W.space.villa, 1),
      child(W.coll.alicePublic, 'SPACE', W.space.loft, 0),
      child(W.coll.alicePublic, 'SPACE', W.space.moma, 1),
      child(W.coll.alicePrivate, 'SPACE', W.space.loft, 0),
      child(W.coll.inactive, 'SPACE', W.space.loft, 0),
      child(W.coll.moderated, 'SPACE', W.space.museum, 0),
      child(W.coll.carols, 'SPACE', W.space.loft, 0),
    ])
    .execute();

  await db
    .insertInto('featured_tags')
    .values([
      { id: W.ft.museums, name: 'Museums', isActive: 1, priority: 10, tags: JSON.stringify(['museum']), ...stamps() },
      { id: W.ft.modern, name: 'Modern Living', isActive: 1, priority: 5, tags: JSON.stringify(['modern', 'loft']), ...stamps() },
      { id: W.ft.inactive, name: 'Cafés', isActive: 0, priority: 8, tags: JSON.stringify(['cafe']), ...stamps() },
      { id: W.ft.empty, name: 'Nothing Here', isActive: 1, priority: 1, tags: JSON.stringify(['no-such-tag']), ...stamps() },
    ])
    .execute();

  const slide = (id: string, type: string, itemId: string | null, priority: number, extra: Partial<Insertable<Database['carousel_items']>> = {}) => ({
    id,
    description: `Slide ${id}`,
    isActive: 1,
    priority,
    type,
    itemId,
    url: null,
    ...stamps(),
    ...extra,
  });
  await db
    .insertInto('carousel_items')
    .values([
      slide('fci-space', 'SPACE', W.space.loft, 10),
      slide('fci-collection', 'COLLECTION', W.coll.featured, 9),
      slide('fci-url', 'URL', null, 8, { url: '/discover/search?q=Museums', description: 'Search museums' }),
      slide('fci-missing', 'SPACE', 'no-such-space', 7),
      slide('fci-null', 'SPACE', null, 6),
      slide('fci-private', 'SPACE', W.space.office, 5),
      slide('fci-moderated', 'SPACE', W.space.castle, 4),
      slide('fci-bad-url', 'URL', null, 3, { url: 'javascript:alert(1)' }),
      slide('fci-inactive', 'SPACE', W.space.museum, 2, { isActive: 0 }),
    ])
    .execute();

  const banner = (id: string, position: number, extra: Partial<Insertable<Database['banners']>> = {}) => ({
    id,
    text: `Banner ${id}`,
    color: 'FFBB00',
    hyperlink: null,
    expirationDate: null,
    isActive: 1,
    isHideable: 1,
    position,
    ...stamps(),
    ...extra,
  });
  await db
    .insertInto('banners')
    .values([
      banner('banner-second', 1),
      banner('banner-first', 0, { expirationDate: '2999-01-01T00:00:00.000Z', hyperlink: 'https://example.com' }),
      banner('banner-expired', -1, { expirationDate: '2000-01-01T00:00:00.000Z' }),
      banner('banner-inactive', -2, { isActive: 0 }),
    ])
    .execute();

  await db
    .insertInto('moderation_records')
    .values([
      { id: 'mod-castle', creatorUserId: W.user.admin, itemId: W.space.castle, itemType: 'SPACE', reason: 'Reported', ...stamps() },
      { id: 'mod-coll', creatorUserId: W.user.admin, itemId: W.coll.moderated, itemType: 'COLLECTION', reason: 'Spam', ...stamps() },
      { id: 'mod-acc', creatorUserId: W.user.admin, itemId: W.acc.moderated, itemType: 'ACCOUNT', reason: 'Fake', ...stamps() },
    ])
    .execute();

  await db
    .insertInto('follows')
    .values([
      { userId: W.user.alice, accountId: W.acc.orgA, createdAt: at(1) },
      { userId: W.user.alice, accountId: W.acc.orgB, createdAt: at(2) },
      { userId: W.user.alice, accountId: W.acc.disabled, createdAt: at(3) },
      { userId: W.user.bob, accountId: W.acc.orgA, createdAt: at(4) },
    ])
    .execute();
}

/** Sets a row of the settings table. */
export async function setSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updatedAt: T0 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** A test app over the fixture world, as a guest or as one of SESSIONS. */
export async function fixtureApp(as: keyof typeof SESSIONS | null = null) {
  const t = await createTestApp({ session: () => Promise.resolve(as ? SESSIONS[as] : null) });
  await seedFixtures(t.db.kysely);
  const get = async (path: string) => t.app.request(path);
  const post = async (path: string, body: unknown) =>
    t.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { ...t, get, post };
}

/** Reads a JSON answer and checks its status, showing the body when it differs. */
export async function json<T = unknown>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`Expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}
