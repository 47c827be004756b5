import { escapeHtml as esc } from '../domain/html.ts';
// The sprite as a hashed build asset (`_astro/icons.<hash>.svg`, served immutable), never inlined:
// a data: URL would put the whole sprite in every <use>, and <use> cannot reference one anyway.
import spriteUrl from './icons.svg?url&no-inline';

/**
 * The site's icons: one cached sprite (`icons.svg`, a `<symbol>` per name) that every icon
 * references with `<use>`, instead of each page repeating the paths inline. The static pages
 * (`Icon.astro`) and the space card (`shared/site/cards.ts`, also rendered in the browser) use it.
 */

/** The names of the sprite's symbols (icons.test.ts checks the sprite holds exactly these). */
export const ICON_NAMES = [
  'search',
  'play',
  'pin',
  'eye',
  'camera',
  'tag',
  'cube',
  'left',
  'right',
  'arrow',
  'link',
  'globe',
  'building',
  'user',
  'stack',
  'info',
  'award',
  'compass',
  'trending',
  'twitter',
  'facebook',
  'linkedin',
  'instagram',
] as const;

/** An icon of the sprite. */
export type IconName = (typeof ICON_NAMES)[number];

/** The sprite's URL, with the base path and the build's content hash. */
export const ICON_SPRITE: string = spriteUrl;

/** How an icon sits in its text: decorative (hidden from assistive technology) unless it has a label. */
export interface IconOptions {
  label?: string | undefined;
  className?: string | undefined;
}

/**
 * An icon as an HTML string: a 24×24 `<svg>` drawing the sprite's symbol in the text colour
 * (`currentColor` strokes, 1.8 wide; sized by CSS like any inline icon).
 */
export function iconSvg(name: IconName, { label, className }: IconOptions = {}): string {
  if (!label && !className) return (plain[name] ??= draw(name, undefined, undefined));
  return draw(name, label, className);
}

/** Decorative icons without a class, drawn once per name: a space page has a dozen. */
const plain: Partial<Record<IconName, string>> = {};

function draw(name: IconName, label: string | undefined, className: string | undefined): string {
  const a11y = label ? `role="img" aria-label="${esc(label)}"` : 'aria-hidden="true"';
  const cls = className ? ` class="${esc(className)}"` : '';
  return (
    `<svg${cls} viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" ${a11y} focusable="false">` +
    `<use href="${esc(ICON_SPRITE)}#${name}"/></svg>`
  );
}
