import { useState } from 'react';
import { patchSpace, prepareSpace } from '../../client/space-edits.ts';
import { ResponseError } from '../../client/http.ts';
import type { Space } from '../../domain/space.ts';
import { modelIdFrom } from '../../domain/user-rules.ts';
import { DELIVERY_HOURS } from '../../domain/capture-rules.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { BASE, href } from '../../site/paths.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { loadOwnSpaceCount, $user } from '../../shared/session/session-store.ts';
import { ModalHead } from '../../shared/modals/Dialog.tsx';

/** Where the capture-services ordering flow starts (spec 1: a technician scans the property). */
export const ORDER_CAPTURE_URL = `${BASE}capture/`;

/** #capture-space: what capturing a space means, and the way to order it. */
export function CaptureSpaceModal({ tr, onClose }: { tr: Translator; onClose: () => void }) {
  const { t } = tr;
  return (
    <>
      <ModalHead id="du-modal-title" title={t('user.capture.title')} closeLabel={t('user.modal.close')} onClose={onClose} />
      <p style={{ margin: 0 }}>{t('user.capture.text')}</p>
      <ol className="du-stack" style={{ margin: 0, paddingLeft: 20 }}>
        <li>{t('user.capture.step1')}</li>
        <li>{t('user.capture.step2', { hours: DELIVERY_HOURS })}</li>
        <li>{t('user.capture.step3')}</li>
      </ol>
      <div className="du-row">
        <a className="btn btn-primary" href={ORDER_CAPTURE_URL}>
          {t('user.capture.order')}
        </a>
        <a className="btn btn-outline" href="#add-space">
          {t('user.capture.haveOne')}
        </a>
      </div>
    </>
  );
}

type AddState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'error'; message: string }
  /** `already`: it was on Discover before (`owned`: the person's own, else another account's). */
  | { status: 'done'; space: Space; already: boolean; owned: boolean };

/** #add-space: lists a space of the user's own on Discover, by its modelId or a URL carrying it. */
export function AddSpaceModal({ tr, onClose }: { tr: Translator; onClose: () => void }) {
  const { t } = tr;
  const [value, setValue] = useState('');
  const [state, setState] = useState<AddState>({ status: 'idle' });
  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const modelId = modelIdFrom(value);
    if (!modelId) {
      setState({ status: 'error', message: t('user.addSpace.invalid') });
      return;
    }
    setState({ status: 'busy' });
    const http = browserHttp();
    try {
      // The server's check first (spec 7's space/prepare): listed already, and whose it is.
      const { space, listed, owned } = await prepareSpace(http, { id: modelId });
      if (listed) {
        setState({ status: 'done', space, already: true, owned });
        return;
      }
      if (!owned) {
        setState({ status: 'error', message: t('user.addSpace.notYours') });
        return;
      }
      const added = await patchSpace(http, { id: space.id, visibility: 'PUBLIC' });
      setState({ status: 'done', space: added, already: false, owned });
      const user = $user.get();
      if (user) void loadOwnSpaceCount(user);
    } catch (error) {
      const status = error instanceof ResponseError ? error.status : 0;
      setState({
        status: 'error',
        message: status === 404 ? t('user.addSpace.notFound') : status === 403 ? t('user.addSpace.notYours') : t('user.error.generic'),
      });
    }
  };
  return (
    <>
      <ModalHead id="du-modal-title" title={t('user.addSpace.title')} closeLabel={t('user.modal.close')} onClose={onClose} />
      {state.status === 'done' ? (
        <div className="du-stack">
          <p className="du-success" role="status">
            {state.already
              ? t(state.owned ? 'user.addSpace.already' : 'user.addSpace.otherAccount', { name: state.space.name })
              : t('user.addSpace.done', { name: state.space.name })}
          </p>
          <div className="du-row">
            <a className="btn btn-primary" href={href.space(state.space.modelId)}>
              {t('user.addSpace.view')}
            </a>
          </div>
        </div>
      ) : (
        <>
          <p className="du-row" style={{ margin: 0 }}>
            <span>{t('captureUpload.offer')}</span>
            <a className="btn btn-outline btn-sm" href={href.captureUpload()}>
              {t('captureUpload.cta')}
            </a>
          </p>
          <form className="du-stack" onSubmit={submit} noValidate>
            <div className="du-field">
              <label htmlFor="du-add-space">{t('user.addSpace.label')}</label>
              <input
                id="du-add-space"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                autoComplete="off"
                required
                maxLength={500}
                aria-invalid={state.status === 'error'}
                aria-describedby="du-add-space-hint du-add-space-error"
              />
              <p id="du-add-space-hint" className="du-hint">
                {t('user.addSpace.hint')}
              </p>
              <p id="du-add-space-error" className="du-error" role="alert">
                {state.status === 'error' ? state.message : ''}
              </p>
            </div>
            <div className="du-row du-row--end">
              <button type="submit" className="btn btn-primary" disabled={state.status === 'busy' || !value.trim()}>
                {t('user.addSpace.submit')}
              </button>
            </div>
          </form>
        </>
      )}
    </>
  );
}
