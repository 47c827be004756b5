import { listBanners } from '../../client/banners.ts';
import type { TextLocaleCode } from '../../domain/locale-texts.ts';
import { bannerColors } from '../../domain/banner-color.ts';
import { linkHref } from '../../domain/urls.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';

/**
 * The pencil banner's browser side (spec 2), without React, i18next or zod: the build renders the
 * first banner into every page (PencilBanner.astro); this wires its close button and, when the
 * browser is idle, reads the live list so an admin's change shows without a rebuild (the text,
 * colour or link replaced, the banner removed, or inserted when the build had none).
 */

/** The fields the banner shows (a subset of the domain's `Banner`). */
export interface PencilData {
  id: string;
  text: string;
  color: string;
  hyperlink: string | null;
  isHideable: boolean;
}

/**
 * sessionStorage key prefix of a banner the visitor closed (closed for the session, spec 2). The
 * inline script in PencilBanner.astro, which hides a closed banner before the first paint, spells it too.
 */
export const CLOSED_PREFIX = 'discover:banner-closed:';

/** What tells two banners apart on screen: the build stamps it on the element, the script compares. */
export const bannerKey = (b: PencilData): string => JSON.stringify([b.id, b.text, b.color, b.hyperlink, b.isHideable]);

/** Minimal shape check of one entry of GET /api/content/banner/ (a malformed answer keeps the built banner). */
function isPencil(x: unknown): x is PencilData {
  if (typeof x !== 'object' || x === null) return false;
  const b = x as Record<string, unknown>;
  return (
    typeof b['id'] === 'string' &&
    typeof b['text'] === 'string' &&
    typeof b['color'] === 'string' &&
    (b['hyperlink'] === null || typeof b['hyperlink'] === 'string') &&
    typeof b['isHideable'] === 'boolean'
  );
}

function wasClosed(id: string): boolean {
  try {
    return sessionStorage.getItem(CLOSED_PREFIX + id) === '1';
  } catch {
    return false;
  }
}

const CLOSE_ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6 6 18"/></svg>';

/** The banner's element, as PencilBanner.astro renders it; the labels come from the page (its locale's texts). */
function build(b: PencilData, labels: { label: string; close: string }): HTMLElement {
  const { background, text } = bannerColors(b.color);
  const aside = document.createElement('aside');
  aside.className = 'pencil';
  aside.setAttribute('aria-label', labels.label);
  aside.style.background = background;
  aside.style.color = text;
  aside.dataset['bannerId'] = b.id;
  aside.dataset['bannerKey'] = bannerKey(b);
  const inner = document.createElement('div');
  inner.className = 'container pencil__inner';
  const p = document.createElement('p');
  p.className = 'pencil__text';
  const href = linkHref(b.hyperlink);
  if (href) {
    const a = document.createElement('a');
    a.href = href;
    a.style.color = text;
    a.textContent = b.text;
    p.append(a);
  } else p.textContent = b.text;
  inner.append(p);
  if (b.isHideable) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'pencil__close';
    button.setAttribute('aria-label', labels.close);
    button.style.color = text;
    button.innerHTML = CLOSE_ICON;
    inner.append(button);
  }
  aside.append(inner);
  return aside;
}

/** Closes the banner for this session and moves focus to the page's content (the button is gone). */
function close(aside: HTMLElement): void {
  try {
    sessionStorage.setItem(CLOSED_PREFIX + (aside.dataset['bannerId'] ?? ''), '1');
  } catch {
    // Private mode without storage: the banner still closes for this page.
  }
  aside.remove();
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** Brings the banner in line with the live list (the build's may be older than the last admin change). */
async function refresh(slot: HTMLElement): Promise<void> {
  let list: unknown;
  try {
    // The page's locale code (PencilBanner.astro writes it); type-only import keeps zod out of this script.
    list = await listBanners(browserHttp(), slot.dataset['locale'] as TextLocaleCode | undefined);
  } catch {
    return; // offline, the API is down or answered an error: the built banner stays
  }
  if (!Array.isArray(list)) return;
  const first: unknown = list[0];
  const current = slot.querySelector<HTMLElement>('aside.pencil');
  if (first !== undefined && !isPencil(first)) return;
  if (first === undefined || !first.text.trim() || wasClosed(first.id)) {
    current?.remove();
    return;
  }
  if (current?.dataset['bannerKey'] === bannerKey(first)) return;
  const next = build(first, { label: slot.dataset['label'] ?? '', close: slot.dataset['close'] ?? '' });
  if (current) current.replaceWith(next);
  else slot.append(next);
}

/** Wires the page's banner slot: the close button (also of a banner inserted later), then the live check at idle. */
export function startPencilBanner(): void {
  const slot = document.querySelector<HTMLElement>('[data-pencil]');
  if (!slot) return;
  slot.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('.pencil__close') : null;
    const aside = button?.closest<HTMLElement>('aside.pencil');
    if (aside) close(aside);
  });
  const run = () => void refresh(slot);
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
