import { useState } from 'react';
import { Upload } from 'tus-js-client';
import { getCapture } from '../../client/captures.ts';
import { CAPTURE_UPLOAD_PATH } from '../../domain/capture-upload.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { apiBase } from '../../shared/site/api-base.ts';

type State = { status: 'idle' } | { status: 'sending'; done: number; total: number; percent: number } | { status: 'error'; message: string };

const POLL_MS = 1500;
const MB = 1024 * 1024;

/** Sends one photo (tus) naming the space it joins; resolves with the upload's id. */
function send(file: File, spaceId: string, progress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const u = new Upload(file, {
      endpoint: `${apiBase()}${CAPTURE_UPLOAD_PATH}`,
      chunkSize: 8 * MB,
      retryDelays: [0, 1000, 3000],
      metadata: { filename: file.name, spaceId },
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req) => {
        const xhr = req.getUnderlyingObject() as XMLHttpRequest | undefined;
        if (xhr && 'withCredentials' in xhr) xhr.withCredentials = true;
      },
      onProgress: (sent, total) => progress(total ? Math.floor((sent / total) * 100) : 0),
      onError: reject,
      onSuccess: () => resolve((u.url ?? '').split('/').filter(Boolean).pop() ?? ''),
    });
    u.start();
  });
}

/** Waits until an upload is processed; rejects with the reason when it failed. */
async function processed(id: string): Promise<void> {
  for (;;) {
    const c = await getCapture(browserHttp(), { id });
    if (c.status === 'ready') return;
    if (c.status === 'failed') throw new Error(c.error ?? '');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** "Add 360° photos": more JPEG or PNG 2:1 photos join this tour, each a new point placed next to the others. */
export function AddPhotos(p: { tr: Translator; spaceId: string; disabled: boolean; onAdded: () => void }) {
  const { t } = p.tr;
  const [state, setState] = useState<State>({ status: 'idle' });
  const add = async (files: File[]) => {
    try {
      for (const [i, file] of files.entries()) {
        setState({ status: 'sending', done: i, total: files.length, percent: 0 });
        const id = await send(file, p.spaceId, (percent) => setState({ status: 'sending', done: i, total: files.length, percent }));
        await processed(id);
      }
      setState({ status: 'idle' });
      p.onAdded();
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error && error.message ? error.message : t('tourLayout.addFailed') });
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
