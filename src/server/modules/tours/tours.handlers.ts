import type { RouteHandler } from '@hono/zod-openapi';
import { embedSize, OEMBED_CACHE_AGE, type OEmbed } from '../../../domain/oembed.ts';
import { SITE_BASE } from '../../../domain/urls.ts';
import type { AppEnv } from '../../context.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { errorBody, fieldError, notFound } from '../../platform/errors.ts';
import { playerEmbedHtml, playerUrl } from '../../../domain/embed.ts';
import { absoluteUrl, spaceKeyOfUrl } from './oembed.ts';
import { findEmbeddableSpace, readTour } from './tours.queries.ts';
import type * as r from './tours.routes.ts';

/** GET /space/{id}/tour/ */
export const getTour: RouteHandler<typeof r.getTour, AppEnv> = async (c) => {
  const ctx = await contentCtx(c);
  return c.json(await readTour(ctx, c.req.valid('param').id), 200);
};

/** GET /oembed/ */
export const oembed: RouteHandler<typeof r.oembed, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const format = (q.format ?? 'json').toLowerCase();
  if (format !== 'json') return c.json(errorBody('NOT_IMPLEMENTED', `The ${q.format ?? ''} format is not available; ask for format=json.`, false), 501);
  const { env } = c.get('deps');
  const origin = env.publicOrigin;
  const hosts = [new URL(origin).host, new URL(c.req.url).host];
  const named = spaceKeyOfUrl(q.url, hosts);
  if (!named.ours) throw fieldError('query.url', 'Give the URL of a space page or of the 3D tour player of this site.');
  const key = named.key;
  if (key === null) throw notFound('Space');
  const ctx = await contentCtx(c);
  const site = (path: string) => absoluteUrl(`${SITE_BASE}/${path}`, origin);
  const space = await findEmbeddableSpace(ctx, key, {
    account: (id) => site(`account/${encodeURIComponent(id)}/`),
    profile: (sid) => site(`profile/${encodeURIComponent(sid)}/`),
  });
  if (!space) throw notFound('Space');
  const size = embedSize(q.maxwidth, q.maxheight);
  const answer: OEmbed = {
    version: '1.0',
    type: 'rich',
    html: playerEmbedHtml(playerUrl(env.SHOWCASE_URL_TEMPLATE, space.modelId, `${origin}/`), `${space.name}: 3D tour`, size),
    ...size,
    title: space.name,
    ...(space.author ? { author_name: space.author.name, ...(space.author.url ? { author_url: space.author.url } : {}) } : {}),
    provider_name: 'Discover',
    provider_url: site(''),
    thumbnail_url: absoluteUrl(space.thumbnail.url, origin),
    thumbnail_width: space.thumbnail.width,
    thumbnail_height: space.thumbnail.height,
    cache_age: OEMBED_CACHE_AGE,
  };
  // Anyone may cache it: the answer is the same for every caller (it never depends on a session).
  c.header('Cache-Control', `public, max-age=${OEMBED_CACHE_AGE / 12}`);
  return c.json(answer, 200);
};
