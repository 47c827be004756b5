/** Banner colour whose text is black (spec 9). */
export const BLACK_TEXT_BANNER_COLOR = 'FFBB00';

/** WCAG relative luminance of a 6-digit hex colour (no #). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG contrast ratio of two hex colours (no #). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** AA contrast for normal text. */
const AA = 4.5;

/**
 * The banner's colours (spec 2, 9): background from the hex (without #); black text on FFBB00,
 * white otherwise, unless white would fail WCAG AA on that background, then black (an admin who
 * picks a light colour still gets a readable banner). An invalid colour falls back to the brand's.
 * Used by the public banner and by the admin console's live preview.
 */
export function bannerColors(color: string | null | undefined): { background: string; text: string } {
  const hex = /^[0-9a-f]{6}$/i.test(color ?? '') ? (color as string).toUpperCase() : '4F3BD9';
  const black = hex === BLACK_TEXT_BANNER_COLOR || contrastRatio(hex, 'FFFFFF') < AA;
  return { background: `#${hex}`, text: black ? '#000000' : '#FFFFFF' };
}
