import { escapeHtml as esc } from '../../domain/html.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { iconSvg } from '../../site/icons.ts';
import { CARD_SIZES, spaceSrcsets } from '../../site/images.ts';
import { href } from '../../site/paths.ts';

/**
 * The one space card of the product, as an HTML string: the Astro pages render it at build time
 * (`SpaceCard.astro`), the search island and "load more" render the same markup in the browser.
 * A string (not a component) so pages stay fast to build and browser code needs no framework.
 */

/** What card builders need from the page's locale: its strings and how it localizes links. */
export type CardI18n = Pick<Translator, 't' | 'viewsLabel'> & { localize: (path: string) => string };

/** The fields of a space card: a SpaceCard from the API or a space of the content store. */
export interface CardData {
  modelId?: string | undefined;
  /** The page's URL when the caller has it; else built from `modelId`. */
  url?: string | undefined;
  name: string;
  place: string;
  image: string;
  width?: number | undefined;
  height?: number | undefined;
  views?: number | null | undefined;
}

/** How a card sits on its page. */
export interface CardOptions {
  /** Heading level of the name inside the surrounding section. */
  level?: 'h2' | 'h3';
  /** The first cards of a page: eager, high priority. */
  priority?: boolean;
}

// The site's icons, from its one cached sprite.
const EYE = iconSvg('eye');
const STACK = iconSvg('stack');

/** The responsive picture of a card (AVIF and WebP sources when the URL is a rendered variant). */
export function pictureHtml(image: string, size: { width?: number | undefined; height?: number | undefined }, priority = false, sizes = CARD_SIZES): string {
  const sets = spaceSrcsets(image);
  const loading = priority ? 'eager' : 'lazy';
  const img = `<img src="${esc(sets?.fallback ?? image)}" alt="" width="${size.width ?? 1200}" height="${size.height ?? 800}" loading="${loading}" decoding="async"${priority ? ' fetchpriority="high"' : ''}>`;
  if (!sets) return img;
  return `<picture><source type="image/avif" srcset="${esc(sets.avif)}" sizes="${esc(sizes)}"><source type="image/webp" srcset="${esc(sets.webp)}" sizes="${esc(sizes)}">${img}</picture>`;
}

/** The `<article class="card">` of a space. */
export function spaceCardHtml(card: CardData, i18n: CardI18n, { level = 'h3', priority = false }: CardOptions = {}): string {
  const badge = card.views ? `<span class="card__badge">${EYE}${esc(i18n.viewsLabel(card.views))}</span>` : '';
  const link = i18n.localize(card.url ?? href.space(card.modelId ?? ''));
  return (
    `<article class="card"><div class="card__media">${pictureHtml(card.image, card, priority)}${badge}</div>` +
    `<div class="card__body"><${level} class="card__title"><a href="${esc(link)}">${esc(card.name)}</a></${level}>` +
    `<p class="card__meta">${esc(card.place)}</p></div></article>`
  );
}

/** A minimal collection card, for sub-collections loaded after the page. */
export function collectionCardHtml(c: { sid: string; name: string; coverUrl: string | null; childrenCount: number }, i18n: CardI18n): string {
  const media = c.coverUrl
    ? `<img src="${esc(c.coverUrl)}" alt="" loading="lazy" decoding="async" width="800" height="600">`
    : `<div class="mosaic__empty">${STACK}</div>`;
  return (
    `<article class="card collection-card"><div class="card__media">${media}<span class="card__badge">${STACK}${esc(i18n.t('card.spaces', { count: c.childrenCount }))}</span></div>` +
    `<div class="card__body"><h3 class="card__title"><a href="${esc(i18n.localize(href.collection(c.sid)))}">${esc(c.name)}</a></h3></div></article>`
  );
}

/** A card as a list item, for lists that grow in the browser. */
export function cardItem(html: string): HTMLLIElement {
  const li = document.createElement('li');
  li.innerHTML = html;
  return li;
}
