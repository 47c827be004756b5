import { useEffect, useRef, useState } from 'react';
import { getCapture, retryCapture } from '../../client/captures.ts';
import { ResponseError } from '../../client/http.ts';
import { MAX_CAPTURE_BYTES, type CaptureStep, type CaptureUpload } from '../../domain/capture-upload.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { href } from '../../site/paths.ts';
import { failureReason, sendCapture, waitProcessed } from '../../shared/capture-upload/tus-send.ts';
import { forgetPhotoSet, inSetOrder, photoKey, photoSetKey, readPhotoSet, savePhotoSet } from './photo-set-store.ts';

type RowState =
  { s: 'waiting' } | { s: 'uploading'; percent: number } | { s: 'processing'; step: CaptureStep } | { s: 'ready' } | { s: 'failed'; reason: string };

const MB = 1024 * 1024;

/** One photo's line: its name, its state, its bar while it goes up, "Try again" when it failed. */
function PhotoRow(p: { tr: Translator; n: number; name: string; row: RowState; first: boolean; busy: boolean; onRetry: () => void }) {
  const { t } = p.tr;
  const id = `cu-photo-${p.n}`;
  const { row } = p;
  return (
    <li className="cu-photo" data-testid="photo-row" data-state={row.s}>
      <p className="cu-file" id={`${id}-name`}>
        <strong>{p.name}</strong>
      </p>
      {row.s === 'waiting' && <p className="du-hint">{t('captureUpload.set.waiting')}</p>}
      {row.s === 'uploading' && (
        <div className="du-stack">
          <p id={`${id}-up`}>{t('captureUpload.state.uploading', { percent: row.percent, name: p.name })}</p>
          <progress max={100} value={row.percent} aria-labelledby={`${id}-up`}>
            {row.percent} %
          </progress>
        </div>
      )}
      {row.s === 'processing' && (
        <p className="cu-processing">
          <span className="cu-spinner" aria-hidden="true" />
          {t('captureUpload.state.processing', { step: t(`captureUpload.step.${row.step}`) })}
        </p>
      )}
      {row.s === 'ready' && <p className="du-success">{p.first ? t('captureUpload.state.ready') : t('captureUpload.set.added')}</p>}
      {row.s === 'failed' && (
        <div className="du-stack">
          <p className="du-error" id={`${id}-why`}>
            {t('captureUpload.state.failed', { reason: row.reason })}
          </p>
          <div>
            <button type="button" className="btn btn-outline btn-sm" onClick={p.onRetry} disabled={p.busy} aria-describedby={`${id}-name ${id}-why`}>
              {t('captureUpload.retry')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

/** An upload as its owner sees it now, or null when it is gone (deleted, or never theirs). */
async function captureOrGone(id: string): Promise<CaptureUpload | null> {
  try {
    return await getCapture(browserHttp(), { id });
  } catch (error) {
    if (error instanceof ResponseError && error.status === 404) return null;
    throw error;
  }
}

/**
 * A set of 360° photos chosen together becomes one tour: the first is uploaded and processed as a
 * single photo (it makes the PRIVATE space), the others then go up one by one with that space's id
 * (tus metadata `spaceId`) and join its tour. One row per photo and one state for the whole set.
 * The same photos chosen again after a reload continue the set (photo-set-store.ts): photos already
 * in the tour stay there, one on its way is followed or resumed, and nothing makes a second space.
 */
export function PhotoSet(p: { tr: Translator; files: File[]; account: string; onBusy: (busy: boolean) => void; onChanged: () => void }) {
  const { t } = p.tr;
  const [{ key, files, kept }] = useState(() => {
    const setKey = photoSetKey(p.files, p.account);
    const record = readPhotoSet(setKey);
    const ordered = inSetOrder(p.files, record);
    return { key: setKey, files: ordered, kept: ordered.map((f) => record?.ids[photoKey(f)]) };
  });
  const [rows, setRows] = useState<RowState[]>(() => files.map(() => ({ s: 'waiting' })));
  const [busy, setBusy] = useState(true); // the set starts as soon as it is chosen
  const [spaceId, setSpaceId] = useState<string | null>(null);
  const space = useRef<string | null>(null);
  const ids = useRef<(string | undefined)[]>(kept);
  const inTour = useRef<boolean[]>([]);
  const started = useRef(false);
  const set = (i: number, row: RowState) => setRows((all) => all.map((r, j) => (j === i ? row : r)));
  /** Notes photo i's upload id (or that it has none) in the set's record, from the moment the server gives it. */
  const remember = (i: number, id: string | undefined) => {
    ids.current[i] = id;
    const sent = files.flatMap((f, j): [string, string][] => {
      const sentId = ids.current[j];
      return sentId ? [[photoKey(f), sentId]] : [];
    });
    savePhotoSet(key, { first: photoKey(files[0] as File), ids: Object.fromEntries(sent) });
  };

  /** Sends photo i (resuming it, or following it when it went up before a reload); `retry` processes a failed one again. Answers whether it is in the tour. */
  const one = async (i: number, retry: boolean): Promise<boolean> => {
    const file = files[i];
    if (!file) return false;
    try {
      let id = ids.current[i];
      let known = id ? await captureOrGone(id) : null;
      // The first photo's upload or space is gone (deleted): the set starts again, into a new space.
      if (i === 0 && id && (!known || (known.status === 'ready' && !known.space))) {
        ids.current = [];
        forgetPhotoSet(key);
        known = null;
      }
      if (id && !known) remember(i, undefined);
      if (known?.status === 'failed') {
        if (!retry) throw new Error(known.error ?? '');
        await retryCapture(browserHttp(), { id: known.id });
      } else if (!known || known.status === 'uploading') {
        if (file.size > MAX_CAPTURE_BYTES) throw new Error(t('captureUpload.tooLarge', { mb: MAX_CAPTURE_BYTES / MB }));
        set(i, { s: 'uploading', percent: 0 });
        const target: Record<string, string> = space.current ? { spaceId: space.current } : p.account ? { accountId: p.account } : {};
        id = await sendCapture(file, {
          metadata: { filename: file.name, ...target },
          onProgress: (percent) => set(i, { s: 'uploading', percent }),
          onUploadId: (uploadId) => remember(i, uploadId),
        });
        remember(i, id);
      }
      set(i, { s: 'processing', step: known?.step ?? 'check' });
      const c = await waitProcessed(ids.current[i] ?? '', (c) => c.status === 'processing' && set(i, { s: 'processing', step: c.step ?? 'check' }));
      if (i === 0) {
        space.current = c.space?.id ?? null;
        setSpaceId(space.current);
      }
      set(i, { s: 'ready' });
      inTour.current[i] = true;
      return true;
    } catch (error) {
      set(i, { s: 'failed', reason: failureReason(error, t('captureUpload.error')) });
      return false;
    }
  };

  /** Photo `from`, then every photo still waiting; nothing joins before the first made the space. */
  const run = async (from: number, waiting: number[], retry: boolean) => {
    setBusy(true);
    p.onBusy(true);
    for (const i of [from, ...waiting.filter((j) => j !== from)]) {
      if (i > 0 && !space.current) break;
      const ok = await one(i, retry && i === from);
      if (i === 0 && !ok) break;
    }
    // The whole set is in the tour: choosing these photos again is a new set.
    if (files.every((_, i) => inTour.current[i])) forgetPhotoSet(key);
    setBusy(false);
    p.onBusy(false);
    p.onChanged();
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run(
      0,
      files.map((_, i) => i),
      false,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the set starts once, when it is chosen
  }, []);

  const ready = rows.filter((r) => r.s === 'ready').length;
  const failed = rows.filter((r) => r.s === 'failed').length;
  const total = files.length;
  const overall =
    rows[0]?.s === 'failed'
      ? t('captureUpload.set.firstFailed')
      : busy
        ? t('captureUpload.set.progress', { ready, total })
        : failed
          ? t('captureUpload.set.partial', { ready, total, failed })
          : t('captureUpload.set.done', { total });
  return (
    <section className="du-stack cu-card" aria-labelledby="cu-set" data-testid="photo-set">
      <h2 id="cu-set">{t('captureUpload.set.title', { total })}</h2>
      <p role="status" id="cu-set-state" data-testid="photo-set-state">
        {overall}
      </p>
      <progress max={total} value={ready} aria-labelledby="cu-set-state" />
      <ol className="cu-list">
        {files.map((f, i) => (
          <PhotoRow
            key={`${i}-${f.name}`}
            tr={p.tr}
            n={i}
            name={f.name}
            row={rows[i] ?? { s: 'waiting' }}
            first={i === 0}
            busy={busy}
            onRetry={() =>
              void run(
                i,
                rows.flatMap((r, j) => (r.s === 'waiting' ? [j] : [])),
                true,
              )
            }
          />
        ))}
      </ol>
      {spaceId && !busy && (
        <div className="du-row">
          <a className="btn btn-outline" href={href.tourLayout(spaceId)}>
            {t('tourLayout.title')}
          </a>
        </div>
      )}
    </section>
  );
}
