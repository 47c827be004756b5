import { sql, type Selectable } from 'kysely';
import type { Visibility } from '../../../domain/enums.ts';
import { makePage } from '../../../domain/page.ts';
import type { AccountListItem, AccountSummary, FollowedAccounts, Profile, UserInfo, UserListItem } from '../../../domain/profile.ts';
import type { Database } from '../../db/schema.ts';
import type { ProfileColumns } from '../../db/schema/content.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { attachmentUrl } from '../../platform/content/media-urls.ts';
import { isModerated, listedCollection, listedSpace } from '../../platform/content/viewer.ts';

type AccountRow = Selectable<Database['accounts']>;
type UserRow = Selectable<Database['users']>;
type Badge = Profile['badges'][number];

/** Loads the /media URLs of attachments by id. */
async function attachmentUrls(ctx: ContentCtx, ids: readonly (string | null)[]): Promise<Map<string, string | null>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (!wanted.length) return new Map();
  const rows = await ctx.db.selectFrom('attachments').select(['id', 'variants']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, attachmentUrl(r.variants)]));
}

/** The profile fields shared by accounts and users. */
function baseProfile(row: ProfileColumns, sid: string, name: string, urls: Map<string, string | null>): Omit<Profile, 'badges' | 'followers' | 'spaceCount'> {
  return {
    sid,
    name,
    description: row.description,
    url: row.url,
    location: { description: row.locationDescription },
    photoId: row.photoId,
    coverId: row.coverId,
    photoUrl: row.photoId ? (urls.get(row.photoId) ?? null) : null,
    coverUrl: row.coverId ? (urls.get(row.coverId) ?? null) : null,
    socialMedia: { facebook: row.facebook, instagram: row.instagram, linkedin: row.linkedin, twitter: row.twitter },
    visibility: row.visibility as Visibility,
  };
}

const badge = (collectionId: string, collectionName: string, ownerId: string): Badge => ({
  id: `${collectionId}:${ownerId}`,
  collectionId,
  collectionName,
  message: `Featured in ${collectionName}`,
});

/** Finds an account by id or sid; no visibility check. */
export async function findAccount(ctx: ContentCtx, key: string) {
  return ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('sid', '=', key)]))
    .executeTakeFirst();
}

/** An account the viewer may read: ACTIVE, unmoderated, and PUBLIC/UNLISTED unless a member; admins see all. */
export async function readAccountRow(ctx: ContentCtx, key: string): Promise<AccountRow> {
  const row = await findAccount(ctx, key);
  if (!row) throw notFound('Account');
  if (ctx.viewer.isAdmin) return row;
  const member = ctx.viewer.accountIds.includes(row.id);
  if (row.status !== 'ACTIVE' || (await isModerated(ctx.db, 'ACCOUNT', row.id))) throw notFound('Account');
  if (row.visibility === 'PRIVATE' && !member) throw notFound('Account');
  return row;
}

/** SQL: the spaces an account shows: its organization's, and for a personal account its person's own. */
export async function accountSpacesCondition(ctx: ContentCtx, account: AccountRow) {
  if (!account.isPersonal) return sql`s."organizationId" = ${account.id}`;
  const person = await ctx.db.selectFrom('users').select('id').where('accountId', '=', account.id).executeTakeFirst();
  return person ? sql`(s."organizationId" = ${account.id} OR s."ownerUserId" = ${person.id})` : sql`s."organizationId" = ${account.id}`;
}

/** GET /account/{accountId}/profile/ */
export async function readAccountProfile(ctx: ContentCtx, key: string): Promise<Profile> {
  const row = await readAccountRow(ctx, key);
  const spacesOf = await accountSpacesCondition(ctx, row);
  const [urls, followers, spaces, badges] = await Promise.all([
    attachmentUrls(ctx, [row.photoId, row.coverId]),
    ctx.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('accountId', '=', row.id)
      .executeTakeFirst(),
    sql<{ n: number }>`SELECT count(*) AS n FROM spaces s WHERE ${spacesOf} AND ${listedSpace('s', ctx.dialect)}`.execute(ctx.db),
    sql<{
      id: string;
      name: string;
    }>`SELECT DISTINCT c.id, c.name, c.priority FROM collections c JOIN collection_children cc ON cc."collectionId" = c.id AND cc."childType" = 'SPACE' JOIN spaces s ON s.id = cc."childId" WHERE c."isAdmin" = 1 AND ${listedCollection('c')} AND ${spacesOf} AND ${listedSpace('s', ctx.dialect)} ORDER BY c.priority DESC LIMIT 20`.execute(
      ctx.db,
    ),
  ]);
  return {
    ...baseProfile(row, row.sid, row.name, urls),
    badges: badges.rows.map((b) => badge(b.id, b.name, row.id)),
    followers: Number(followers?.n ?? 0),
    spaceCount: Number(spaces.rows[0]?.n ?? 0),
  };
}

/** Finds a user by id or sid; no visibility check. */
export async function findUser(ctx: ContentCtx, key: string) {
  return ctx.db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('sid', '=', key)]))
    .executeTakeFirst();
}

/** A user the viewer may read: ACTIVE, personal account unmoderated, profile not PRIVATE unless themselves; admins see all. `me` is the signed-in user. */
export async function readUserRow(ctx: ContentCtx, key: string): Promise<UserRow> {
  if (key === 'me') {
    if (!ctx.viewer.user) throw unauthorized();
    key = ctx.viewer.user.id;
  }
  const row = await findUser(ctx, key);
  if (!row) throw notFound('User');
  if (ctx.viewer.isAdmin || ctx.viewer.user?.id === row.id) return row;
  if (row.status !== 'ACTIVE' || row.visibility === 'PRIVATE') throw notFound('User');
  if ((await isModerated(ctx.db, 'ACCOUNT', row.accountId)) || (await isModerated(ctx.db, 'ACCOUNT', row.id))) throw notFound('User');
  return row;
}

/** Profiles of users (their personal profile fields), with counts and badges loaded in batches. */
export async function userProfiles(ctx: ContentCtx, users: readonly UserRow[]): Promise<Map<string, Profile>> {
  const out = new Map<string, Profile>();
  if (!users.length) return out;
  const ids = users.map((u) => u.id);
  const accountIds = users.map((u) => u.accountId);
  const [urls, followers, spaces, badges] = await Promise.all([
    attachmentUrls(
      ctx,
      users.flatMap((u) => [u.photoId, u.coverId]),
    ),
    ctx.db
      .selectFrom('follows')
      .select(['accountId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('accountId', 'in', accountIds)
      .groupBy('accountId')
      .execute(),
    sql<{
      owner: string;
      n: number;
    }>`SELECT s."ownerUserId" AS owner, count(*) AS n FROM spaces s WHERE s."ownerUserId" IN (${sql.join(ids)}) AND ${listedSpace('s', ctx.dialect)} GROUP BY s."ownerUserId"`.execute(
      ctx.db,
    ),
    sql<{ id: string; name: string; owner: string }>`SELECT DISTINCT c.id, c.name, c.priority, x.owner FROM collections c
      JOIN collection_children cc ON cc."collectionId" = c.id
      JOIN (SELECT 'COLLECTION' AS kind, o.id, o."ownerUserId" AS owner FROM collections o WHERE o."ownerUserId" IN (${sql.join(ids)}) AND ${listedCollection('o')}
            UNION ALL SELECT 'SPACE' AS kind, s.id, s."ownerUserId" AS owner FROM spaces s WHERE s."ownerUserId" IN (${sql.join(ids)}) AND ${listedSpace('s', ctx.dialect)}) x
        ON x.id = cc."childId" AND x.kind = cc."childType"
      WHERE c."isAdmin" = 1 AND ${listedCollection('c')} ORDER BY c.priority DESC`.execute(ctx.db),
  ]);
  const followerCount = new Map(followers.map((f) => [f.accountId, Number(f.n)]));
  const spaceCount = new Map(spaces.rows.map((s) => [s.owner, Number(s.n)]));
  for (const u of users) {
    out.set(u.id, {
      ...baseProfile(u, u.sid, `${u.firstName} ${u.lastName}`.trim(), urls),
      badges: badges.rows
        .filter((b) => b.owner === u.id)
        .slice(0, 20)
        .map((b) => badge(b.id, b.name, u.id)),
      followers: followerCount.get(u.accountId) ?? 0,
      spaceCount: spaceCount.get(u.id) ?? 0,
    });
  }
  return out;
}

/** GET /user/{userId}/profile/ */
export async function readUserProfile(ctx: ContentCtx, key: string): Promise<Profile> {
  const row = await readUserRow(ctx, key);
  return (await userProfiles(ctx, [row])).get(row.id) as Profile;
}

/** The owners of collections as UserInfo, by user id; a PRIVATE profile is left out unless it is the viewer's own. */
export async function userInfos(ctx: ContentCtx, userIds: readonly (string | null)[]): Promise<Map<string, UserInfo>> {
  const ids = [...new Set(userIds.filter((x): x is string => !!x))];
  const out = new Map<string, UserInfo>();
  if (!ids.length) return out;
  const users = await ctx.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  const profiles = await userProfiles(ctx, users);
  for (const u of users) {
    const showProfile = u.visibility !== 'PRIVATE' || ctx.viewer.isAdmin || ctx.viewer.user?.id === u.id;
    out.set(u.id, {
      firstName: u.firstName,
      lastName: u.lastName,
      userSid: u.sid,
      username: u.username,
      profile: showProfile ? (profiles.get(u.id) ?? null) : null,
    });
  }
  return out;
}

/** GET /user/follow/: the accounts the signed-in user follows; summaries only of those still listed. */
export async function followedAccounts(ctx: ContentCtx): Promise<FollowedAccounts> {
  const user = ctx.viewer.user;
  if (!user) throw unauthorized();
  const follows = await ctx.db.selectFrom('follows').select('accountId').where('userId', '=', user.id).orderBy('createdAt', 'desc').execute();
  const ids = follows.map((f) => f.accountId);
  if (!ids.length) return { ids: [], accounts: [] };
  const rows = await ctx.db
    .selectFrom('accounts as a')
    .select(['a.id', 'a.sid', 'a.name', 'a.photoId', 'a.isPersonal'])
    .where('a.id', 'in', ids)
    .where('a.status', '=', 'ACTIVE')
    .where('a.visibility', '<>', 'PRIVATE')
    .where(sql<boolean>`a.id NOT IN (SELECT "itemId" FROM moderation_records WHERE "itemType" = 'ACCOUNT')`)
    .execute();
  const persons = await ctx.db
    .selectFrom('users')
    .select(['id', 'accountId', 'photoId'])
    .where(
      'accountId',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const personOf = new Map(persons.map((p) => [p.accountId, p]));
  const accIds = rows.map((r) => r.id);
  const personIds = persons.map((p) => p.id);
  const [byOrg, byOwner] = await Promise.all([
    sql<{
      id: string;
      n: number;
    }>`SELECT s."organizationId" AS id, count(*) AS n FROM spaces s WHERE s."organizationId" IN (${sql.join(accIds)}) AND ${listedSpace('s', ctx.dialect)} GROUP BY s."organizationId"`.execute(
      ctx.db,
    ),
    personIds.length
      ? sql<{
          id: string;
          n: number;
        }>`SELECT s."ownerUserId" AS id, count(*) AS n FROM spaces s WHERE s."ownerUserId" IN (${sql.join(personIds)}) AND (s."organizationId" IS NULL OR s."organizationId" NOT IN (${sql.join(accIds)})) AND ${listedSpace('s', ctx.dialect)} GROUP BY s."ownerUserId"`.execute(
          ctx.db,
        )
      : Promise.resolve({ rows: [] as { id: string; n: number }[] }),
  ]);
  const countOf = new Map(byOrg.rows.map((r) => [r.id, Number(r.n)]));
  for (const p of persons) {
    const own = byOwner.rows.find((r) => r.id === p.id);
    if (own) countOf.set(p.accountId, (countOf.get(p.accountId) ?? 0) + Number(own.n));
  }
  const urls = await attachmentUrls(
    ctx,
    rows.map((r) => r.photoId ?? personOf.get(r.id)?.photoId ?? null),
  );
  const byId = new Map<string, AccountSummary>(
    rows.map((r) => {
      const photoId = r.photoId ?? personOf.get(r.id)?.photoId ?? null;
      return [r.id, { id: r.id, sid: r.sid, name: r.name, photoUrl: photoId ? (urls.get(photoId) ?? null) : null, spaceCount: countOf.get(r.id) ?? 0 }];
    }),
  );
  return { ids, accounts: ids.map((id) => byId.get(id)).filter((a): a is AccountSummary => !!a) };
}

/** GET /account/: listed organizations (ACTIVE, not PRIVATE, unmoderated) by name, for builds and directories. */
export async function listAccounts(ctx: ContentCtx, w: { offset: number; limit: number }) {
  const base = ctx.db
    .selectFrom('accounts as a')
    .where('a.isPersonal', '=', 0)
    .where('a.status', '=', 'ACTIVE')
    .where('a.visibility', '<>', 'PRIVATE')
    .where(sql<boolean>`a.id NOT IN (SELECT "itemId" FROM moderation_records WHERE "itemType" = 'ACCOUNT')`);
  const [rows, total] = await Promise.all([
    base.select(['a.id', 'a.sid', 'a.name', 'a.photoId', 'a.updatedAt']).orderBy('a.name').orderBy('a.id').limit(w.limit).offset(w.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const ids = rows.map((r) => r.id);
  const [urls, counts] = await Promise.all([
    attachmentUrls(
      ctx,
      rows.map((r) => r.photoId),
    ),
    ids.length
      ? sql<{
          id: string;
          n: number;
        }>`SELECT s."organizationId" AS id, count(*) AS n FROM spaces s WHERE s."organizationId" IN (${sql.join(ids)}) AND ${listedSpace('s', ctx.dialect)} GROUP BY s."organizationId"`.execute(
          ctx.db,
        )
      : Promise.resolve({ rows: [] as { id: string; n: number }[] }),
  ]);
  const countOf = new Map(counts.rows.map((r) => [r.id, Number(r.n)]));
  const results: AccountListItem[] = rows.map((r) => ({
    id: r.id,
    sid: r.sid,
    name: r.name,
    photoUrl: r.photoId ? (urls.get(r.photoId) ?? null) : null,
    spaceCount: countOf.get(r.id) ?? 0,
    updatedAt: r.updatedAt,
  }));
  return makePage(results, Number(total?.n ?? 0), w);
}

/** GET /user/: listed people (ACTIVE, not PRIVATE, unmoderated) by sid, for builds. */
export async function listUsers(ctx: ContentCtx, w: { offset: number; limit: number }) {
  const base = ctx.db
    .selectFrom('users as u')
    .where('u.status', '=', 'ACTIVE')
    .where('u.visibility', '<>', 'PRIVATE')
    .where(
      sql<boolean>`u."accountId" NOT IN (SELECT "itemId" FROM moderation_records WHERE "itemType" = 'ACCOUNT') AND u.id NOT IN (SELECT "itemId" FROM moderation_records WHERE "itemType" = 'ACCOUNT')`,
    );
  const [rows, total] = await Promise.all([
    base
      .select(['u.id', 'u.sid', 'u.firstName', 'u.lastName', 'u.username', 'u.photoId', 'u.updatedAt'])
      .orderBy('u.sid')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const urls = await attachmentUrls(
    ctx,
    rows.map((r) => r.photoId),
  );
  const results: UserListItem[] = rows.map((r) => ({
    id: r.id,
    sid: r.sid,
    name: `${r.firstName} ${r.lastName}`.trim(),
    username: r.username,
    photoUrl: r.photoId ? (urls.get(r.photoId) ?? null) : null,
    updatedAt: r.updatedAt,
  }));
  return makePage(results, Number(total?.n ?? 0), w);
}
