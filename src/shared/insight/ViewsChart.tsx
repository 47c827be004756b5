import { useEffect, useId, useRef, useState } from 'react';
import type { SpaceInsight, SpaceInsightSummary } from '../../domain/insight.ts';
import type { StringKey, Vars } from '../../i18n/i18n.ts';
import { chartPoints, formatDay, labelIndexes, niceTicks, type ChartPoint } from './chart-data.ts';
import './insight.css';

/**
 * Owners' insight drawn by hand in SVG (issue 27): two chart shapes (bars over a month or a year,
 * and a sparkline) did not earn a chart library's weight (the smallest well-kept ones add 40 kB+
 * gzip to an island; this file is a few kB). Each chart names itself, says what it shows in text
 * (total, busiest day) and can be switched to a table of the same numbers; days are written in the
 * page's language, in UTC like the data. The texts come in as a translator (`useT(locale)` on the
 * site; the admin console, whose bundle cannot load the site's locale chunks, passes its own over
 * the same English strings).
 */

/** What the charts need to speak: the `insight.*` strings, number formats and the Intl language. */
export interface InsightTranslator {
  t: (key: Extract<StringKey, `insight.${string}`>, vars?: Vars) => string;
  formatCount: (n: number) => string;
  lang: string;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 30, left: 44 };

/** The views of the last 30 days as a small line, with its figure as text beside it. */
export function Sparkline({ values, tr, name }: { values: readonly number[]; tr: InsightTranslator; name: string }) {
  const w = 120;
  const h = 32;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? w / (values.length - 1) : w;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(h - 2 - (v / max) * (h - 4)).toFixed(1)}`).join(' ');
  const total = values.reduce((s, n) => s + n, 0);
  return (
    <span className="ins-spark" data-testid="sparkline">
      <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} aria-hidden="true" focusable="false">
        <polyline points={`0,${h} ${points} ${w},${h}`} className="ins-spark__area" />
        <polyline points={points} className="ins-spark__line" />
      </svg>
      <span className="ins-spark__text">
        {tr.t('insight.sparkline', { count: total })}
        <span className="visually-hidden"> ({name})</span>
      </span>
    </span>
  );
}

/** The figures of a space: views in 30 and 365 days, collections, leads. */
export function InsightFigures({ insight, tr }: { insight: SpaceInsightSummary; tr: InsightTranslator }) {
  const { t, formatCount } = tr;
  const figures: [string, number][] = [
    [t('insight.views30'), insight.views30],
    [t('insight.views365'), insight.views365],
    [t('insight.collections'), insight.collections],
    [t('insight.leads'), insight.leads],
  ];
  return (
    <dl className="ins-figures">
      {figures.map(([label, value]) => (
        <div key={label} className="ins-figure">
          <dt>{label}</dt>
          <dd>{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function useWidth<T extends HTMLElement>(initial: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.max(240, Math.round(entry.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A space's views as bars: the last 30 days per day, or the last 365 days per week; with a table of the same numbers on request. */
export function ViewsChart({ insight, tr }: { insight: SpaceInsight; tr: InsightTranslator }) {
  const { t, formatCount, lang } = tr;
  const [range, setRange] = useState<'30' | '365'>('30');
  const [asTable, setAsTable] = useState(false);
  const [box, width] = useWidth<HTMLDivElement>(640);
  const id = useId();
  const year = range === '365';
  const points: ChartPoint[] = year ? chartPoints(insight.daily, insight.to, true) : chartPoints(insight.last30, insight.to);
  const total = points.reduce((s, p) => s + p.views, 0);
  const peak = points.reduce<ChartPoint | null>((best, p) => (p.views > 0 && (!best || p.views > best.views) ? p : best), null);
  const title = t(year ? 'insight.chartTitle365' : 'insight.chartTitle30');
  const first = points[0]?.day ?? insight.to;
  const summary = [
    t('insight.summary', { count: total, from: formatDay(first, lang, year), to: formatDay(insight.to, lang, year) }),
    peak ? t(year ? 'insight.peakWeek' : 'insight.peakDay', { day: formatDay(peak.day, lang, year), count: peak.views }) : t('insight.none'),
  ].join(' ');

  const ticks = niceTicks(Math.max(0, ...points.map((p) => p.views)));
  const top = ticks[ticks.length - 1] ?? 1;
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.max(1, slot * (year ? 0.8 : 0.7));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const labels = new Set(labelIndexes(points.length, width < 420 ? 3 : year ? 6 : 5));

  return (
    <figure className="ins-chart" aria-labelledby={`${id}-title`}>
      <div className="ins-chart__head">
        <figcaption id={`${id}-title`} className="ins-chart__title">
          {title}
        </figcaption>
        <div className="ins-chart__controls">
          <div role="group" aria-label={t('insight.range')} className="ins-seg">
            {(['30', '365'] as const).map((r) => (
              <button key={r} type="button" className="ins-seg__btn" aria-pressed={range === r} onClick={() => setRange(r)}>
                {t(r === '30' ? 'insight.range30' : 'insight.range365')}
              </button>
            ))}
          </div>
          <button type="button" className="btn btn-ghost btn-sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
            {t('insight.showTable')}
          </button>
        </div>
      </div>
      <p className="ins-chart__summary" id={`${id}-desc`} data-testid="chart-summary">
        {summary}
      </p>
      {asTable ? (
        // A scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
        <div className="ins-table-wrap" role="region" aria-labelledby={`${id}-title`} tabIndex={0}>
          <table className="ins-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t(year ? 'insight.colWeek' : 'insight.colDay')}</th>
                <th scope="col">{t('insight.colViews')}</th>
              </tr>
            </thead>
            <tbody>
              {[...points].reverse().map((p) => (
                <tr key={p.day}>
                  <th scope="row">{formatDay(p.day, lang, year)}</th>
                  <td>{formatCount(p.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div ref={box} className="ins-chart__plot">
          <svg
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            className="ins-svg"
            data-testid="views-chart"
          >
            <text x={12} y={PAD.top + plotH / 2} className="ins-axis-name" transform={`rotate(-90 12 ${PAD.top + plotH / 2})`} textAnchor="middle">
              {t('insight.colViews')}
            </text>
            {ticks.map((v) => (
              <g key={v}>
                <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} className="ins-grid" />
                <text x={PAD.left - 6} y={y(v)} dy="0.32em" textAnchor="end" className="ins-tick">
                  {formatCount(v)}
                </text>
              </g>
            ))}
            {points.map((p, i) => {
              const h = (p.views / top) * plotH;
              const x = PAD.left + i * slot + (slot - barW) / 2;
              return (
                <g key={p.day}>
                  <rect x={x} y={PAD.top + plotH - h} width={barW} height={Math.max(0, h)} rx={barW > 4 ? 2 : 0} className="ins-bar">
                    <title>{`${formatDay(p.day, lang, year)}: ${formatCount(p.views)}`}</title>
                  </rect>
                  {labels.has(i) && (
                    <text
                      x={PAD.left + i * slot + slot / 2}
                      y={HEIGHT - 8}
                      textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
                      className="ins-tick"
                    >
                      {formatDay(p.day, lang)}
                    </text>
                  )}
                </g>
              );
            })}
            <line x1={PAD.left} x2={width - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} className="ins-axis" />
          </svg>
        </div>
      )}
      <p className="ins-note">{t('insight.note')}</p>
    </figure>
  );
}
