import { VIEW_MESSAGE } from '../../domain/embed.ts';
import type { Tour, TourMode, TourRoom, TourSweep, TourTag } from '../../domain/tour.ts';
import { browserI18n } from '../../i18n/browser.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { apiBase } from '../../shared/site/api-base.ts';
import { href } from '../../site/paths.ts';
import { h, icon } from './dom.ts';
import { linkToView, parseLinkedView, MODES } from './deep-link.ts';
import { nearestSweep, tagsNear } from './geometry.ts';
import { createGuide } from './guide.ts';
import { renderPanel } from './panel.ts';
import { formatLength } from './units.ts';
import type { Player } from './player.ts';
import './tour.css';

/** What the test suite (and a curious visitor's console) may read: the view, never anything private. */
interface TourHook {
  state: () => { mode: TourMode; sweep: string; heading: number; pitch: number; floor: number; frames: number; transition: string | null; ready: boolean };
  project: (p: [number, number, number]) => [number, number] | null;
}
declare global {
  interface Window {
    __tour?: TourHook;
  }
}

const MODE_KEYS = { inside: 'tour.inside', dollhouse: 'tour.dollhouse', floorplan: 'tour.floorplan' } as const;

/** The tour a page URL asks for, or null when the answer is not a tour. */
async function fetchTour(modelId: string): Promise<Tour | null> {
  const res = await fetch(`${apiBase()}/api/content/space/${encodeURIComponent(modelId)}/tour/`, { headers: { Accept: 'application/json' } }).catch(() => null);
  if (!res?.ok) return null;
  const body = (await res.json().catch(() => null)) as Tour | null;
  // The API validates what it answers; this only guards against a page pointed at something else.
  return body && Array.isArray(body.sweeps) && body.sweeps.length > 0 && Array.isArray(body.floors) ? body : null;
}

/** `?lang=de` (an embed in another language) sets the page's language before its strings load. */
function applyLangParam(): void {
  const lang = new URLSearchParams(location.search).get('lang');
  const known = LOCALES.find((l) => l.lang.toLowerCase() === lang?.toLowerCase() || l.code === lang);
  if (known) document.documentElement.lang = known.lang;
}

/**
 * The tour page: fetches the tour, shows its poster and the panel at once, then loads the WebGL
 * player (three.js, a separate chunk); without WebGL, or when the model fails, the floor plans,
 * rooms and tags stay as text under a plain notice.
 */
export async function startTour(root: HTMLElement): Promise<void> {
  applyLangParam();
  const q = new URLSearchParams(location.search);
  const modelId = q.get('m') ?? '';
  const status = root.querySelector<HTMLElement>('[data-status]');
  // The player chunk (three.js) downloads while the strings and the tour load.
  const loadingPlayer = import('./player.ts').catch(() => null);
  const [tr, tour] = await Promise.all([browserI18n(), /^[\w-]{1,64}$/.test(modelId) ? fetchTour(modelId) : Promise.resolve(null)]);
  const { t } = tr;
  if (!tour) {
    if (status) status.textContent = t('showcase.missing');
    return;
  }
  document.title = `${tour.name} | ${t('showcase.title')}`;
  const linked = parseLinkedView(location.search);
  const floorName = (i: number) => tour.floors.find((f) => f.index === i)?.name ?? '';
  const roomName = (id: string | null) => tour.rooms.find((r) => r.id === id)?.name ?? null;

  // The frame of the page: top bar, stage (poster, canvas, overlays), panel, toolbar, live region.
  const live = h('div', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite', 'data-live': true });
  const poster = h('img', { class: 'tp-poster', src: tour.poster.url, width: tour.poster.width, height: tour.poster.height, alt: '', decoding: 'async' });
  const loading = h('p', { class: 'tp-loading', role: 'status' }, h('span', { class: 'tp-spinner', 'aria-hidden': 'true' }), t('tour.loadingModel'));
  const overlay = h('div', { class: 'tp-overlay' });
  const stage = h('div', { class: 'tp-stage' }, poster, overlay, loading);
  const panelToggle = h(
    'button',
    { type: 'button', class: 'tp-btn tp-about', 'aria-expanded': 'false', 'aria-controls': 'tp-panel' },
    icon('about'),
    h('span', {}, t('tour.about')),
  );
  const open =
    window.top === window.self ? h('a', { class: 'tp-btn tp-open', href: href.space(tour.modelId), target: '_top' }, h('span', {}, t('showcase.open'))) : null;
  const top = h('header', { class: 'tp-top' }, h('h1', { class: 'tp-name' }, tour.name), open, panelToggle);
  const panel = h('aside', { class: 'tp-panel', id: 'tp-panel', 'aria-labelledby': 'tp-panel-title' }, h('h2', { id: 'tp-panel-title' }, t('tour.about')));
  const main = h('main', { class: 'tp-main' }, stage);
  root.replaceChildren(top, main, panel, live);
  const wide = matchMedia('(min-width: 900px)');
  const setPanel = (openNow: boolean) => {
    panel.classList.toggle('is-open', openNow);
    panelToggle.setAttribute('aria-expanded', String(openNow));
  };
  setPanel(wide.matches);
  panelToggle.addEventListener('click', () => setPanel(!panel.classList.contains('is-open')));

  const fallback = (why: string) => {
    root.classList.add('is-fallback');
    loading.remove();
    stage.append(h('p', { class: 'tp-notice', role: 'note' }, why));
    poster.alt = tour.name;
    panel.append(renderPanel(tour, tr, null));
    // Text only: the panel scrolls, so it takes focus itself for keyboard scrolling.
    panel.tabIndex = 0;
    setPanel(true);
  };

  const webgl = await loadingPlayer;
  if (!webgl || !webgl.canUseWebGL()) return fallback(t('tour.noWebgl'));

  // The player's controls.
  let player: Player | null = null;
  const modeButtons = MODES.map((m) =>
    h(
      'button',
      { type: 'button', class: 'tp-mode', 'data-mode': m, 'aria-pressed': 'false', onclick: () => chooseMode(m) },
      icon(m),
      h('span', {}, t(MODE_KEYS[m])),
    ),
  );
  const floorChooser = h(
    'div',
    { class: 'tp-floorpick', role: 'group', 'aria-label': t('tour.floor'), hidden: true },
    ...[...tour.floors]
      .reverse()
      .map((f) => h('button', { type: 'button', 'data-floor': f.index, 'aria-pressed': 'false', onclick: () => player?.setFloor(f.index) }, f.name)),
  );
  const tool = (name: Parameters<typeof icon>[0], label: string, onclick: () => void, extra: Record<string, string> = {}) =>
    h('button', { type: 'button', class: 'tp-tool', onclick, ...extra }, icon(name), h('span', { class: 'tp-tool__label' }, label));
  const measureBtn = tool('measure', t('tour.measure'), () => setMeasuring(measureBtn.getAttribute('aria-pressed') !== 'true'), { 'aria-pressed': 'false' });
  const playBtn = tool('play', t('tour.play'), () => guide.toggle());
  const zoomOut = tool('minus', t('tour.zoomOut'), () => player?.zoom(1 / 1.25));
  const zoomIn = tool('plus', t('tour.zoomIn'), () => player?.zoom(1.25));
  const shareBtn = tool('share', t('tour.share'), () => openShare());
  const fullBtn = tool('fullscreen', t('tour.fullscreen'), () => void toggleFullscreen());
  const vrBtn = tool('vr', t('tour.vr'), () => void player?.enterVR().catch(() => undefined));
  vrBtn.hidden = true;
  const motionBtn = tool('motion', t('tour.motion'), () => void askMotion(), { 'aria-pressed': 'false' });
  motionBtn.hidden = !('DeviceOrientationEvent' in window) || !matchMedia('(pointer: coarse)').matches;
  zoomIn.classList.add('tp-tool--compact');
  zoomOut.classList.add('tp-tool--compact');
  if (!document.fullscreenEnabled) fullBtn.hidden = true;
  const toolbar = h(
    'div',
    { class: 'tp-toolbar' },
    h('div', { class: 'tp-modes', role: 'group', 'aria-label': t('tour.modes') }, ...modeButtons),
    h('div', { class: 'tp-tools' }, measureBtn, playBtn, zoomOut, zoomIn, shareBtn, fullBtn, vrBtn, motionBtn),
  );
  const measureBar = h('p', { class: 'tp-measurebar', 'data-measure': true, hidden: true }, t('tour.measureHint'));
  const caption = h('div', { class: 'tp-caption', hidden: true });
  const tagCard = h('section', { class: 'tp-card tp-tagcard', role: 'dialog', 'aria-labelledby': 'tp-tag-title', hidden: true });
  const shareCard = h('section', { class: 'tp-card tp-share', role: 'dialog', 'aria-labelledby': 'tp-share-title', hidden: true });
  main.append(floorChooser, measureBar, caption, tagCard, shareCard, toolbar);

  const announce = (text: string) => {
    live.textContent = text;
  };
  // Inside a space page's frame, the page's Share dialog offers the view the visitor is at.
  let viewTimer = 0;
  const reportView = () => {
    if (window.parent === window.self) return;
    clearTimeout(viewTimer);
    viewTimer = window.setTimeout(() => {
      if (player) window.parent.postMessage({ type: VIEW_MESSAGE, url: linkToView(location.href, tour.modelId, player.view()) }, '*');
    }, 300);
  };
  const placeText = (s: TourSweep) => {
    const room = roomName(s.room);
    const place = room ? t('tour.place', { room, floor: floorName(s.floor) }) : floorName(s.floor);
    return t('tour.here', { place, count: tagsNear(tour, s).length });
  };
  const syncMode = (mode: TourMode) => {
    for (const b of modeButtons) b.setAttribute('aria-pressed', String(b.dataset['mode'] === mode));
    floorChooser.hidden = mode === 'inside' || tour.floors.length < 2;
    root.dataset['mode'] = mode;
  };
  const syncFloor = (floor: number) => {
    for (const b of root.querySelectorAll<HTMLButtonElement>('[data-floor]')) b.setAttribute('aria-pressed', String(Number(b.dataset['floor']) === floor));
  };
  const chooseMode = (m: TourMode) => {
    if (!player) return;
    player.setMode(m);
    announce(t('tour.modeNow', { mode: t(MODE_KEYS[m]) }));
  };
  const setMeasuring = (on: boolean) => {
    measureBtn.setAttribute('aria-pressed', String(on));
    measureBar.hidden = !on;
    measureBar.textContent = t('tour.measureHint');
    root.classList.toggle('is-measuring', on);
    player?.setMeasuring(on);
  };

  const closeCard = (card: HTMLElement, back: HTMLElement | null) => {
    card.hidden = true;
    card.replaceChildren();
    back?.focus();
  };
  const openTag = (tag: TourTag, from: HTMLElement | null = document.activeElement as HTMLElement | null) => {
    shareCard.hidden = true;
    const close = h('button', { type: 'button', class: 'tp-icon-btn', 'aria-label': t('tour.close'), onclick: () => closeCard(tagCard, from) }, icon('close'));
    const parts = [
      h('div', { class: 'tp-card__head' }, h('h2', { id: 'tp-tag-title' }, tag.title), close),
      tag.picture ? h('img', { src: tag.picture.url, width: tag.picture.width, height: tag.picture.height, alt: '' }) : null,
      h('p', {}, tag.description),
      tag.link ? h('a', { href: tag.link.url, target: '_blank', rel: 'noopener' }, tag.link.label) : null,
    ];
    tagCard.replaceChildren(...parts.filter((n) => n !== null));
    tagCard.hidden = false;
    close.focus();
  };
  const openShare = () => {
    if (!player) return;
    const from = shareBtn;
    tagCard.hidden = true;
    const v = player.view();
    const url = linkToView(location.href, tour.modelId, v);
    const field = h('input', { id: 'tp-share-url', type: 'text', readonly: true, value: url, class: 'tp-input' });
    const done = h('p', { class: 'tp-muted', role: 'status' });
    const copy = h(
      'button',
      {
        type: 'button',
        class: 'tp-btn tp-btn--primary',
        onclick: () => {
          void navigator.clipboard
            ?.writeText(url)
            .then(() => (done.textContent = t('tour.copied')))
            .catch(() => field.select());
        },
      },
      t('tour.copy'),
    );
    const close = h(
      'button',
      { type: 'button', class: 'tp-icon-btn', 'aria-label': t('tour.close'), onclick: () => closeCard(shareCard, from) },
      icon('close'),
    );
    shareCard.replaceChildren(
      h('div', { class: 'tp-card__head' }, h('h2', { id: 'tp-share-title' }, t('tour.share')), close),
      h('label', { for: 'tp-share-url' }, t('tour.shareLink')),
      field,
      h('div', { class: 'tp-card__actions' }, copy, done),
    );
    shareCard.hidden = false;
    field.focus();
    field.select();
  };
  for (const card of [tagCard, shareCard])
    card.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') closeCard(card, card === shareCard ? shareBtn : root.querySelector('canvas'));
    });

  const toggleFullscreen = async () => {
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    else await root.requestFullscreen().catch(() => undefined);
  };
  document.addEventListener('fullscreenchange', () => {
    const label = fullBtn.querySelector('.tp-tool__label');
    if (label) label.textContent = document.fullscreenElement ? t('tour.exitFullscreen') : t('tour.fullscreen');
  });
  const askMotion = async () => {
    const on = motionBtn.getAttribute('aria-pressed') !== 'true';
    // iOS asks for permission, and only from a user's gesture: this click.
    const ask = (DeviceOrientationEvent as unknown as { requestPermission?: () => Promise<string> }).requestPermission;
    if (on && ask && (await ask().catch(() => 'denied')) !== 'granted') return;
    motionBtn.setAttribute('aria-pressed', String(on));
    player?.followDevice(on);
  };

  // The guided tour: the page shows its caption and turns Play into Pause.
  const guide = createGuide(tour.tags, {
    show: (tag) => player?.showTag(tag) ?? Promise.resolve(),
    changed: (playing, index) => {
      playBtn.replaceChildren(icon(playing ? 'pause' : 'play'), h('span', { class: 'tp-tool__label' }, playing ? t('tour.pause') : t('tour.play')));
      const tag = index === null ? undefined : tour.tags[index];
      caption.hidden = !tag;
      if (tag && index !== null)
        caption.replaceChildren(
          h('span', { class: 'tp-caption__step' }, t('tour.step', { index: index + 1, total: tour.tags.length })),
          h('strong', {}, tag.title),
          h('span', {}, tag.description),
        );
    },
  });

  panel.append(
    renderPanel(tour, tr, {
      floor: (i) => player?.setFloor(i),
      room: (r: TourRoom) => {
        if (!player) return;
        const center = r.outline.reduce<[number, number]>((a, p) => [a[0] + p[0] / r.outline.length, a[1] + p[1] / r.outline.length], [0, 0]);
        const y = tour.floors.find((f) => f.index === r.floor)?.elevation ?? 0;
        const inRoom = tour.sweeps.some((s) => s.room === r.id);
        void player.goTo(nearestSweep(tour, [center[0], y, center[1]], r.floor, inRoom ? r.id : null).id);
        if (!wide.matches) setPanel(false);
      },
      tag: (tag) => {
        void player?.showTag(tag).then(() => openTag(tag, null));
        if (!wide.matches) setPanel(false);
      },
    }),
  );

  const start = tour.sweeps.find((s) => s.id === linked.sweep) ? linked : {};
  const reduced = matchMedia('(prefers-reduced-motion: reduce)');
  try {
    player = await webgl.createPlayer({
      host: stage,
      overlay,
      tour,
      label: t('tour.view', { name: tour.name }),
      start: {
        sweep: start.sweep ?? tour.start.sweep,
        mode: linked.mode ?? tour.start.mode,
        heading: start.sweep ? (linked.heading ?? 0) : (linked.heading ?? tour.start.heading),
        pitch: linked.pitch ?? (start.sweep ? 0 : tour.start.pitch),
      },
      reducedMotion: () => reduced.matches,
      tagLabel: (tag) => tag.title,
      measureLabel: (m) => formatLength(m, tr.lang),
      events: {
        moved: (s) => {
          announce(placeText(s));
          reportView();
        },
        mode: (m) => {
          syncMode(m);
          reportView();
        },
        floor: syncFloor,
        tag: (tag) => openTag(tag),
        measured: (m) => {
          if (m === null) return;
          const text = t('tour.measureResult', { distance: formatLength(m, tr.lang) });
          measureBar.textContent = text;
          announce(text);
        },
      },
    });
  } catch (error) {
    console.warn('The 3D player could not start; showing the tour as text.', error);
    toolbar.remove();
    floorChooser.remove();
    panel.replaceChildren(panel.firstChild as Node);
    return fallback(webgl.canUseWebGL() ? t('tour.loadFailed') : t('tour.noWebgl'));
  }
  const p = player;
  loading.remove();
  poster.classList.add('is-hidden');
  root.classList.add('is-ready');
  syncMode(p.view().mode);
  syncFloor(p.view().floor);
  const first = tour.sweeps.find((s) => s.id === p.view().sweep);
  if (first) announce(placeText(first));
  window.__tour = {
    state: () => ({ ...p.view(), ...p.stats(), ready: true }),
    project: (pt) => p.project(pt),
  };
  performance.mark('tour:interactive');
  root.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement;
    if (e.altKey || e.ctrlKey || e.metaKey || target.closest('input, textarea, [contenteditable]')) return;
    const mode = { '1': 'inside', '2': 'dollhouse', '3': 'floorplan' }[e.key] as TourMode | undefined;
    if (mode) chooseMode(mode);
    if (e.key === 'Escape' && measureBtn.getAttribute('aria-pressed') === 'true') setMeasuring(false);
  });
  void navigator.xr
    ?.isSessionSupported('immersive-vr')
    .then((ok) => (vrBtn.hidden = !ok))
    .catch(() => undefined);
}
