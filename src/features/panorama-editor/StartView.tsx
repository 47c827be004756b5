import type { MouseEvent } from 'react';
import type { TourSweep } from '../../domain/tour.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { fractionOf, headingAt } from './layout-edit.ts';

/**
 * The start view's heading: the start point's photo as a strip (its middle is north) with a line
 * where the tour first looks; a click on the strip or the degrees field moves it.
 */
export function StartView(p: { tr: Translator; name: string; sweep: TourSweep | null; heading: number; onHeading: (heading: number) => void }) {
  const { t } = p.tr;
  const picture = p.sweep?.tiles?.preview ?? p.sweep?.panorama ?? null;
  const pick = (e: MouseEvent<HTMLButtonElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    p.onHeading(headingAt((e.clientX - r.left) / (r.width || 1)));
  };
  return (
    <fieldset className="pe-start du-stack">
      <legend>{t('tourLayout.startView', { name: p.name })}</legend>
      {picture && (
        <button type="button" className="pe-strip" onClick={pick} aria-label={t('tourLayout.lookHere')} tabIndex={-1}>
          <img src={picture.url} alt="" width={picture.width} height={picture.height} />
          <span className="pe-heading-mark" style={{ left: `${fractionOf(p.heading) * 100}%` }} aria-hidden="true" />
        </button>
      )}
      <div className="du-field">
        <label htmlFor="pe-heading">{t('tourLayout.heading')}</label>
        <input
          id="pe-heading"
          type="number"
          min={0}
          max={359}
          step={1}
          value={p.heading}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isFinite(n)) p.onHeading(((Math.round(n) % 360) + 360) % 360);
          }}
        />
      </div>
    </fieldset>
  );
}
