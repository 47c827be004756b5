import { seedCaptureWorld } from './capture-world.ts';
import { seedPros } from './pros.ts';
import { seedViewHistory } from './view-history.ts';
import type { Insertable } from 'kysely';
import type { Db } from '../../src/server/db/db.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { CAMERA_MODELS, type CameraModel } from '../../src/domain/cameras.ts';
import { slugify } from '../../src/domain/urls.ts';
import { EMPTY_PROFILE } from '../../src/server/modules/profiles/empty-profile.ts';
import { favoritesRow } from '../../src/server/modules/collections/favorites-row.ts';
import { SPACE_IMAGE_SIZE, writePendingPlan, type DemoMediaPlan } from './media.ts';
import { seedMarketplace, seedMarketplaceIfEmpty } from './marketplace.ts';
import { seedTours, seedToursIfMissing, type TourSpace } from './tours.ts';
import { addressFor, streetPool, type DemoAddress } from './addresses.ts';
import { createRng, type Rng } from './prng.ts';
import { COASTAL_CITIES, MOUNTAIN_CITIES, SPACE_VARIANTS, type SpaceVariant } from './space-variants.ts';
import { fillTemplate, niceNumber } from './template.ts';
import {
  BANNER_TEXTS,
  CAROUSEL_TEXTS,
  CITIES,
  COLLECTION_THEMES,
  DOMAIN_HINTS,
  FEATURED_TAG_GROUPS,
  FIRST_NAMES,
  ORGANIZATION_TEMPLATES,
  SPACE_KINDS,
  STYLES,
  SUBJECTS,
  SURNAMES,
  TAGS,
  ADJECTIVES,
  type City,
  type SpaceKind,
} from './world-data.ts';

/** The demo sign-ins printed at start; the password of all of them is `discover-demo`. */
export const DEMO_SIGN_INS = [
  { email: 'admin@example.com', role: 'administrator', firstName: 'Ada', lastName: 'Admin', isPrivileged: 1, isStaff: 0 },
  { email: 'staff@example.com', role: 'staff', firstName: 'Sam', lastName: 'Staff', isPrivileged: 0, isStaff: 1 },
  { email: 'owner@example.com', role: 'owns spaces, organization owner', firstName: 'Olivia', lastName: 'Owner', isPrivileged: 0, isStaff: 0 },
  { email: 'visitor@example.com', role: 'owns no space', firstName: 'Victor', lastName: 'Visitor', isPrivileged: 0, isStaff: 0 },
  {
    email: 'billing@example.com',
    role: "billing contact of owner's organization",
    firstName: 'Bianca',
    lastName: 'Billing',
    isPrivileged: 0,
    isStaff: 0,
    orgRole: 'BILLING',
  },
  {
    email: 'member@example.com',
    role: "member of owner's organization",
    firstName: 'Milo',
    lastName: 'Member',
    isPrivileged: 0,
    isStaff: 0,
    orgRole: 'MEMBER',
  },
] as const;
/** Password of every demo user. */
export const DEMO_PASSWORD = 'discover-demo';

const IMAGE_W = SPACE_IMAGE_SIZE.width;
const IMAGE_H = SPACE_IMAGE_SIZE.height;
/** Fixed clock so the same seed gives the same world. */
const EPOCH = Date.parse('2026-11-01T12:00:00Z');
const DAY = 86_400_000;

/** How big a world to make and where its images go. */
export interface SeedOptions {
  spaces: number;
  seed: number;
  /**
   * The media folder the world's pictures belong in. The seed only inserts rows; it records the
   * pictures to make in `pendingPlanFile(mediaDir)` (before the rows, so an interrupted start
   * finishes them next time), and `renderPendingMedia` (./media.ts) makes them.
   */
  mediaDir: string;
  log?: (line: string) => void;
  /** Creates a demo user's sign-in credential; the auth module provides it. Without it users get no password. */
  createCredential?: (user: { id: string; email: string; password: string }) => Promise<void>;
}

/** Seeds the demo world when the database has no spaces; returns the pictures it needs, or null when it did not seed. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<DemoMediaPlan | null> {
  const row = await db.kysely
    .selectFrom('spaces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) {
    const added = await seedMarketplaceIfEmpty(db.kysely, { mediaDir: opts.mediaDir, seed: opts.seed, now: EPOCH });
    if (added) opts.log?.('Added the demo marketplace to this demo world.');
    if (await seedToursIfMissing(db.kysely, { mediaDir: opts.mediaDir, now: EPOCH, log: opts.log })) opts.log?.('Added tours to this demo world.');
    await seedCaptureWorld(db.kysely, { now: new Date(), createCredential: opts.createCredential, password: DEMO_PASSWORD, log: opts.log });
    return null;
  }
  return seedWorld(db, opts);
}

const HEX = '0123456789abcdef';
const iso = (t: number) => new Date(t).toISOString();

/**
 * Generates and inserts the whole demo world; returns the pictures it refers to (also recorded as
 * pending in the media folder). Deterministic for a given seed and size.
 */
export async function seedWorld(db: Db, opts: SeedOptions): Promise<DemoMediaPlan> {
  const log = opts.log ?? (() => undefined);
  const started = Date.now();
  const rng = createRng(opts.seed);
  const k = db.kysely;
  const id = () => rng.id(24, HEX);
  const past = (maxDays: number) => EPOCH - rng.int(0, maxDays) * DAY - rng.int(0, DAY);

  // Images: a pool per picture motif, shared by spaces (a world of 100,000 spaces must seed in minutes).
  const plan: DemoMediaPlan = { spaces: [], covers: [], avatars: [] };
  const images = imagePool(plan, opts.seed, Math.max(2, Math.min(8, Math.ceil(opts.spaces / 150))) * SPACE_KINDS.length);

  const tagIds = new Map<string, string>();
  const tagRows: Insertable<Database['tags']>[] = TAGS.map((name) => {
    const tid = id();
    tagIds.set(name, tid);
    const t = iso(EPOCH - 900 * DAY);
    return { id: tid, name, slug: slugify(name), createdAt: t, updatedAt: t };
  });

  // Organizations, with avatars.
  const accounts: Insertable<Database['accounts']>[] = [];
  const orgsByType = new Map<string, string[]>();
  const orgCount = Math.max(160, Math.min(2000, Math.round(opts.spaces / 12)));
  const weighted = <T extends { weight: number }>(list: readonly T[]) => {
    const total = list.reduce((s, x) => s + x.weight, 0);
    return () => {
      let r = rng.next() * total;
      for (const x of list) if ((r -= x.weight) < 0) return x;
      return list[list.length - 1] as T;
    };
  };
  const pickOrgTemplate = weighted(ORGANIZATION_TEMPLATES);
  const names = new Set<string>();
  for (let i = 0; i < orgCount; i++) {
    const tpl = pickOrgTemplate();
    const city = rng.pick(CITIES);
    let name = '';
    for (let tries = 0; tries < 20 && (!name || names.has(name)); tries++) name = fillTemplate(rng.pick(tpl.nameTemplates), vocab(rng, city));
    if (names.has(name)) name = `${name} ${i}`;
    names.add(name);
    const aid = id();
    const t = past(1200);
    const domainSlug = slugify(name)
      .split('-')
      .filter((w) => !DOMAIN_HINTS.stopWords.includes(w))
      .join('');
    const tld = rng.chance(0.35) ? (DOMAIN_HINTS.countryTlds[city.countryCode] ?? 'com') : rng.pick(DOMAIN_HINTS.genericTlds);
    accounts.push({
      id: aid,
      sid: rng.id(10),
      name,
      status: 'ACTIVE',
      isPersonal: 0,
      flags: '[]',
      description: fillTemplate(rng.pick(tpl.descriptionTemplates), { ...vocab(rng, city), n: rng.int(3, 40), year: rng.int(1952, 2023) }),
      url: `https://www.${domainSlug || 'studio'}.${tld}`,
      locationDescription: `${city.city}, ${city.countryName}`,
      photoId: null,
      coverId: null,
      facebook: rng.chance(0.7) ? `https://facebook.com/${domainSlug}` : null,
      instagram: rng.chance(0.8) ? `https://instagram.com/${domainSlug}` : null,
      linkedin: rng.chance(0.6) ? `https://linkedin.com/company/${domainSlug}` : null,
      twitter: rng.chance(0.5) ? `https://x.com/${domainSlug}` : null,
      visibility: 'PUBLIC',
      createdAt: iso(t),
      updatedAt: iso(t),
    });
    for (const st of tpl.spaceTypes) orgsByType.set(st, [...(orgsByType.get(st) ?? []), aid]);
  }

  // People: the demo users plus creators who publish collections. Each has a personal account.
  const users: Insertable<Database['users']>[] = [];
  const personUser = (email: string, firstName: string, lastName: string, extra: Partial<Insertable<Database['users']>> = {}) => {
    const uid = id();
    const acc = id();
    const t = past(700);
    const sid = rng.id(10);
    accounts.push({
      id: acc,
      sid: rng.id(10),
      name: `${firstName} ${lastName}`,
      status: 'ACTIVE',
      isPersonal: 1,
      flags: '[]',
      ...EMPTY_PROFILE,
      createdAt: iso(t),
      updatedAt: iso(t),
    });
    const city = rng.pick(CITIES);
    users.push({
      id: uid,
      sid,
      email,
      firstName,
      lastName,
      username: slugify(`${firstName}-${lastName}-${sid.slice(0, 4)}`),
      accountId: acc,
      isPrivileged: 0,
      isStaff: 0,
      flags: '[]',
      status: 'ACTIVE',
      preparedAt: iso(t),
      description: `${rng.pick(['Architecture lover', 'Travel photographer', '3D capture enthusiast', 'Interior designer', 'Museum nerd', 'Real estate agent'])} based in ${city.city}. Collecting the spaces I would love to visit.`,
      url: null,
      locationDescription: `${city.city}, ${city.countryName}`,
      photoId: null,
      coverId: null,
      facebook: null,
      instagram: rng.chance(0.5) ? `https://instagram.com/${slugify(firstName + lastName)}` : null,
      linkedin: null,
      twitter: rng.chance(0.3) ? `https://x.com/${slugify(firstName + lastName)}` : null,
      visibility: 'PUBLIC',
      createdAt: iso(t),
      updatedAt: iso(t),
      ...extra,
    });
    return uid;
  };
  const demo: Record<string, string> = {};
  for (const d of DEMO_SIGN_INS) {
    if ('orgRole' in d) continue; // made last, see below
    demo[d.email] = personUser(d.email, d.firstName, d.lastName, {
      isPrivileged: d.isPrivileged,
      isStaff: d.isStaff,
      // Who has which flag in the demo world: README "Feature flags".
      flags: JSON.stringify(
        d.isPrivileged
          ? [
              'discover/search',
              'discover/admin_toggle_views',
              'discover/space_visibility_badge',
              'discover/pro3',
              'discover/space_geocoding',
              'discover/collection_list_view',
              'discover/collection_map_view',
              'discover/zaya',
            ]
          : d.isStaff
            ? ['discover/search', 'discover/admin_toggle_views', 'discover/space_visibility_badge', 'discover/pro3']
            : d.email === 'owner@example.com'
              ? ['discover/search', 'discover/space_visibility_badge', 'discover/space_geocoding', 'discover/collection_map_view', 'discover/zaya']
              : ['discover/search'],
      ),
    });
  }
  const creators: string[] = [];
  for (let i = 0; i < 40; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(SURNAMES);
    creators.push(personUser(`${slugify(first)}.${slugify(last)}.${i}@example.net`, first, last, { flags: '["discover/search"]' }));
  }

  // The owner runs one organization: owner and billing contact.
  const ownerUser = demo['owner@example.com'] as string;
  const ownerOrg = accounts[0] as Insertable<Database['accounts']>;
  const memberships: Insertable<Database['memberships']>[] = [
    {
      userId: ownerUser,
      accountId: ownerOrg.id,
      role: 'OWNER',
      flags: '["discover/collection_list_view"]',
      createdAt: iso(EPOCH - 400 * DAY),
      updatedAt: iso(EPOCH - 400 * DAY),
    },
    {
      userId: demo['staff@example.com'] as string,
      accountId: (accounts[1] as { id: string }).id,
      role: 'MEMBER',
      flags: '[]',
      createdAt: iso(EPOCH - 300 * DAY),
      updatedAt: iso(EPOCH - 300 * DAY),
    },
  ];
  for (const u of users) memberships.push({ userId: u.id, accountId: u.accountId, role: 'OWNER', flags: '[]', createdAt: u.createdAt, updatedAt: u.createdAt });

  // Spaces.
  const pickKind = weighted(SPACE_KINDS);
  const spaces: Insertable<Database['spaces']>[] = [];
  const spaceTags: Insertable<Database['space_tags']>[] = [];
  const spaceCameras: Insertable<Database['space_cameras']>[] = [];
  const tagToSpaces = new Map<string, string[]>();
  const cameraWeights: [CameraModel, number][] = CAMERA_MODELS.map((m) => [m, m.manufacturer === 'MATTERPORT' ? 9 : m.manufacturer === 'APPLE' ? 5 : 2]);
  const pickCamera = weighted(cameraWeights.map(([m, weight]) => ({ m, weight })));
  const total = opts.spaces + Math.ceil(opts.spaces * 0.03) * 2;
  const slugs = new Set<string>();
  const modelIds = new Set<string>();
  const allOrgs = accounts.filter((a) => !a.isPersonal).map((a) => a.id);
  const spaceNames = new Set<string>();
  const tourSpaces: TourSpace[] = [];
  for (let i = 0; i < total; i++) {
    const kind = pickKind();
    const variant = pickVariant(rng, kind);
    const city = rng.pick(citiesFor(variant));
    const address = addressFor(rng, city);
    const v = { ...vocab(rng, city, address.street), ...numbersFor(rng, { ...kind.numbers, ...variant?.numbers }) };
    const name = uniqueName(fillTemplate(rng.pick(variant?.nameTemplates ?? kind.nameTemplates), v), city, address, spaceNames);
    let modelId = rng.id(11);
    while (modelIds.has(modelId)) modelId = rng.id(11);
    modelIds.add(modelId);
    let slug = slugify(name) || 'space';
    if (slugs.has(slug)) slug = `${slug}-${modelId.slice(0, 5).toLowerCase()}`;
    slugs.add(slug);
    const sid = id();
    const visibility = i < opts.spaces ? 'PUBLIC' : i % 2 === 0 ? 'UNLISTED' : 'PRIVATE';
    const orgPool = orgsByType.get(kind.type) ?? allOrgs;
    const ownerOwned = i % Math.max(1, Math.floor(total / 14)) === 3;
    const organizationId = ownerOwned ? ownerOrg.id : rng.pick(orgPool);
    const org = accounts.find((a) => a.id === organizationId);
    const paragraphs = describe(rng, kind, variant).map((p) => fillTemplate(p, v));
    const summary = fillTemplate(rng.pick(variant?.summaryTemplates ?? kind.summaryTemplates), v);
    const tags = tagsFor(rng, kind, variant, [name, summary, ...paragraphs].join(' ')).filter((t) => tagIds.has(t));
    const t = past(1000);
    const motif = motifOf(kind, variant);
    spaces.push({
      id: sid,
      modelId,
      name,
      slug,
      summary,
      description: paragraphs.join('\n\n'),
      address: address.line,
      city: city.city,
      region: city.region,
      countryCode: city.countryCode,
      countryName: city.countryName,
      lat: round4(city.lat + (rng.next() - 0.5) * 0.08),
      long: round4(city.long + (rng.next() - 0.5) * 0.08),
      altitude: rng.chance(0.3) ? rng.int(0, 400) : null,
      views: Math.floor(Math.exp(rng.next() * 11)),
      visibility,
      presentedBy: rng.chance(0.6) ? `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}` : null,
      organizationId,
      ownerUserId: ownerOwned ? ownerUser : null,
      type: kind.type,
      imageKey: motif, // the picture itself is dealt below, once every space has its views
      imageWidth: IMAGE_W,
      imageHeight: IMAGE_H,
      tags: JSON.stringify(tags),
      createdAt: iso(t),
      updatedAt: iso(t + rng.int(0, 30) * DAY),
    });
    void org;
    tourSpaces.push({ spaceId: sid, kind: kind.type, variant: variant?.id ?? null, seed: modelId, description: paragraphs.join('\n\n') });
    for (const tag of tags) {
      spaceTags.push({ spaceId: sid, tagId: tagIds.get(tag) as string });
      if (visibility === 'PUBLIC') tagToSpaces.set(tag, [...(tagToSpaces.get(tag) ?? []), sid]);
    }
    const cams = new Map<string, CameraModel>();
    const first = pickCamera().m;
    cams.set(first.code, first);
    if (rng.chance(0.15)) {
      const second = pickCamera().m;
      cams.set(second.code, second);
    }
    for (const c of cams.values()) spaceCameras.push({ spaceId: sid, code: c.code, manufacturer: c.manufacturer, kind: c.kind });
  }
  dealPictures(spaces, images);
  const publicSpaces = spaces.filter((s) => s.visibility === 'PUBLIC');

  // Collections: featured (admin) themes, creators' own, and two collections of collections.
  const collections: Insertable<Database['collections']>[] = [];
  const children: Insertable<Database['collection_children']>[] = [];
  const themed = COLLECTION_THEMES.slice(0, Math.max(44, Math.min(COLLECTION_THEMES.length, 60)));
  themed.forEach((theme, i) => {
    const pool = [...new Set(theme.tags.flatMap((t) => tagToSpaces.get(t) ?? []))];
    const picked = rng.pickMany(pool.length >= 6 ? pool : publicSpaces.map((s) => s.id), rng.int(6, 18));
    const isAdmin = i < 16 ? 1 : 0;
    const owner = isAdmin ? null : rng.pick(creators);
    const cid = id();
    const t = past(500);
    collections.push({
      id: cid,
      sid: rng.id(10),
      name: theme.name,
      description: theme.description,
      type: 'SPACE',
      isActive: 1,
      isFavorite: 0,
      isUgc: isAdmin ? 0 : 1,
      isAdmin,
      priority: isAdmin ? 100 - i : 0,
      metaTitle: `${theme.name} in 3D | Discover`,
      metaDescription: theme.description.slice(0, 160),
      ownerUserId: owner,
      visibility: 'PUBLIC',
      createdAt: iso(t),
      updatedAt: iso(t),
    });
    picked.forEach((sid, pos) => children.push({ collectionId: cid, childType: 'SPACE', childId: sid, position: pos, addedAt: iso(t + pos * 3_600_000) }));
  });
  for (const [i, name] of ['Editors’ Picks', 'Around the World'].entries()) {
    const cid = id();
    const t = past(200);
    collections.push({
      id: cid,
      sid: rng.id(10),
      name,
      description: i === 0 ? 'The collections our editors keep coming back to.' : 'A tour of collections from every continent.',
      type: 'COLLECTION',
      isActive: 1,
      isFavorite: 0,
      isUgc: 0,
      isAdmin: 1,
      priority: 120 - i,
      metaTitle: null,
      metaDescription: null,
      ownerUserId: null,
      visibility: 'PUBLIC',
      createdAt: iso(t),
      updatedAt: iso(t),
    });
    const subs = rng.pickMany(
      collections.filter((c) => c.type === 'SPACE' && c.isAdmin),
      6,
    );
    subs.forEach((s, pos) => children.push({ collectionId: cid, childType: 'COLLECTION', childId: s.id, position: pos, addedAt: iso(t) }));
  }
  // Favorites and a personal collection for the owner; the visitor starts empty.
  for (const uid of [ownerUser, demo['admin@example.com'] as string]) {
    const t = past(100);
    const fav = id();
    collections.push(favoritesRow({ id: fav, sid: rng.id(10) }, uid, iso(t)));
    rng.pickMany(publicSpaces, 4).forEach((s, pos) => children.push({ collectionId: fav, childType: 'SPACE', childId: s.id, position: pos, addedAt: iso(t) }));
  }
  {
    const t = past(60);
    const cid = id();
    collections.push({
      id: cid,
      sid: rng.id(10),
      name: 'Spaces to visit',
      description: 'My shortlist for the next trip.',
      type: 'SPACE',
      isActive: 1,
      isFavorite: 0,
      isUgc: 1,
      isAdmin: 0,
      priority: 0,
      metaTitle: null,
      metaDescription: null,
      ownerUserId: ownerUser,
      visibility: 'PUBLIC',
      createdAt: iso(t),
      updatedAt: iso(t),
    });
    rng.pickMany(publicSpaces, 5).forEach((s, pos) => children.push({ collectionId: cid, childType: 'SPACE', childId: s.id, position: pos, addedAt: iso(t) }));
  }

  const featuredTags: Insertable<Database['featured_tags']>[] = FEATURED_TAG_GROUPS.map((g, i) => ({
    id: id(),
    name: g.name,
    isActive: i < 11 ? 1 : 0,
    priority: 100 - i,
    tags: JSON.stringify(g.tags.filter((t) => tagIds.has(t))),
    createdAt: iso(EPOCH - 200 * DAY),
    updatedAt: iso(EPOCH - 200 * DAY),
  }));

  const topSpaces = [...publicSpaces].sort((a, b) => (b.views ?? 0) - (a.views ?? 0));
  // Slides: five of the most viewed spaces, each of another picture motif (a varied first screen),
  // two featured collections and a search. Each slide's text describes its own item.
  const slideSpaces: Insertable<Database['spaces']>[] = [];
  const slideMotifs = new Set<string>();
  for (const s of topSpaces) {
    const motif = s.imageKey?.replace(/-\d+-\d+$/, '') ?? '';
    if (slideSpaces.length === 5 || slideMotifs.has(motif)) continue;
    slideSpaces.push(s);
    slideMotifs.add(motif);
  }
  const carousel: Insertable<Database['carousel_items']>[] = [];
  for (let i = 0; i < 8; i++) {
    const type = i === 5 || i === 6 ? 'COLLECTION' : i === 7 ? 'URL' : 'SPACE';
    const space = type === 'SPACE' ? (slideSpaces[i] ?? topSpaces[i]) : null;
    const collection = type === 'COLLECTION' ? (collections[i - 5] as Insertable<Database['collections']>) : null;
    const itemId = space?.id ?? collection?.id ?? null;
    carousel.push({
      id: id(),
      description: space?.summary ?? collection?.description ?? CAROUSEL_TEXTS[1] ?? null,
      isActive: 1,
      priority: 100 - i,
      type,
      itemId,
      url: type === 'URL' ? '/discover/search?q=Museums' : null,
      createdAt: iso(EPOCH - 30 * DAY),
      updatedAt: iso(EPOCH - 30 * DAY),
    });
  }
  const banners: Insertable<Database['banners']>[] = [
    {
      id: id(),
      text: BANNER_TEXTS[0] as string,
      color: 'FFBB00',
      hyperlink: '/discover/collection/' + (collections[0] as { sid: string }).sid,
      expirationDate: null,
      isActive: 1,
      isHideable: 1,
      position: 0,
      createdAt: iso(EPOCH - 10 * DAY),
      updatedAt: iso(EPOCH - 10 * DAY),
    },
    {
      id: id(),
      text: BANNER_TEXTS[2] as string,
      color: '1F3A8A',
      hyperlink: null,
      expirationDate: null,
      isActive: 1,
      isHideable: 0,
      position: 1,
      createdAt: iso(EPOCH - 5 * DAY),
      updatedAt: iso(EPOCH - 5 * DAY),
    },
  ];

  const moderation: Insertable<Database['moderation_records']>[] = publicSpaces.slice(-2).map((s) => ({
    id: id(),
    creatorUserId: demo['admin@example.com'] as string,
    itemId: s.id,
    itemType: 'SPACE',
    reason: 'Reported: misleading listing',
    createdAt: iso(EPOCH - 3 * DAY),
    updatedAt: iso(EPOCH - 3 * DAY),
  }));
  const follows: Insertable<Database['follows']>[] = rng
    .pickMany(allOrgs, 5)
    .map((a) => ({ userId: ownerUser, accountId: a, createdAt: iso(EPOCH - 20 * DAY) }));
  for (const c of creators.slice(0, 20)) follows.push({ userId: c, accountId: ownerOrg.id, createdAt: iso(past(300)) });

  // Avatars and covers for organizations and creators.
  const attachments = profileImages(plan, accounts, users, rng);
  writePendingPlan(opts.mediaDir, plan);

  // The owner's organization also has a Billing Contact and a plain Member (capture-services invoices:
  // Owners and Billing Contacts see them, a Member gets 403). Made last, from their own random
  // stream, so the rest of the world stays what this seed always gave.
  const teamRng = createRng(opts.seed + 1);
  for (const d of DEMO_SIGN_INS) {
    if (!('orgRole' in d)) continue;
    const uid = teamRng.id(24, HEX);
    const acc = teamRng.id(24, HEX);
    const at = iso(EPOCH - 200 * DAY);
    accounts.push({
      id: acc,
      sid: teamRng.id(10),
      name: `${d.firstName} ${d.lastName}`,
      status: 'ACTIVE',
      isPersonal: 1,
      flags: '[]',
      ...EMPTY_PROFILE,
      createdAt: at,
      updatedAt: at,
    });
    users.push({
      id: uid,
      sid: teamRng.id(10),
      email: d.email,
      firstName: d.firstName,
      lastName: d.lastName,
      username: slugify(`${d.firstName}-${d.lastName}`),
      accountId: acc,
      isPrivileged: 0,
      isStaff: 0,
      flags: '["discover/search"]',
      status: 'ACTIVE',
      preparedAt: at,
      ...EMPTY_PROFILE,
      createdAt: at,
      updatedAt: at,
    });
    memberships.push(
      { userId: uid, accountId: acc, role: 'OWNER', flags: '[]', createdAt: at, updatedAt: at },
      { userId: uid, accountId: ownerOrg.id, role: d.orgRole, flags: '[]', createdAt: at, updatedAt: at },
    );
    demo[d.email] = uid;
  }

  await k.transaction().execute(async (tx) => {
    const put = async <T extends keyof Database>(table: T, rows: Insertable<Database[T]>[], chunk = 400) => {
      for (let i = 0; i < rows.length; i += chunk) {
        await tx
          .insertInto(table)
          .values(rows.slice(i, i + chunk))
          .execute();
      }
    };
    await put('tags', tagRows);
    await put('accounts', accounts);
    await put('users', users);
    await put('memberships', memberships);
    await put('spaces', spaces, 300);
    await put('space_tags', spaceTags);
    await put('space_cameras', spaceCameras);
    await put('collections', collections);
    await put('collection_children', children);
    await put('featured_tags', featuredTags);
    await put('carousel_items', carousel);
    await put('banners', banners);
    await put('moderation_records', moderation);
    await put('follows', follows);
    await put('attachments', attachments);
  });

  await seedMarketplace(k, plan, { mediaDir: opts.mediaDir, seed: opts.seed, now: EPOCH });
  await seedPros(k, plan, { mediaDir: opts.mediaDir, seed: opts.seed, now: EPOCH });
  await seedTours(k, plan, tourSpaces, { mediaDir: opts.mediaDir, now: EPOCH, log });
  // The spaces the demo owner manages (theirs and their organization's) get a year of daily views, ending today, for the insight chart.
  await seedViewHistory(
    k,
    spaces.filter((s) => s.ownerUserId === ownerUser || s.organizationId === ownerOrg.id).map((s) => ({ id: s.id, views: Number(s.views) })),
    { seed: opts.seed, today: new Date() },
  );
  if (opts.createCredential) {
    for (const d of DEMO_SIGN_INS) await opts.createCredential({ id: demo[d.email] as string, email: d.email, password: DEMO_PASSWORD });
  }
  // The capture service's technician and orders around today (issue 24).
  await seedCaptureWorld(k, { now: new Date(), createCredential: opts.createCredential, password: DEMO_PASSWORD, log });
  log(
    `Seeded ${spaces.length} spaces (${publicSpaces.length} public), ${accounts.length} accounts, ${users.length} users, ${collections.length} collections in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return plan;
}

function round4(n: number) {
  return Math.round(n * 10_000) / 10_000;
}

/** Words for one space's or account's texts: picked once so name, summary and description agree; names vary per use. */
function vocab(rng: Rng, city: City, street?: string) {
  return {
    adj: rng.pick(ADJECTIVES),
    style: rng.pick(STYLES),
    street: street ?? rng.pick(streetPool(city).streets),
    city: city.city,
    subject: rng.pick(SUBJECTS),
    n: rng.int(2, 180),
    surname: () => rng.pick(SURNAMES),
    first: () => rng.pick(FIRST_NAMES),
    country: city.countryName,
    region: city.region || city.countryName,
  };
}

function numbersFor(rng: Rng, ranges: SpaceKind['numbers']) {
  const out: Record<string, number> = {};
  for (const [key, [lo, hi]] of Object.entries(ranges)) out[key] = hi >= 1000 && key !== 'year' ? niceNumber(rng.int(lo, hi)) : rng.int(lo, hi); // years stay exact (not "a 1900 lighthouse" every time)
  return out;
}

/** The picture motif of a space: its variant's, else its kind's. */
function motifOf(kind: SpaceKind, variant: SpaceVariant | null): string {
  return variant?.motif ?? kind.type;
}

/** Each motif's share of the spaces of a world. */
function motifShares(): Map<string, number> {
  const shares = new Map<string, number>();
  const total = SPACE_KINDS.reduce((n, k) => n + k.weight, 0);
  for (const kind of SPACE_KINDS) {
    const variants = SPACE_VARIANTS[kind.type]?.variants ?? [];
    const vTotal = variants.reduce((n, v) => n + v.weight, 0);
    if (!variants.length) shares.set(kind.type, kind.weight / total);
    for (const v of variants) {
      const m = motifOf(kind, v);
      shares.set(m, (shares.get(m) ?? 0) + (kind.weight / total) * (v.weight / vTotal));
    }
  }
  return shares;
}

/**
 * Plans about `budget` illustrations (every width and format), shared out among the picture motifs
 * by how many spaces show each (a square root, so homes get many and yachts still a few); returns
 * keys per motif. The budget, not the world's size, sets the time the first start spends drawing.
 */
function imagePool(plan: DemoMediaPlan, seed: number, budget: number) {
  const shares = motifShares();
  // A low power keeps small pools from being tiny: a page of lighthouses needs several pictures too.
  const weightOf = (share: number) => share ** 0.25;
  const sum = [...shares.values()].reduce((n, x) => n + weightOf(x), 0);
  const pool = new Map<string, string[]>();
  for (const [motif, share] of shares) {
    const keys: string[] = [];
    const count = Math.max(3, Math.round((budget * weightOf(share)) / sum));
    for (let i = 0; i < count; i++) {
      const key = `${motif.toLowerCase()}-${seed}-${i}`;
      keys.push(key);
      plan.spaces.push({ key, kind: motif });
    }
    pool.set(motif, keys);
  }
  return pool;
}

/**
 * Gives each space a picture of its motif (its `imageKey` holds the motif until then): within a motif,
 * spaces in order of views take the pool's pictures in turn, so the first spaces of any list sorted
 * by views, or of a search among them, show as many different pictures as the pool has.
 */
function dealPictures(spaces: Insertable<Database['spaces']>[], images: Map<string, string[]>): void {
  const byMotif = new Map<string, Insertable<Database['spaces']>[]>();
  for (const s of spaces) {
    const list = byMotif.get(s.imageKey) ?? [];
    if (!list.length) byMotif.set(s.imageKey, list);
    list.push(s);
  }
  for (const [motif, list] of byMotif) {
    const pool = images.get(motif) ?? [];
    list.sort((a, b) => (b.views ?? 0) - (a.views ?? 0));
    list.forEach((s, i) => (s.imageKey = pool[i % pool.length] as string));
  }
}

/** One of the kind's variants, by weight; null for a kind without variants. */
function pickVariant(rng: Rng, kind: SpaceKind): SpaceVariant | null {
  const variants = SPACE_VARIANTS[kind.type]?.variants;
  if (!variants?.length) return null;
  let r = rng.next() * variants.reduce((n, v) => n + v.weight, 0);
  for (const v of variants) if ((r -= v.weight) < 0) return v;
  return variants[variants.length - 1] as SpaceVariant;
}

const ALL_COASTAL = CITIES.filter((c) => COASTAL_CITIES.has(c.city));
const ALL_MOUNTAIN = CITIES.filter((c) => MOUNTAIN_CITIES.has(c.city));
/** The cities a variant can stand in: on the sea, among mountains, in its zones, or anywhere. */
function citiesFor(variant: SpaceVariant | null): readonly City[] {
  if (variant?.coastal) return ALL_COASTAL;
  if (variant?.mountain) return ALL_MOUNTAIN;
  if (variant?.zones) return inZones(variant.zones);
  return CITIES;
}
const zoneCities = new Map<string, readonly City[]>();
function inZones(zones: readonly string[]): readonly City[] {
  const key = zones.join();
  let list = zoneCities.get(key);
  if (!list) {
    list = CITIES.filter((c) => zones.includes(c.timezone.split('/')[0] as string));
    zoneCities.set(key, list);
  }
  return list;
}

/**
 * The name itself when no space has it yet, else qualified by its place the way people tell two
 * namesakes apart (", Porto", ", Rua das Flores", the street and number): unique at any size.
 */
function uniqueName(base: string, city: City, address: DemoAddress, taken: Set<string>): string {
  const has = (part: string) => base.toLowerCase().includes(part.toLowerCase());
  const candidates = [
    base,
    has(city.city) ? null : `${base}, ${city.city}`,
    has(address.street) ? null : `${base}, ${address.street}`,
    `${base}, ${address.streetLine}`,
    has(city.city) ? null : `${base}, ${address.streetLine}, ${city.city}`,
  ];
  let name = candidates.find((c): c is string => c !== null && !taken.has(c));
  for (let n = 2; !name; n++) if (!taken.has(`${base} (${n})`)) name = `${base} (${n})`;
  taken.add(name);
  return name;
}

/** Style tags a space carries only when its texts name that style. */
const STYLE_TAGS = ['modern', 'mid-century', 'victorian', 'minimalist', 'industrial', 'scandinavian', 'art deco', 'brutalist', 'baroque', 'gothic'];

/** Two to five of the variant's (or kind's) tags, its first always; a style only where the texts name it. */
function tagsFor(rng: Rng, kind: SpaceKind, variant: SpaceVariant | null, text: string): string[] {
  const vocabulary = variant?.tags ?? kind.tags;
  const lower = text.toLowerCase();
  const fits = (t: string) => !STYLE_TAGS.includes(t) || lower.includes(t);
  const picked = rng.pickMany(vocabulary.slice(1), rng.int(1, 4)).filter(fits);
  const styles = STYLE_TAGS.filter((t) => lower.includes(t));
  return [...new Set([vocabulary[0] as string, ...picked, ...styles, ...(rng.chance(0.08) ? ['cool places'] : [])])];
}

/** Two to four paragraphs: the variant's own first, then ones that fit every variant of the kind. */
function describe(rng: Rng, kind: SpaceKind, variant: SpaceVariant | null): string[] {
  const kv = SPACE_VARIANTS[kind.type];
  if (!variant || !kv) return rng.pickMany(kind.descriptionParagraphs, rng.int(2, 4));
  const own = rng.pickMany(variant.descriptionParagraphs, Math.min(variant.descriptionParagraphs.length, rng.int(1, 2)));
  return [...own, ...rng.pickMany(kv.common, rng.int(1, 2))];
}

/** Gives every organization and person an avatar, and organizations a cover; returns attachment rows. */
function profileImages(plan: DemoMediaPlan, accounts: Insertable<Database['accounts']>[], users: Insertable<Database['users']>[], rng: Rng) {
  const rows: Insertable<Database['attachments']>[] = [];
  const t = iso(EPOCH - 100 * DAY);
  const coverKeys: string[] = [];
  for (let i = 0; i < 12; i++) coverKeys.push(`cover-${i}`);
  plan.covers.push(...coverKeys);
  const people = new Map(users.map((u) => [u.accountId, u]));
  for (const a of accounts) {
    const person = people.get(a.id);
    const initials = a.name
      .split(/\s+/)
      .filter((w) => /^[\p{L}\p{N}]/u.test(w))
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('');
    const photo = `av-${a.sid}`;
    plan.avatars.push({ name: photo, seed: a.sid, initials });
    const photoId = `ph-${a.sid}`;
    rows.push({
      id: photoId,
      ownerKind: person ? 'user' : 'account',
      ownerId: person ? person.id : a.id,
      type: 'PROFILE_IMAGE',
      width: 256,
      height: 256,
      variants: JSON.stringify({ 96: `avatars/${photo}-96.webp`, 256: `avatars/${photo}-256.webp` }),
      createdAt: t,
      updatedAt: t,
    });
    if (person) person.photoId = photoId;
    else a.photoId = photoId;
    if (!person) {
      const cover = rng.pick(coverKeys);
      const coverId = `cv-${a.sid}`;
      rows.push({
        id: coverId,
        ownerKind: 'account',
        ownerId: a.id,
        type: 'COVER_IMAGE',
        width: 1600,
        height: 400,
        variants: JSON.stringify({ 800: `covers/${cover}-800.webp`, 1600: `covers/${cover}-1600.webp` }),
        createdAt: t,
        updatedAt: t,
      });
      a.coverId = coverId;
    }
  }
  return rows;
}
