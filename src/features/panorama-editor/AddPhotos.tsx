import { useState } from 'react';
import { failureReason, sendCapture, waitProcessed } from '../../shared/capture-upload/tus-send.ts';
import type { Translator } from '../../i18n/i18n.ts';

type State = { status: 'idle' } | { status: 'sending'; done: number; total: number; percent: number } | { status: 'error'; message: string };

/** "Add 360° photos": more JPEG or PNG 2:1 photos join this tour, each a new point placed next to the others. */
export function AddPhotos(p: { tr: Translator; spaceId: string; disabled: boolean; onAdded: () => void }) {
  const { t } = p.tr;
  const [state, setState] = useState<State>({ status: 'idle' });
  const add = async (files: File[]) => {
    try {
      for (const [i, file] of files.entries()) {
        setState({ status: 'sending', done: i, total: files.length, percent: 0 });
        const id = await sendCapture(file, {
          metadata: { filename: file.name, spaceId: p.spaceId },
          onProgress: (percent) => setState({ status: 'sending', done: i, total: files.length, percent }),
        });
        await waitProcessed(id);
      }
      setState({ status: 'idle' });
      p.onAdded();
    } catch (error) {
      setState({ status: 'error', message: failureReason(error, t('tourLayout.addFailed')) });
      p.onAdded();
    }
  };
  return (
    <fieldset className="pe-add du-stack">
      <legend>{t('tourLayout.addPhotos')}</legend>
      <p id="pe-add-hint">{p.disabled ? t('tourLayout.saveFirst') : t('tourLayout.addHint')}</p>
      <input
        type="file"
        accept="image/jpeg,image/png"
        multiple
        aria-label={t('tourLayout.addPhotos')}
        aria-describedby="pe-add-hint"
        disabled={p.disabled || state.status === 'sending'}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void add(files);
        }}
      />
      {state.status === 'sending' && (
        <div className="du-stack">
          <p>{t('tourLayout.adding', { n: state.done + 1, total: state.total })}</p>
          <progress max={100} value={state.percent} aria-label={t('tourLayout.adding', { n: state.done + 1, total: state.total })} />
        </div>
      )}
      {state.status === 'error' && <p className="du-error">{state.message}</p>}
    </fieldset>
  );
}
