import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/island.ts';
import { localizePath } from '../../i18n/locales.ts';
import { loadChunk } from '../errors/chunks.ts';
import { spaceCardHtml } from '../site/cards.ts';
import { href } from '../../site/paths.ts';
import type { MapView } from './map-view.ts';
import type { MapPoint } from './points.ts';
import './map.css';

/** Props of a map of spaces. */
export interface SpacesMapProps {
  points: MapPoint[];
  /** The page's locale (strings, card links). */
  locale?: string | undefined;
  /** The map's accessible name (a region). */
  label: string;
  /** A single space's page: a smaller map, zoomed on it. */
  compact?: boolean;
}

type Status = 'waiting' | 'loading' | 'ready' | 'error';

/**
 * A map of spaces with the grid's card for each: MapLibre GL is fetched when the map comes into
 * view (never with the page), markers are buttons (Enter opens the space's card, the same markup
 * as the grid), and a list of links under the map gives screen readers the same spaces.
 */
export function SpacesMap({ points, locale, label, compact = false }: SpacesMapProps) {
  const tr = useT(locale);
  const { t } = tr;
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const view = useRef<MapView | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('waiting');
  // The map mounts once it is on screen, and again for each retry (status alone would unmount it when ready).
  const [visible, setVisible] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<MapPoint | null>(null);
  const latest = useRef(points);
  latest.current = points;

  // Start when the map is on screen (the chunk and the basemap are fetched then).
  useEffect(() => {
    const el = wrap.current;
    if (!el || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        setVisible(true);
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible || !canvas.current) return;
    let live = true;
    const container = canvas.current;
    setStatus('loading');
    loadChunk(() => import('./map-view.ts'))
      .then((mod) =>
        mod.mountMap(container, latest.current, {
          title: label,
          zoomIn: t('map.zoomIn'),
          zoomOut: t('map.zoomOut'),
          singleZoom: compact ? 3 : 4,
          clusterLabel: (count) => t('map.cluster', { spaces: t('card.spaces', { count }) }),
          onOpen: (point, marker) => {
            opener.current = marker;
            setOpen(point);
          },
        }),
      )
      .then(
        (mounted) => {
          if (!live) return mounted.destroy();
          view.current = mounted;
          setStatus('ready');
        },
        (error: unknown) => {
          console.warn('The map could not be loaded.', error);
          if (live) setStatus('error');
        },
      );
    return () => {
      live = false;
      view.current?.destroy();
      view.current = null;
    };
    // The map mounts once per attempt; new points go through `update` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, attempt]);

  useEffect(() => {
    view.current?.update(points);
    setOpen(null);
  }, [points]);

  // The card takes the focus when it opens (its link), and gives it back to its marker on close or Escape.
  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    cardRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && cardRef.current?.contains(document.activeElement)) {
        setOpen(null);
        opener.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const localize = (path: string) => localizePath(path, locale ?? tr.locale);
  return (
    <div ref={wrap} className={`map${compact ? ' map--compact' : ''}`}>
      <div ref={canvas} className="map__canvas" />
      {status !== 'ready' && status !== 'error' && (
        <p className="map__status" role="status">
          {t('map.loading')}
        </p>
      )}
      {status === 'error' && (
        <div className="map__status" role="alert">
          <p>{t('map.error')}</p>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setAttempt((n) => n + 1)}>
            {t('map.retry')}
          </button>
        </div>
      )}
      {open && (
        <div className="map__card" ref={cardRef} role="group" aria-label={open.name}>
          <button type="button" className="map__close" aria-label={t('map.close')} onClick={close}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
          <div dangerouslySetInnerHTML={{ __html: spaceCardHtml(open, { ...tr, localize }, { level: 'h3' }) }} />
        </div>
      )}
      {!compact && points.length > 0 && (
        <div className="visually-hidden">
          <h3>{t('map.listHeading')}</h3>
          <ul>
            {points.map((p) => (
              <li key={p.key}>
                <a href={localize(p.url ?? href.space(p.modelId ?? ''))}>{p.place ? `${p.name}, ${p.place}` : p.name}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
