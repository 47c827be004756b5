import { DELIVERY_HOURS } from './capture-rules.ts';

/**
 * Values the company's Markdown pages (src/content) name as `{{name}}` instead of writing them out,
 * so a promise made in several places is written once: the build fills them in the rendered text
 * (ContentPage.astro, the blog's feed) and in the front matter (src/content.config.ts).
 */
export const CONTENT_PLACEHOLDERS = {
  /** The digital twin is delivered within this many hours of the visit (spec 9). */
  deliveryHours: String(DELIVERY_HOURS),
} as const satisfies Record<string, string>;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** Fills `{{name}}` placeholders from CONTENT_PLACEHOLDERS; an unknown name fails the build (a typo must not reach a page). */
export function fillPlaceholders(text: string): string {
  return text.replace(PLACEHOLDER, (_all, name: string) => {
    if (!Object.hasOwn(CONTENT_PLACEHOLDERS, name)) throw new Error(`Unknown placeholder {{${name}}} (known: ${Object.keys(CONTENT_PLACEHOLDERS).join(', ')})`);
    return CONTENT_PLACEHOLDERS[name as keyof typeof CONTENT_PLACEHOLDERS];
  });
}
