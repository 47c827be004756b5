import { useEffect, useState, type ComponentType } from 'react';
import { destinationHost } from '../../domain/marketplace-rules.ts';
import { useT } from '../../i18n/island.ts';
import { loadChunk } from '../../shared/errors/chunks.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { Dialog, ModalHead } from '../../shared/modals/Dialog.tsx';
import '../../shared/modals/modals.css';
import { $session, loadSession, signInHref, type SessionState } from '../../shared/session/session-store.ts';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';
import { getMyLeads } from './marketplace-api.ts';
import type { RequestFlowProps } from './RequestFlow.tsx';
import './marketplace.css';

const LOADING: SessionState = { status: 'loading' };

/** Props of an app page's actions. */
export interface Props {
  slug: string;
  appName: string;
  partnerName: string;
  /** Sign-in with this page as the target, as the build knows it (the browser refines it). */
  signInUrl: string;
  locale?: string;
}

/**
 * The app page's actions: 'Sign in to Add' for guests (a link to sign-in that comes back here),
 * 'Add' for a signed-in user (the space selector and request form, a chunk loaded on first use),
 * 'Access Requested' once they have asked (remembered by the API). It also shows the redirect
 * notice for every link on the page marked `data-leave-notice` (apps hosted outside the product).
 */
export default function AppActions(props: Props) {
  return (
    <IslandBoundary locale={props.locale ?? 'en'} name="Marketplace app actions">
      <Actions {...props} />
    </IslandBoundary>
  );
}

const check = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M20 6 9 17l-5-5" />
  </svg>
);

function Actions({ slug, appName, partnerName, signInUrl, locale }: Props) {
  const { t } = useT(locale);
  const session = useHydratedStore($session, LOADING);
  const [signIn, setSignIn] = useState(signInUrl);
  const [requested, setRequested] = useState(false);
  const [Flow, setFlow] = useState<ComponentType<RequestFlowProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState<{ url: string; host: string } | null>(null);

  useEffect(() => {
    void loadSession();
    setSignIn(signInHref(location.pathname + location.search));
    // The redirect notice: a marked link to another site asks first (Continue / Stay).
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[data-leave-notice]') : null;
      const host = a ? destinationHost(a.href) : null;
      if (!a || !host) return;
      e.preventDefault();
      setLeaving({ url: a.href, host });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  const user = session.status === 'ready' ? session.user : null;
  useEffect(() => {
    if (!user) return;
    let live = true;
    getMyLeads(slug)
      .then((mine) => live && setRequested(mine.requested))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user, slug]);

  const start = async () => {
    if (!Flow) {
      const mod = await loadChunk(() => import('./RequestFlow.tsx'));
      setFlow(() => mod.RequestFlow);
    }
    setOpen(true);
  };

  return (
    <div className="mk-actions" data-session={session.status}>
      {user ? (
        <>
          {requested && (
            <span className="mk-requested" role="status">
              {check}
              {t('marketplace.requested')}
            </span>
          )}
          <button type="button" className={requested ? 'btn btn-outline' : 'btn btn-primary'} onClick={() => void start()}>
            {t('marketplace.add')}
          </button>
        </>
      ) : (
        <a className="btn btn-primary" href={signIn}>
          {t('marketplace.signInToAdd')}
        </a>
      )}
      {Flow && user && (
        <Flow
          open={open}
          onClose={() => setOpen(false)}
          onRequested={() => setRequested(true)}
          slug={slug}
          appName={appName}
          partnerName={partnerName}
          user={user}
          locale={locale}
        />
      )}
      <Dialog open={leaving !== null} onClose={() => setLeaving(null)} labelledBy="mk-leave-title">
        {leaving && (
          <div className="mk-dialog">
            <ModalHead id="mk-leave-title" title={t('marketplace.leave.title')} closeLabel={t('marketplace.form.close')} onClose={() => setLeaving(null)} />
            <p>{t('marketplace.leave.text', { host: leaving.host })}</p>
            <div className="mk-row">
              <button type="button" className="btn btn-outline" onClick={() => setLeaving(null)}>
                {t('marketplace.leave.stay')}
              </button>
              <a className="btn btn-primary" href={leaving.url} rel="noopener">
                {t('marketplace.leave.continue', { host: leaving.host })}
              </a>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
