import type { TourMode } from '../../domain/tour.ts';
import { normalizeHeading } from './geometry.ts';

/** What a shared link restores: `?m=…&sweep=…&mode=…&h=…&p=…` (heading and pitch in whole degrees). */
export interface LinkedView {
  sweep?: string;
  mode?: TourMode;
  heading?: number;
  pitch?: number;
}

/** The modes (`TOUR_MODES` of src/domain/tour.ts, listed here so the player ships no zod). */
export const MODES = ['inside', 'dollhouse', 'floorplan'] as const satisfies readonly TourMode[];
const isMode = (v: string | null): v is TourMode => (MODES as readonly string[]).includes(v ?? '');
const num = (v: string | null): number | undefined => (v !== null && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** The view a query string asks for; unknown or malformed parts are left out. */
export function parseLinkedView(search: string): LinkedView {
  const q = new URLSearchParams(search);
  const view: LinkedView = {};
  const sweep = q.get('sweep');
  if (sweep && /^[\w.:-]{1,64}$/.test(sweep)) view.sweep = sweep;
  const mode = q.get('mode');
  if (isMode(mode)) view.mode = mode;
  const h = num(q.get('h'));
  if (h !== undefined) view.heading = normalizeHeading(h);
  const p = num(q.get('p'));
  if (p !== undefined) view.pitch = Math.max(-90, Math.min(90, p));
  return view;
}

/** The link to a view of a tour: the page's own URL with the view's parameters (other parameters, e.g. `lang`, kept). */
export function linkToView(pageUrl: string, modelId: string, view: Required<LinkedView>): string {
  const url = new URL(pageUrl);
  url.search = '';
  const q = new URLSearchParams(new URL(pageUrl).search);
  q.set('m', modelId);
  q.set('sweep', view.sweep);
  q.set('mode', view.mode);
  q.set('h', String(Math.round(view.heading) % 360));
  q.set('p', String(Math.round(view.pitch)));
  url.search = q.toString();
  url.hash = '';
  return url.href;
}
