import { ICON_SPRITE, type IconName } from '../../site/icons.ts';

/** Props of {@link Icon}: a symbol of the site's sprite (`name`) or a one-path icon of a feature's own (`d`). */
export type IconProps = ({ name: IconName; d?: never } | { d: string; name?: never }) & {
  className?: string | undefined;
  /** Names the icon for assistive technology; without it the icon is decorative (hidden). */
  label?: string | undefined;
  /** Stroke width in the 24×24 grid (the sprite's icons are drawn at 1.8). */
  strokeWidth?: number;
};

/**
 * The islands' icon: the same 24×24 `currentColor` stroke `<svg>` as the static pages' `Icon.astro`
 * (`iconSvg`), drawing a symbol of the one cached sprite, or a single path the sprite does not have.
 */
export function Icon({ name, d, className, label, strokeWidth = 1.8 }: IconProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...a11y}
      focusable="false"
    >
      {name ? <use href={`${ICON_SPRITE}#${name}`} /> : <path d={d} />}
    </svg>
  );
}
