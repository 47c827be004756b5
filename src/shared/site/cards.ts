import { CARD_SIZES, spaceSrcsets } from '../../site/images.ts';
import { href } from '../../site/paths.ts';
import type { BrowserI18n } from '../../i18n/browser.ts';

/** What card builders need from the page's locale: its strings and its links. */
export type CardI18n = Pick<BrowserI18n, 't' | 'viewsLabel' | 'localize'>;

/** The fields a card built in the browser needs (a SpaceCard from the API, or pagefind meta). */
export interface ClientCard {
  modelId?: string;
  url?: string;
  name: string;
  place: string;
  image: string;
  width?: number;
  height?: number;
  views?: number | null;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
};

const EYE =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M2.5 12S6 5 12 5s9.5 7 9.5 7-3.5 7-9.5 7S2.5 12 2.5 12Z"/><circle cx="12" cy="12" r="3"/></svg>';

/** Builds the same markup as SpaceCard.astro, for cards loaded after the page (load more, search). */
export function spaceCardElement(card: ClientCard, i18n: CardI18n, level: 'h2' | 'h3' = 'h3'): HTMLLIElement {
  const sets = spaceSrcsets(card.image);
  const img = el('img', {
    src: sets?.fallback ?? card.image,
    alt: '',
    loading: 'lazy',
    decoding: 'async',
    width: String(card.width ?? 1200),
    height: String(card.height ?? 800),
  });
  let media: HTMLElement = img;
  if (sets) {
    media = el(
      'picture',
      {},
      el('source', { type: 'image/avif', srcset: sets.avif, sizes: CARD_SIZES }),
      el('source', { type: 'image/webp', srcset: sets.webp, sizes: CARD_SIZES }),
      img,
    );
  }
  const mediaBox = el('div', { class: 'card__media' }, media);
  if (card.views) {
    const badge = el('span', { class: 'card__badge' });
    badge.innerHTML = EYE;
    badge.append(i18n.viewsLabel(card.views));
    mediaBox.append(badge);
  }
  const link = el('a', { href: i18n.localize(card.url ?? href.space(card.modelId ?? '')) }, card.name);
  const body = el('div', { class: 'card__body' }, el(level, { class: 'card__title' }, link), el('p', { class: 'card__meta' }, card.place));
  return el('li', {}, el('article', { class: 'card' }, mediaBox, body));
}

/** A minimal collection card for sub-collections loaded after the page. */
export function collectionCardElement(c: { sid: string; name: string; coverUrl: string | null; childrenCount: number }, i18n: CardI18n): HTMLLIElement {
  const media = el('div', { class: 'card__media' });
  if (c.coverUrl) media.append(el('img', { src: c.coverUrl, alt: '', loading: 'lazy', decoding: 'async', width: '800', height: '600' }));
  else media.append(el('div', { class: 'mosaic__empty' }));
  media.append(el('span', { class: 'card__badge' }, i18n.t('card.spaces', { count: c.childrenCount })));
  const body = el('div', { class: 'card__body' }, el('h3', { class: 'card__title' }, el('a', { href: i18n.localize(href.collection(c.sid)) }, c.name)));
  return el('li', {}, el('article', { class: 'card collection-card' }, media, body));
}
