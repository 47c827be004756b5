import { sql, type Kysely } from 'kysely';
import type { AuthorizedSpace, AuthorizedSpacePage, AuthorizedSpaceQuery } from '../../../domain/marketplace.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import type { SessionUser } from '../../context.ts';
import { spaceImages } from '../../platform/content/media-urls.ts';
import { notModerated } from '../../platform/content/viewer.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The spaces a user may request marketplace access for (spec 6: "Space selection lists only
 * authorized spaces"): the spaces they own and those of accounts they may edit (their personal
 * account, organizations where they are an OWNER): the rule of `canEditSpace` without the
 * administrator bypass, so an administrator's selector is not every space of the site. Any
 * visibility; moderated spaces are left out.
 */

/** The accounts whose spaces the user may offer: personal account and organizations they own. */
export const editableAccountIds = (user: SessionUser): string[] => [
  ...new Set([user.accountId, ...user.memberships.filter((m) => m.role === 'OWNER').map((m) => m.accountId)].filter(Boolean)),
];

const authorizedSpaces = (db: Kysely<Database>, user: SessionUser) => {
  const accounts = editableAccountIds(user);
  return db
    .selectFrom('spaces as s')
    .leftJoin('accounts as a', 'a.id', 's.organizationId')
    .where((eb) => eb.or([eb('s.ownerUserId', '=', user.id), ...(accounts.length ? [eb('s.organizationId', 'in', accounts)] : [])]))
    .where(notModerated('s', 'SPACE'));
};

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** GET /api/marketplace/spaces/: by name; `q` matches the name or model id anywhere, any case. */
export async function listAuthorizedSpaces(db: Kysely<Database>, user: SessionUser, q: AuthorizedSpaceQuery): Promise<AuthorizedSpacePage> {
  let base = authorizedSpaces(db, user);
  const text = q.q?.trim();
  if (text) {
    const pattern = likePattern(text);
    base = base.where((eb) =>
      eb.or([sql<boolean>`lower(${sql.ref('s.name')}) LIKE ${pattern} ESCAPE '\\'`, sql<boolean>`lower(${sql.ref('s.modelId')}) LIKE ${pattern} ESCAPE '\\'`]),
    );
  }
  const w = resolveWindow(q, 50);
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['s.id', 's.modelId', 's.name', 's.visibility', 's.imageKey', 's.imageWidth', 's.imageHeight', 's.organizationId', 'a.name as accountName'])
    .orderBy('s.name')
    .orderBy('s.id')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  const results: AuthorizedSpace[] = rows.map((r) => ({
    id: r.id,
    modelId: r.modelId,
    name: r.name,
    visibility: r.visibility,
    thumbnail: spaceImages(r.imageKey, r.imageWidth, r.imageHeight).thumbnail,
    account: r.organizationId && r.accountName ? { id: r.organizationId, name: r.accountName } : null,
  }));
  return makePage(results, Number(total?.n ?? 0), w);
}

/** The requested spaces the user may offer, and the ids they may not (unknown ones included). */
export async function checkAuthorizedSpaces(
  db: Kysely<Database>,
  user: SessionUser,
  ids: readonly string[],
): Promise<{ spaces: { id: string; modelId: string; name: string }[]; refused: string[] }> {
  const wanted = [...new Set(ids)];
  const rows = await authorizedSpaces(db, user).select(['s.id', 's.modelId', 's.name']).where('s.id', 'in', wanted).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    spaces: wanted.map((id) => byId.get(id)).filter((r) => r !== undefined),
    refused: wanted.filter((id) => !byId.has(id)),
  };
}
