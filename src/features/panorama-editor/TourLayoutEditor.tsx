import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { getTour, putTourLayout } from '../../client/tour-layout.ts';
import type { Tour } from '../../domain/tour.ts';
import type { TourLayoutEdit } from '../../domain/tour-layout-edit.ts';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { requireSignedIn } from '../../shared/session/session-store.ts';
import { href } from '../../site/paths.ts';
import { AddPhotos } from './AddPhotos.tsx';
import { LinkDialog } from './LinkDialog.tsx';
import { StartView } from './StartView.tsx';
import { editOf, nudgePoint, placePoint, type PlanBox } from './layout-edit.ts';
import './panorama-editor.css';

type Saving = { status: 'idle' | 'saving' | 'saved' } | { status: 'error'; message: string };

const STEP = 0.25;
const BIG_STEP = 1;
const KEYS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

function EditorInner({ locale }: { locale: string | undefined }) {
  const tr = useT(locale);
  const { t } = tr;
  const spaceId = typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('space') ?? '');
  const [tour, setTour] = useState<Tour | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [edit, setEdit] = useState<TourLayoutEdit | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState<Saving>({ status: 'idle' });
  const [linking, setLinking] = useState(false);
  const [announce, setAnnounce] = useState('');
  const svg = useRef<SVGSVGElement | null>(null);
  const dragging = useRef<string | null>(null);

  const load = useCallback(async () => {
    try {
      const next = await getTour(browserHttp(), { id: spaceId });
      setTour(next);
      setEdit(editOf(next));
      setSelected((s) => s ?? next.start.sweep);
      setDirty(false);
    } catch (error) {
      setFailed(errorText(error, t('tourLayout.loadFailed')));
    }
  }, [spaceId, t]);
  useEffect(() => {
    void requireSignedIn().then((u) => {
      if (!u) return;
      if (!spaceId) setFailed(t('tourLayout.noSpace'));
      else void load();
    });
  }, [load, spaceId, t]);

  if (failed) return <p className="du-error">{failed}</p>;
  if (!tour || !edit) return <p role="status">{t('tourLayout.loading')}</p>;
  if (tour.model) return <p>{t('tourLayout.notPhotos')}</p>;

  const floor = tour.floors[0];
  const box: PlanBox = floor?.planBounds ?? [-5, -5, 5, 5];
  const [x0, z0, x1, z1] = box;
  const names = new Map(edit.sweeps.map((s, i) => [s.id, t('tourLayout.point', { n: i + 1 })]));
  const nameOf = (id: string) => names.get(id) ?? id;
  const change = (next: TourLayoutEdit) => {
    setEdit(next);
    setDirty(true);
    setSaving({ status: 'idle' });
  };
  const where = (id: string, e: TourLayoutEdit) => {
    const p = e.sweeps.find((s) => s.id === id)?.position ?? [0, 0];
    return t('tourLayout.position', { name: nameOf(id), x: p[0].toFixed(2), z: p[1].toFixed(2) });
  };
  const toPlan = (e: PointerEvent<SVGElement>): [number, number] | null => {
    const m = svg.current?.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  };
  const onKey = (id: string) => (e: KeyboardEvent<SVGGElement>) => {
    const dir = KEYS[e.key];
    if (dir) {
      e.preventDefault();
      const step = e.shiftKey ? BIG_STEP : STEP;
      const next = nudgePoint(edit, id, [dir[0] * step, dir[1] * step], box);
      change(next);
      setSelected(id);
      setAnnounce(where(id, next));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setSelected(id);
    }
  };
  const save = async () => {
    setSaving({ status: 'saving' });
    try {
      const saved = await putTourLayout(browserHttp(), { id: spaceId, edit });
      setTour(saved);
      setEdit(editOf(saved));
      setDirty(false);
      setSaving({ status: 'saved' });
    } catch (error) {
      setSaving({ status: 'error', message: errorText(error, t('tourLayout.saveFailed')) });
    }
  };

  const current = edit.sweeps.find((s) => s.id === selected) ?? null;
  const byId = new Map(edit.sweeps.map((s) => [s.id, s]));
  const lines = edit.sweeps.flatMap((s) => s.neighbours.filter((n) => n > s.id && byId.has(n)).map((n) => [s, byId.get(n)] as const));
  // About 24 CSS pixels across on a phone's plan: a finger can take it.
  const pointR = Math.max(0.3, Math.max(x1 - x0, z1 - z0) / 26);
  return (
    <div className="pe">
      <p className="pe-help" id="pe-help">
        {t('tourLayout.help')}
      </p>
      <div className="pe-main">
        <section className="pe-plan-card" aria-labelledby="pe-plan-title">
          <h2 id="pe-plan-title">{t('tourLayout.plan')}</h2>
          <svg
            ref={svg}
            className="pe-plan"
            viewBox={`${x0} ${z0} ${x1 - x0} ${z1 - z0}`}
            role="group"
            aria-labelledby="pe-plan-title"
            aria-describedby="pe-help"
            onPointerMove={(e) => {
              const id = dragging.current;
              const p = id ? toPlan(e) : null;
              if (id && p) change(placePoint(edit, id, p, box));
            }}
            onPointerUp={() => {
              const id = dragging.current;
              dragging.current = null;
              if (id) setAnnounce(where(id, edit));
            }}
          >
            {floor?.plan ? (
              <image href={floor.plan.url} x={x0} y={z0} width={x1 - x0} height={z1 - z0} preserveAspectRatio="none" />
            ) : (
              <rect x={x0} y={z0} width={x1 - x0} height={z1 - z0} className="pe-floor" />
            )}
            {tour.rooms.map((r) => (
              <polygon key={r.id} className="pe-room" points={r.outline.map((p) => p.join(',')).join(' ')} />
            ))}
            {lines.map(([a, b]) => (
              <line key={`${a.id}-${b?.id ?? ''}`} className="pe-link" x1={a.position[0]} y1={a.position[1]} x2={b?.position[0]} y2={b?.position[1]} />
            ))}
            {edit.sweeps.map((s, i) => (
              <g
                key={s.id}
                className={`pe-point${s.id === selected ? ' is-selected' : ''}${s.id === edit.start.sweep ? ' is-start' : ''}`}
                transform={`translate(${s.position[0]} ${s.position[1]})`}
                tabIndex={0}
                role="button"
                aria-label={`${where(s.id, edit)}${s.id === edit.start.sweep ? `, ${t('tourLayout.isStart')}` : ''}`}
                aria-pressed={s.id === selected}
                data-sweep={s.id}
                onKeyDown={onKey(s.id)}
                onFocus={() => setSelected(s.id)}
                onPointerDown={(e) => {
                  e.preventDefault();
                  (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
                  dragging.current = s.id;
                  setSelected(s.id);
                }}
              >
                <circle r={pointR} />
                <text y={pointR * 0.35} fontSize={pointR}>
                  {i + 1}
                </text>
              </g>
            ))}
          </svg>
          <p className="pe-live" aria-live="polite">
            {announce}
          </p>
        </section>
        <section className="pe-side du-stack" aria-labelledby="pe-point-title">
          {current ? (
            <>
              <h2 id="pe-point-title">{nameOf(current.id)}</h2>
              <p>{current.neighbours.length ? t('tourLayout.linkedTo', { names: current.neighbours.map(nameOf).join(', ') }) : t('tourLayout.noLinks')}</p>
              <div className="du-row">
                <button type="button" className="btn btn-outline" onClick={() => setLinking(true)} disabled={edit.sweeps.length < 2}>
                  {t('tourLayout.linkTo')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={edit.start.sweep === current.id}
                  onClick={() => change({ ...edit, start: { ...edit.start, sweep: current.id } })}
                >
                  {edit.start.sweep === current.id ? t('tourLayout.isStart') : t('tourLayout.setStart')}
                </button>
              </div>
            </>
          ) : (
            <h2 id="pe-point-title">{t('tourLayout.choosePoint')}</h2>
          )}
          <StartView
            tr={tr}
            name={nameOf(edit.start.sweep)}
            sweep={tour.sweeps.find((s) => s.id === edit.start.sweep) ?? null}
            heading={edit.start.heading}
            onHeading={(heading) => change({ ...edit, start: { ...edit.start, heading } })}
          />
          <div className="du-row">
            <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving.status === 'saving'}>
              {t('tourLayout.save')}
            </button>
            <a className="btn btn-outline" href={href.showcase(tour.modelId)}>
              {t('tourLayout.openTour')}
            </a>
          </div>
          <p role="status" className={saving.status === 'error' ? 'du-error' : 'du-success'}>
            {saving.status === 'saved' ? t('tourLayout.saved') : saving.status === 'error' ? saving.message : dirty ? t('tourLayout.unsaved') : ''}
          </p>
          <AddPhotos tr={tr} spaceId={spaceId} disabled={dirty} onAdded={() => void load()} />
        </section>
      </div>
      {linking && current && <LinkDialog tr={tr} edit={edit} from={current.id} nameOf={nameOf} onChange={change} onClose={() => setLinking(false)} />}
    </div>
  );
}

/** The owner's panorama tour editor (`/manage/tour-layout/?space=<id>`): points on the plan, links, the start view, Save. */
export default function TourLayoutEditor({ locale }: { locale?: string }) {
  return (
    <IslandBoundary locale={locale ?? 'en'} name="Edit tour layout">
      <EditorInner locale={locale} />
    </IslandBoundary>
  );
}
