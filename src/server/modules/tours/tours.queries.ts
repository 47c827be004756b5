import { sql } from 'kysely';
import { TourLayout, TourTag, type Tour, type TourPicture } from '../../../domain/tour.ts';
import type { SpaceToursTable, TourModelsTable } from '../../db/schema/tours.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { mediaUrl, SPACE_COVER_WIDTH, spaceImages } from '../../platform/content/media-urls.ts';
import { listedSpace } from '../../platform/content/viewer.ts';
import { notFound } from '../../platform/errors.ts';
import { findSpaceRow, readSpaceRow } from '../spaces/spaces.queries.ts';

/** A stored picture: its media key and size. */
interface StoredPicture {
  key: string;
  width: number;
  height: number;
}

/** A URL as stored: a media key (most), or a full URL or site path kept as it is. */
const urlOf = (stored: string): string => (/^(https?:)?\/\//.test(stored) || stored.startsWith('/') ? stored : mediaUrl(stored));

const pictureOf = (p: TourPicture | null): TourPicture | null => (p ? { ...p, url: urlOf(p.url) } : null);

/** Parses a stored JSON column, failing loudly: a row the API cannot read is a bug of its writer. */
function parseColumn<T>(column: string, json: string, parse: (v: unknown) => T): T {
  try {
    return parse(JSON.parse(json));
  } catch (error) {
    throw new Error(`The stored tour's ${column} is not valid.`, { cause: error });
  }
}

/** A stored tour joined with its space's public facts, as the API answers it. */
export function toTour(space: { modelId: string; name: string }, row: Pick<SpaceToursTable, 'tags'> & TourModelsTable): Tour {
  const layout = parseColumn('layout', row.layout, (v) => TourLayout.parse(v));
  const tags = parseColumn('tags', row.tags, (v) => TourTag.array().parse(v));
  const plans = parseColumn('plans', row.plans, (v) => (Array.isArray(v) ? (v as (StoredPicture | null)[]) : []));
  const { tagSpots: _spots, ...shape } = layout;
  return {
    ...shape,
    modelId: space.modelId,
    name: space.name,
    model: row.modelKey && row.modelBytes ? { url: mediaUrl(row.modelKey), bytes: Number(row.modelBytes) } : null,
    floors: layout.floors.map((f) => {
      const plan = plans[f.index];
      return { ...f, plan: plan ? { url: mediaUrl(plan.key), width: plan.width, height: plan.height } : pictureOf(f.plan) };
    }),
    sweeps: layout.sweeps.map((s) => ({
      ...s,
      panorama: pictureOf(s.panorama),
      ...(s.tiles ? { tiles: { ...s.tiles, preview: { ...s.tiles.preview, url: urlOf(s.tiles.preview.url) }, urls: s.tiles.urls.map(urlOf) } } : {}),
    })),
    tags: tags.map((t) => ({ ...t, picture: pictureOf(t.picture) })),
    poster: { url: mediaUrl(row.posterKey), width: Number(row.posterWidth), height: Number(row.posterHeight) },
  };
}

/** GET /space/{id}/tour/: the tour of a space the viewer may read (the space read's rules), else 404. */
export async function readTour(ctx: ContentCtx, key: string): Promise<Tour> {
  const space = await readSpaceRow(ctx, key);
  const row = await ctx.db
    .selectFrom('space_tours as t')
    .innerJoin('tour_models as m', 'm.id', 't.tourModelId')
    .selectAll('m')
    .select('t.tags')
    .where('t.spaceId', '=', space.id)
    .executeTakeFirst();
  if (!row) throw notFound('Tour');
  return toTour(space, row);
}

/** What an embed of a space shows: its name, who presents it, its picture. */
export interface EmbeddableSpace {
  modelId: string;
  name: string;
  author: { name: string; url: string | null } | null;
  thumbnail: { url: string; width: number; height: number };
}

/**
 * A space anyone with its link may embed (oEmbed): PUBLIC or UNLISTED, not moderated, not of a
 * disabled or moderated organization; null otherwise (PRIVATE ones too, whoever asks: an embed is
 * seen by the consumer's visitors, not by the caller). Author URLs are site paths.
 */
export async function findEmbeddableSpace(ctx: ContentCtx, key: string, paths: { account: (id: string) => string; profile: (sid: string) => string }) {
  const found = await findSpaceRow(ctx, key);
  if (!found) return null;
  const open = await sql<{ id: string }>`SELECT s.id FROM spaces s WHERE s.id = ${found.id} AND ${listedSpace('s', ctx.dialect, true)}`.execute(ctx.db);
  if (!open.rows.length) return null;
  const [tour, org, owner] = await Promise.all([
    ctx.db
      .selectFrom('space_tours as t')
      .innerJoin('tour_models as m', 'm.id', 't.tourModelId')
      .select(['m.posterKey', 'm.posterWidth', 'm.posterHeight'])
      .where('t.spaceId', '=', found.id)
      .executeTakeFirst(),
    found.organizationId
      ? ctx.db.selectFrom('accounts').select(['id', 'name', 'visibility']).where('id', '=', found.organizationId).executeTakeFirst()
      : undefined,
    found.ownerUserId
      ? ctx.db.selectFrom('users').select(['sid', 'firstName', 'lastName', 'visibility', 'status']).where('id', '=', found.ownerUserId).executeTakeFirst()
      : undefined,
  ]);
  let author: EmbeddableSpace['author'] = null;
  if (org) author = { name: org.name, url: org.visibility === 'PUBLIC' ? paths.account(org.id) : null };
  else if (owner && owner.status === 'ACTIVE' && owner.visibility === 'PUBLIC')
    author = { name: `${owner.firstName} ${owner.lastName}`.trim(), url: paths.profile(owner.sid) };
  else if (found.presentedBy) author = { name: found.presentedBy, url: null };
  let thumbnail: EmbeddableSpace['thumbnail'];
  if (tour) thumbnail = { url: mediaUrl(tour.posterKey), width: Number(tour.posterWidth), height: Number(tour.posterHeight) };
  else {
    const images = spaceImages(found.imageKey, Number(found.imageWidth), Number(found.imageHeight));
    const width = SPACE_COVER_WIDTH;
    thumbnail = { url: images.cover, width, height: Math.max(1, Math.round((width * images.height) / Math.max(1, images.width))) };
  }
  return { modelId: found.modelId, name: found.name, author, thumbnail } satisfies EmbeddableSpace;
}
