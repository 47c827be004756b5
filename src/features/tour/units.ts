/**
 * Lengths as the page's language writes them: feet and inches for US English (`en`), metres
 * elsewhere (Intl.NumberFormat's unit style, so "4,25 m" in German).
 */

/** Whether a language measures in feet and inches. */
export const usesFeet = (lang: string): boolean => /^en(-US)?$/i.test(lang);

const formats = new Map<string, Intl.NumberFormat>();
function format(lang: string, unit: string, digits: number): Intl.NumberFormat {
  const key = `${lang}|${unit}|${digits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits, minimumFractionDigits: digits });
    formats.set(key, f);
  }
  return f;
}

/** A length in metres as the language writes it: "13 ft 1 in" (en) or "4.00 m". */
export function formatLength(metres: number, lang: string): string {
  if (usesFeet(lang)) {
    const inches = Math.round(metres / 0.0254);
    const ft = Math.floor(inches / 12);
    const rest = inches - ft * 12;
    if (ft === 0) return format(lang, 'inch', 0).format(rest);
    return rest === 0 ? format(lang, 'foot', 0).format(ft) : `${format(lang, 'foot', 0).format(ft)} ${format(lang, 'inch', 0).format(rest)}`;
  }
  return format(lang, 'meter', 2).format(metres);
}

/** Reads a length written by {@link formatLength} back into metres (tests and the measuring readout's checks). */
export function parseLength(text: string): number | null {
  const clean = text.replace(/\u00a0|\u202f/g, ' ');
  const ft = /(\d+)\s*ft/.exec(clean);
  const inch = /(\d+)\s*in/.exec(clean);
  if (ft || inch) return (Number(ft?.[1] ?? 0) * 12 + Number(inch?.[1] ?? 0)) * 0.0254;
  const m = /(\d+(?:[.,]\d+)?)\s*m\b/.exec(clean);
  return m ? Number((m[1] ?? '').replace(',', '.')) : null;
}
