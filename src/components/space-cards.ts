import type { PageI18n } from '../i18n/page.ts';
import { spaceCardHtml, type CardOptions } from '../shared/site/cards.ts';
import type { CardSpace } from '../site/data.ts';

/**
 * Space cards for the build (issue 26): the same popular spaces fill the "related" rails of
 * thousands of pages, so a card's HTML is made once per locale, options and content (the key holds
 * every field the card shows, so a changed space never reuses an old card) and then reused.
 * `SpaceCard.astro` and `SpaceGrid.astro` render through here; the markup is `spaceCardHtml`'s.
 */

/** Cards kept; the map is emptied beyond it (a long-lived render worker renders for hours). */
const MAX_KEPT = 20_000;
const kept = new Map<string, string>();

/** The HTML of one space card in the page's locale. */
export function spaceCard(space: CardSpace, i18n: PageI18n, { level = 'h3', priority = false }: CardOptions = {}): string {
  const { images } = space;
  const key = [
    i18n.locale,
    level,
    priority ? 1 : 0,
    space.modelId,
    space.name,
    space.city,
    space.countryCode ?? '',
    space.countryName,
    space.views ?? '',
    images.cover,
    images.width,
    images.height,
  ].join('\u0000');
  let html = kept.get(key);
  if (html === undefined) {
    const card = {
      modelId: space.modelId,
      name: space.name,
      place: [space.city, i18n.countryName(space.countryCode, space.countryName)].filter(Boolean).join(', '),
      image: images.cover,
      width: images.width,
      height: images.height,
      views: space.views,
    };
    html = spaceCardHtml(card, i18n, { level, priority });
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, html);
  }
  return html;
}

/**
 * The `<li>` items of a grid of space cards, as one string (one component instead of one per
 * card), spaced as the compressed template of one `<li>` per card was.
 */
export function spaceCardItems(spaces: readonly CardSpace[], i18n: PageI18n, options: CardOptions = {}): string {
  let out = ' ';
  for (const space of spaces) out += `<li> ${spaceCard(space, i18n, options)} </li>`;
  return `${out} `;
}
