import type { Tour, TourRoom, TourTag } from '../../domain/tour.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { h } from './dom.ts';
import { formatLength } from './units.ts';

/** What the panel's buttons do; null in the text-only fallback (rooms and tags are then plain text). */
export interface PanelActions {
  floor: (index: number) => void;
  room: (room: TourRoom) => void;
  tag: (tag: TourTag) => void;
}

/** A room's size as the page writes lengths: "19 ft 8 in × 16 ft 5 in, ceiling 8 ft 6 in". */
export function roomSize(room: TourRoom, tr: Translator): string {
  const f = (m: number) => formatLength(m, tr.lang);
  return tr.t('tour.size', { width: f(room.dimensions.width), length: f(room.dimensions.length), height: f(room.dimensions.height) });
}

/**
 * The side panel "About this space": floors, rooms (with their sizes and a "Go to" button each),
 * tags and the keys. Without WebGL it also carries the floor plans' pictures.
 */
export function renderPanel(tour: Tour, tr: Translator, actions: PanelActions | null): HTMLElement {
  const { t } = tr;
  const floorName = (i: number) => tour.floors.find((f) => f.index === i)?.name ?? '';
  const floors = h(
    'ul',
    { class: 'tp-list tp-floors-list' },
    ...tour.floors.map((f) =>
      h(
        'li',
        {},
        actions
          ? h('button', { type: 'button', class: 'tp-chip', 'data-floor': f.index, 'aria-pressed': 'false', onclick: () => actions.floor(f.index) }, f.name)
          : h('span', {}, f.name),
        !actions && f.plan
          ? h(
              'figure',
              { class: 'tp-plan' },
              h('img', { src: f.plan.url, width: f.plan.width, height: f.plan.height, alt: t('tour.planOf', { floor: f.name }), loading: 'lazy' }),
            )
          : null,
      ),
    ),
  );
  const rooms = h(
    'ul',
    { class: 'tp-list tp-rooms' },
    ...tour.rooms.map((r) =>
      h(
        'li',
        { class: 'tp-room' },
        h('span', { class: 'tp-room__name' }, r.name),
        h('span', { class: 'tp-room__meta' }, `${floorName(r.floor)} · ${roomSize(r, tr)}`),
        actions ? h('button', { type: 'button', class: 'tp-link', onclick: () => actions.room(r) }, t('tour.goTo', { room: r.name })) : null,
      ),
    ),
  );
  const tags = tour.tags.length
    ? h(
        'ul',
        { class: 'tp-list tp-tags' },
        ...tour.tags.map((tag) =>
          h(
            'li',
            {},
            actions
              ? h('button', { type: 'button', class: 'tp-tagbtn', onclick: () => actions.tag(tag) }, tag.title)
              : h('div', { class: 'tp-tagtext' }, h('strong', {}, tag.title), h('p', {}, tag.description)),
          ),
        ),
      )
    : h('p', { class: 'tp-muted' }, t('tour.noTags'));
  const key = (keys: string, what: string) => h('div', { class: 'tp-key' }, h('dt', {}, keys), h('dd', {}, what));
  const keysHelp = h(
    'dl',
    { class: 'tp-keys', id: 'tp-keys-help' },
    key('← →', t('tour.keyTurn')),
    key('↑ ↓', t('tour.keyPitch')),
    key('W / Page Up', t('tour.keyAhead')),
    key('S / Page Down', t('tour.keyBack')),
    key('+ −', t('tour.keyZoom')),
    key('1 2 3', t('tour.keyModes')),
    key('Enter', t('tour.keyMeasure')),
    key('Tab', t('tour.keyLeave')),
  );
  const section = (title: string, body: HTMLElement) => h('section', { class: 'tp-section' }, h('h3', {}, title), body);
  return h(
    'div',
    { class: 'tp-panel__body' },
    section(t('tour.floors'), floors),
    section(t('tour.rooms'), rooms),
    section(t('tour.tags'), tags),
    actions ? section(t('tour.keys'), keysHelp) : null,
  );
}
