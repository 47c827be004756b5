import { useEffect } from 'react';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { DEFAULT_LOCALE } from '../../i18n/locales.ts';
import { $session, loadSession } from '../../shared/session/session-store.ts';
import { AddToCollectionModal, CreateCollectionModal } from './CollectionModals.tsx';
import { Dialog, ModalHead } from '../../shared/modals/Dialog.tsx';
import { $modal, $modalContext, closeModal, followHash, PUBLIC_MODALS, type ModalName } from '../../shared/modals/modal-store.ts';
import { $leavePrompt, answerLeave, interceptLinks } from '../../shared/modals/prevent-leave-store.ts';
import { ShareModal } from './ShareModal.tsx';
import { SignInPrompt } from './SignInPrompt.tsx';
import { AddSpaceModal, CaptureSpaceModal } from './SpaceModals.tsx';
import '../../shared/modals/modals.css';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';
import type { SessionState } from '../../shared/session/session-store.ts';
import type { ModalContext } from '../../shared/modals/modal-store.ts';

const LOADING: SessionState = { status: 'loading' };
const NO_CONTEXT: ModalContext = {};

/**
 * The one modal manager of a page: follows the URL hash, shows the matching modal (or, for a
 * guest on a signed-in-only hash, the sign-in offer), and the leave-page prompt of prevent-leave
 * mode. Mounted once per page, as its own island in the site header, hydrated only when a modal or
 * the prompt is wanted (SiteHeader.astro): the stores already hold what was asked when it mounts.
 */
function ModalHost({ locale }: { locale?: string | undefined }) {
  const tr = useT(locale);
  const { t } = tr;
  const modal = useHydratedStore($modal, null);
  const session = useHydratedStore($session, LOADING);
  const context = useHydratedStore($modalContext, NO_CONTEXT);
  const leave = useHydratedStore($leavePrompt, null);
  useEffect(() => {
    followHash();
    interceptLinks();
    // Signed-in-only modals need the session; for a guest no header island has asked (the head script's answer is reused).
    void loadSession();
  }, []);

  const body = (name: ModalName) => {
    if (name === 'sign-in-follow' || name === 'sign-in-favorites') return <SignInPrompt reason={name} tr={tr} onClose={closeModal} />;
    if (name === 'share') return <ShareModal tr={tr} context={context} onClose={closeModal} />;
    if (!PUBLIC_MODALS.includes(name) && session.status !== 'ready') {
      if (session.status === 'loading')
        return (
          <>
            <ModalHead id="du-modal-title" title={t('user.loading')} closeLabel={t('user.modal.close')} onClose={closeModal} />
            <div className="du-spinner" />
          </>
        );
      return <SignInPrompt reason={name} tr={tr} onClose={closeModal} />;
    }
    switch (name) {
      case 'create-collection':
        return <CreateCollectionModal tr={tr} context={context} onClose={closeModal} />;
      case 'add-to-collection':
        return <AddToCollectionModal tr={tr} context={context} onClose={closeModal} />;
      case 'capture-space':
        return <CaptureSpaceModal tr={tr} onClose={closeModal} />;
      case 'add-space':
        return <AddSpaceModal tr={tr} onClose={closeModal} />;
      default:
        return null;
    }
  };

  return (
    <>
      <Dialog open={modal !== null} onClose={closeModal} labelledBy="du-modal-title">
        {modal && (
          <div className="du-stack" key={modal} data-modal={modal}>
            {body(modal)}
          </div>
        )}
      </Dialog>
      <Dialog open={leave !== null} onClose={() => void answerLeave('stay')} labelledBy="du-leave-title">
        <ModalHead id="du-leave-title" title={t('user.leave.title')} closeLabel={t('user.modal.close')} onClose={() => void answerLeave('stay')} />
        <div className="du-row du-row--end">
          <button type="button" className="btn btn-outline" onClick={() => void answerLeave('leave')}>
            {t('user.leave.leave')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void answerLeave('save')}>
            {t('user.leave.save')}
          </button>
        </div>
      </Dialog>
    </>
  );
}

/** The island, inside the error boundary every island has. */
export default function ModalHostIsland(props: { locale?: string | undefined }) {
  return (
    <IslandBoundary locale={props.locale ?? DEFAULT_LOCALE} name="ModalHost">
      <ModalHost {...props} />
    </IslandBoundary>
  );
}
