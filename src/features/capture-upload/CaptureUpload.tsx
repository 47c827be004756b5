import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload } from 'tus-js-client';
import { getCapture, listCaptures, retryCapture } from '../../client/captures.ts';
import { patchSpace } from '../../client/space-edits.ts';
import { CAPTURE_UPLOAD_PATH, MAX_CAPTURE_BYTES, type CaptureUpload as Capture } from '../../domain/capture-upload.ts';
import { bundleFiles, bundleName, classify } from './bundle.ts';
import { PhotoSet } from './PhotoSet.tsx';
import { sendCapture, tusMessage } from '../../shared/capture-upload/tus-send.ts';
import type { CurrentUser } from '../../domain/session.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { requireSignedIn } from '../../shared/session/session-store.ts';
import { apiBase } from '../../shared/site/api-base.ts';
import { href } from '../../site/paths.ts';
import './capture-upload.css';

type Sending = { status: 'sending'; fileName: string; percent: number } | { status: 'idle' } | { status: 'error'; message: string };

const POLL_MS = 1500;
const MB = 1024 * 1024;

/** The form that edits a new space: name, summary, description and who sees it (PUBLIC publishes it). */
function SpaceForm({ capture, tr }: { capture: Capture; tr: Translator }) {
  const { t } = tr;
  const space = capture.space;
  const [name, setName] = useState(space?.name ?? '');
  const [summary, setSummary] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<'PRIVATE' | 'UNLISTED' | 'PUBLIC'>('PRIVATE');
  const [state, setState] = useState<{ status: 'idle' | 'saving' | 'saved' } | { status: 'error'; message: string }>({ status: 'idle' });
  if (!space) return null;
  const id = `cu-${capture.id}`;
  const save = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setState({ status: 'saving' });
    try {
      await patchSpace(browserHttp(), { id: space.id, name: name.trim() || space.name, summary, description, visibility });
      setState({ status: 'saved' });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error && error.message ? error.message : t('user.error.generic') });
    }
  };
  return (
    <form className="du-stack cu-form" onSubmit={save} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('captureUpload.edit.title')}</h3>
      <div className="du-field">
        <label htmlFor={`${id}-name`}>{t('captureUpload.edit.name')}</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required />
      </div>
      <div className="du-field">
        <label htmlFor={`${id}-summary`}>{t('captureUpload.edit.summary')}</label>
        <input id={`${id}-summary`} value={summary} onChange={(e) => setSummary(e.target.value)} maxLength={500} />
      </div>
      <div className="du-field">
        <label htmlFor={`${id}-description`}>{t('captureUpload.edit.description')}</label>
        <textarea id={`${id}-description`} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={10_000} rows={4} />
      </div>
      <div className="du-field">
        <label htmlFor={`${id}-visibility`}>{t('captureUpload.edit.visibility')}</label>
        <select
          id={`${id}-visibility`}
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as typeof visibility)}
          aria-describedby={`${id}-vis-hint`}
        >
          <option value="PRIVATE">{t('captureUpload.edit.PRIVATE')}</option>
          <option value="UNLISTED">{t('captureUpload.edit.UNLISTED')}</option>
          <option value="PUBLIC">{t('captureUpload.edit.PUBLIC')}</option>
        </select>
        <p id={`${id}-vis-hint`} className="du-hint">
          {t('captureUpload.edit.visibilityHint')}
        </p>
      </div>
      <div className="du-row">
        <button type="submit" className="btn btn-primary" disabled={state.status === 'saving'}>
          {t('captureUpload.edit.save')}
        </button>
        <p role="status" className={state.status === 'error' ? 'du-error' : 'du-success'}>
          {state.status === 'saved' ? t('captureUpload.edit.saved') : state.status === 'error' ? state.message : ''}
        </p>
      </div>
    </form>
  );
}

/** "Delete" on an unfinished or failed upload, asked twice: the upload's bytes and its share of the quota go. */
function DeleteCapture({ capture, tr, onDeleted }: { capture: Capture; tr: Translator; onDeleted: () => void }) {
  const { t } = tr;
  const [state, setState] = useState<'idle' | 'asking' | 'deleting' | { error: string }>('idle');
  const yes = useRef<HTMLButtonElement | null>(null);
  // The question takes the focus, so a keyboard user answers it next.
  useEffect(() => {
    if (state === 'asking') yes.current?.focus();
  }, [state]);
  const remove = async () => {
    setState('deleting');
    const res = await fetch(`${apiBase()}${CAPTURE_UPLOAD_PATH}${capture.id}`, {
      method: 'DELETE',
      credentials: 'include',
      headers: { 'Tus-Resumable': '1.0.0' },
    }).catch(() => null);
    if (res && (res.ok || res.status === 404)) return onDeleted();
    const body = (await res?.json().catch(() => null)) as { message?: string } | null;
    setState({ error: body?.message ?? t('captureUpload.error') });
  };
  if (state === 'idle')
    return (
      <div className="cu-delete">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setState('asking')}>
          {t('captureUpload.delete')}
        </button>
      </div>
    );
  return (
    <div className="du-stack cu-delete cu-confirm" role="group" aria-labelledby={`cu-del-${capture.id}`}>
      <p id={`cu-del-${capture.id}`}>{t('captureUpload.deleteConfirm', { name: capture.fileName })}</p>
      <div className="du-row">
        <button type="button" ref={yes} className="btn btn-primary btn-sm" onClick={() => void remove()} disabled={state === 'deleting'}>
          {t('captureUpload.deleteYes')}
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setState('idle')} disabled={state === 'deleting'}>
          {t('captureUpload.deleteNo')}
        </button>
      </div>
      {typeof state === 'object' && (
        <p className="du-error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}

/** One upload's state for its owner: processing (step), ready with its links and form, or failed with the reason and "Try again". */
function CaptureItem({
  capture,
  tr,
  withForm,
  onChange,
  onDeleted,
}: {
  capture: Capture;
  tr: Translator;
  withForm: boolean;
  onChange: (c: Capture) => void;
  onDeleted: () => void;
}) {
  const { t } = tr;
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      onChange(await retryCapture(browserHttp(), { id: capture.id }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="cu-item" data-testid="capture-item" data-status={capture.status}>
      <p className="cu-file">
        <strong>{capture.fileName}</strong>{' '}
        <span className="du-hint">{t('captureUpload.size', { mb: Math.max(0.1, Math.round((capture.bytes / MB) * 10) / 10) })}</span>
      </p>
      {capture.status === 'uploading' && <p>{t('captureUpload.state.unfinished')}</p>}
      {capture.status === 'processing' && (
        <p role="status" className="cu-processing">
          <span className="cu-spinner" aria-hidden="true" />
          {t('captureUpload.state.processing', { step: t(`captureUpload.step.${capture.step ?? 'check'}`) })}
        </p>
      )}
      {capture.status === 'failed' && (
        <div role="alert" className="du-stack">
          <p className="du-error">{t('captureUpload.state.failed', { reason: capture.error ?? t('user.error.generic') })}</p>
          <div>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void retry()} disabled={busy}>
              {t('captureUpload.retry')}
            </button>
          </div>
        </div>
      )}
      {(capture.status === 'uploading' || capture.status === 'failed') && <DeleteCapture capture={capture} tr={tr} onDeleted={onDeleted} />}
      {capture.status === 'ready' && capture.space && (
        <div className="du-stack">
          <p className="du-success" role="status">
            {/* A photo that joined a tour made no space of its own: the upload that did carries the form. */}
            {withForm ? t('captureUpload.state.ready') : t('captureUpload.set.added')}
          </p>
          <div className="du-row">
            <a className="btn btn-primary" href={href.showcase(capture.space.modelId)}>
              {t('captureUpload.openTour')}
            </a>
            <a className="btn btn-outline" href={href.space(capture.space.modelId)}>
              {t('captureUpload.openPage')}
            </a>
            {capture.kind === 'panorama' && (
              <a className="btn btn-outline" href={href.tourLayout(capture.space.id)}>
                {t('tourLayout.title')}
              </a>
            )}
          </div>
          {withForm && <SpaceForm capture={capture} tr={tr} />}
        </div>
      )}
    </li>
  );
}

function CaptureUploadInner({ locale }: { locale: string | undefined }) {
  const tr = useT(locale);
  const { t } = tr;
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [captures, setCaptures] = useState<Capture[] | null>(null);
  const [quota, setQuota] = useState<{ usedBytes: number; limitBytes: number } | null>(null);
  const [sending, setSending] = useState<Sending>({ status: 'idle' });
  const [account, setAccount] = useState('');
  const [photoSet, setPhotoSet] = useState<{ files: File[]; key: number } | null>(null);
  const [setBusy, setSetBusy] = useState(false);
  const upload = useRef<Upload | null>(null);

  const refresh = useCallback(async () => {
    const list = await listCaptures(browserHttp());
    setCaptures(list.items);
    setQuota(list.quota);
  }, []);
  useEffect(() => {
    void requireSignedIn().then((u) => {
      setUser(u);
      if (u) void refresh();
    });
    return () => void upload.current?.abort();
  }, [refresh]);

  // While something is processing, follow it.
  const pending = captures?.filter((c) => c.status === 'processing').map((c) => c.id) ?? [];
  const pendingKey = pending.join(',');
  useEffect(() => {
    if (!pendingKey) return;
    const timer = setInterval(() => {
      for (const id of pendingKey.split(','))
        void getCapture(browserHttp(), { id }).then((c) => setCaptures((all) => (all ?? []).map((x) => (x.id === c.id ? c : x))));
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pendingKey]);

  const start = (chosen: File[]) => {
    const choice = classify(chosen);
    if (choice.kind === 'splat' || choice.kind === 'several' || choice.kind === 'gltfCount' || choice.kind === 'mixed') {
      setSending({ status: 'error', message: t(`captureUpload.choice.${choice.kind}`) });
      return;
    }
    setSending({ status: 'idle' });
    // Several photos chosen together: one tour (PhotoSet), one row per photo.
    if (choice.kind === 'photos') {
      setPhotoSet((prev) => ({ files: choice.files, key: (prev?.key ?? 0) + 1 }));
      return;
    }
    // A .gltf goes up with its files as one upload (bundle.ts): one resume, one quota share, one Delete.
    const file: Blob = choice.kind === 'single' ? choice.file : bundleFiles(choice.files.map((f) => ({ name: bundleName(f), blob: f })));
    const fileName = choice.kind === 'single' ? choice.file.name : choice.gltf.name;
    const label = choice.kind === 'single' ? fileName : t('captureUpload.withFiles', { name: fileName, count: choice.files.length - 1 });
    if (file.size > MAX_CAPTURE_BYTES) {
      setSending({ status: 'error', message: t('captureUpload.tooLarge', { mb: MAX_CAPTURE_BYTES / MB }) });
      return;
    }
    setSending({ status: 'sending', fileName: label, percent: 0 });
    sendCapture(file, {
      // The same files chosen again after a reload find their unfinished upload.
      ...(choice.kind === 'gltf'
        ? {
            fingerprint: () =>
              Promise.resolve(
                ['gltf', ...choice.files.map((f) => `${bundleName(f)}:${f.size}:${f.lastModified}`), `${apiBase()}${CAPTURE_UPLOAD_PATH}`].join('|'),
              ),
          }
        : {}),
      metadata: { filename: fileName, ...(account ? { accountId: account } : {}) },
      onProgress: (percent) => setSending({ status: 'sending', fileName: label, percent }),
      onUpload: (u) => (upload.current = u),
    }).then(
      () => {
        setSending({ status: 'idle' });
        void refresh();
      },
      (error: unknown) => setSending({ status: 'error', message: tusMessage(error, t('captureUpload.error')) }),
    );
  };

  /** Stops the upload and deletes what the server kept (tus termination). */
  const cancel = async () => {
    const u = upload.current;
    upload.current = null;
    try {
      await u?.abort(true);
      setSending({ status: 'idle' });
    } catch (error) {
      setSending({ status: 'error', message: tusMessage(error, t('captureUpload.error')) });
    }
    void refresh();
  };

  if (!user) return <p role="status">{t('captureUpload.loading')}</p>;
  const orgs = user.memberships.filter((m) => m.role === 'OWNER');
  const unfinished = captures?.some((c) => c.status === 'uploading');
  // Photos that joined a tour name its space too: its form shows once, on the upload that made it (the oldest, listed last).
  const formFor = new Map((captures ?? []).flatMap((c) => (c.space ? [[c.space.id, c.id] as const] : [])));
  return (
    <div className="du-stack cu">
      <section className="du-stack cu-card" aria-labelledby="cu-choose">
        <h2 id="cu-choose">{t('captureUpload.choose.title')}</h2>
        <p>{t('captureUpload.choose.text', { mb: MAX_CAPTURE_BYTES / MB })}</p>
        {orgs.length > 0 && (
          <div className="du-field">
            <label htmlFor="cu-account">{t('captureUpload.account')}</label>
            <select id="cu-account" value={account} onChange={(e) => setAccount(e.target.value)}>
              <option value="">{t('captureUpload.personal')}</option>
              {orgs.map((m) => (
                <option key={m.organization_sid} value={m.organization_sid}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div
          className="du-field cu-drop"
          onDragOver={(e) => {
            if (sending.status === 'sending' || setBusy) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
          }}
          onDrop={(e) => {
            e.preventDefault();
            const files = [...e.dataTransfer.files];
            if (files.length && sending.status !== 'sending' && !setBusy) start(files);
          }}
        >
          <label htmlFor="cu-file">{t('captureUpload.file')}</label>
          <input
            id="cu-file"
            type="file"
            multiple
            accept=".glb,.gltf,.bin,.png,.jpg,.jpeg,.webp,.ktx2,model/gltf-binary,model/gltf+json,image/jpeg,image/png"
            disabled={sending.status === 'sending' || setBusy}
            aria-describedby="cu-file-hint"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length) start(files);
            }}
          />
          <p id="cu-file-hint" className="du-hint">
            {t('captureUpload.fileHint')} {t('captureUpload.photosHint')}
            {quota ? ` ${t('captureUpload.quota', { used: Math.round(quota.usedBytes / MB), limit: Math.round(quota.limitBytes / MB) })}` : ''}
          </p>
        </div>
        {sending.status === 'sending' && (
          <div className="du-stack" data-testid="capture-progress">
            <label htmlFor="cu-progress">{t('captureUpload.state.uploading', { percent: sending.percent, name: sending.fileName })}</label>
            <progress id="cu-progress" max={100} value={sending.percent}>
              {sending.percent} %
            </progress>
            <div className="du-row">
              <button type="button" className="btn btn-outline btn-sm" onClick={() => void upload.current?.abort().then(() => setSending({ status: 'idle' }))}>
                {t('captureUpload.pause')}
              </button>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => void cancel()}>
                {t('captureUpload.cancel')}
              </button>
            </div>
          </div>
        )}
        <p className="du-error" role="alert">
          {sending.status === 'error' ? sending.message : ''}
        </p>
        {unfinished && sending.status !== 'sending' && <p className="du-hint">{t('captureUpload.resumeHint')}</p>}
      </section>
      {photoSet && <PhotoSet key={photoSet.key} tr={tr} files={photoSet.files} account={account} onBusy={setSetBusy} onChanged={() => void refresh()} />}
      {captures && captures.length > 0 && (
        <section className="du-stack" aria-labelledby="cu-list">
          <h2 id="cu-list">{t('captureUpload.list')}</h2>
          <ul className="cu-list">
            {captures.map((c) => (
              <CaptureItem
                key={c.id}
                capture={c}
                tr={tr}
                withForm={!!c.space && formFor.get(c.space.id) === c.id}
                onChange={(n) => setCaptures((all) => (all ?? []).map((x) => (x.id === n.id ? n : x)))}
                onDeleted={() => void refresh()}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** "Upload a capture": a resumable upload (tus) with its progress, then processing, then the new space's links and its edit form. */
export default function CaptureUpload({ locale }: { locale?: string }) {
  return (
    <IslandBoundary locale={locale ?? 'en'} name="Upload a capture">
      <CaptureUploadInner locale={locale} />
    </IslandBoundary>
  );
}
