import { useEffect, useRef } from 'react';
import type { TourLayoutEdit } from '../../domain/tour-layout-edit.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { toggleLink } from './layout-edit.ts';

/** "Link to…": a modal list of the other points, each a checkbox that links or unlinks it (both ways). */
export function LinkDialog(p: {
  tr: Translator;
  edit: TourLayoutEdit;
  from: string;
  nameOf: (id: string) => string;
  onChange: (next: TourLayoutEdit) => void;
  onClose: () => void;
}) {
  const { t } = p.tr;
  const dialog = useRef<HTMLDialogElement | null>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const linked = new Set(p.edit.sweeps.find((s) => s.id === p.from)?.neighbours ?? []);
  const others = p.edit.sweeps.filter((s) => s.id !== p.from);
  return (
    <dialog ref={dialog} className="pe-dialog" aria-labelledby="pe-link-title" onClose={p.onClose}>
      <form method="dialog" className="du-stack">
        <h2 id="pe-link-title">{t('tourLayout.linkTitle', { name: p.nameOf(p.from) })}</h2>
        <p id="pe-link-hint">{t('tourLayout.linkHint')}</p>
        <fieldset className="pe-links" aria-describedby="pe-link-hint">
          <legend className="visually-hidden">{t('tourLayout.linkTitle', { name: p.nameOf(p.from) })}</legend>
          {others.map((s) => (
            <label key={s.id} className="pe-link-choice">
              <input type="checkbox" checked={linked.has(s.id)} onChange={() => p.onChange(toggleLink(p.edit, p.from, s.id))} />
              {p.nameOf(s.id)}
            </label>
          ))}
        </fieldset>
        <div className="du-row">
          <button type="submit" className="btn btn-primary">
            {t('tourLayout.done')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
