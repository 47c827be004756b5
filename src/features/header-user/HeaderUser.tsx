import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { DEFAULT_LOCALE, localizePath } from '../../i18n/locales.ts';
import { COMPANY_SITE_LINKS } from './menu-links.ts';
import { BASE, href } from '../../site/paths.ts';
import { ICON_SPRITE } from '../../site/icons.ts';
import { openModal } from '../../shared/modals/modal-store.ts';
import { confirmLeave } from '../../shared/modals/prevent-leave-store.ts';
import { $ownSpaceCount, $session, loadSession, signOut } from '../../shared/session/session-store.ts';
import './header-user.css';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';
import type { SessionState } from '../../shared/session/session-store.ts';

const LOADING: SessionState = { status: 'loading' };

/** How long the menu takes to open and close (spec 2: 300 ms; the transition lives in header-user.css). */
export const MENU_TRANSITION_MS = 300;

/**
 * The header's user actions. Guests keep the static 'Capture my 3d Model' and 'Sign In' links
 * (their target is the current address); a signed-in user gets 'Capture a space' (no spaces yet) or
 * 'Add your space', and the account menu.
 */
function HeaderUser({ locale }: { locale?: string | undefined }) {
  const { t, locale: current } = useT(locale);
  const local = (path: string) => localizePath(path, current);
  const session = useHydratedStore($session, LOADING);
  const spaces = useHydratedStore($ownSpaceCount, null);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    // The static guest links give way to the user's actions once the session is usable.
    document.documentElement.dataset['session'] = session.status === 'ready' ? 'user' : session.status;
  }, [session.status]);
  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const user = session.status === 'ready' ? session.user : null;
  const initials = user ? `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase() || (user.email[0] ?? '?').toUpperCase() : '';
  const mainLabel = spaces !== null && spaces > 0 ? t('user.header.addSpace') : t('user.header.captureSpace');
  const mainAction = () => {
    setOpen(false);
    openModal(spaces !== null && spaces > 0 ? 'add-space' : 'capture-space');
  };
  const doSignOut = async () => {
    setOpen(false);
    if (!(await confirmLeave())) return;
    await signOut();
  };

  return (
    <div className="du-header" ref={root}>
      {user && (
        <>
          {spaces !== null && (
            // On phones only its icon shows (the text stays its name), as the guest's sign-up button does.
            <button type="button" className="btn btn-primary du-header__cta" onClick={mainAction}>
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <use href={`${ICON_SPRITE}#camera`} />
              </svg>
              <span className="btn__text">{mainLabel}</span>
            </button>
          )}
          <button
            ref={button}
            type="button"
            className="du-header__me"
            aria-haspopup="true"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((o) => !o)}
          >
            <span className="du-header__avatar" aria-hidden="true">
              {initials}
            </span>
            {/* The name comes from this text, not aria-label, so the visible initials need not be part of it. */}
            <span className="visually-hidden">{t('user.menu.label', { name: `${user.first_name} ${user.last_name}`.trim() || user.email })}</span>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 9l6 6 6-6" />
            </svg>
          </button>
          <div id={menuId} className={`du-menu${open ? ' du-menu--open' : ''}`}>
            <p className="du-menu__who">
              <strong>{`${user.first_name} ${user.last_name}`.trim() || user.email}</strong>
              <span>{user.email}</span>
            </p>
            <ul>
              {spaces !== null && (
                // The header's main action again, for phones, where the header shows it as an icon only.
                <li className="du-menu__main">
                  <button type="button" onClick={mainAction}>
                    {mainLabel}
                  </button>
                </li>
              )}
              <li>
                <a href={local(COMPANY_SITE_LINKS.manageSpaces)}>{t('user.menu.manageSpaces')}</a>
              </li>
              <li>
                <a href={local(`${BASE}accounts/`)}>{t('user.menu.organizations')}</a>
              </li>
              <li>
                <a href={local(href.profileCollections(user.user_sid))}>{t('user.menu.collections')}</a>
              </li>
              <li>
                <a href={`${local(href.profile(user.user_sid))}?edit=true`}>{t('user.menu.editProfile')}</a>
              </li>
              <li>
                <a href={local(`${BASE}following/`)}>{t('user.menu.following')}</a>
              </li>
              <li className="du-menu__sep">
                <a href={local(COMPANY_SITE_LINKS.blog)}>{t('user.menu.blog')}</a>
              </li>
              <li>
                <a href={COMPANY_SITE_LINKS.nominate}>{t('user.menu.nominate')}</a>
              </li>
              <li>
                <a href={COMPANY_SITE_LINKS.feedback}>{t('user.menu.feedback')}</a>
              </li>
              <li>
                <a href={local(COMPANY_SITE_LINKS.help)}>{t('user.menu.help')}</a>
              </li>
              <li className="du-menu__sep">
                <button type="button" onClick={() => void doSignOut()}>
                  {t('user.menu.signOut')}
                </button>
              </li>
            </ul>
          </div>
        </>
      )}
    </div>
  );
}

/** The island, inside the error boundary every island has (a render error shows the not-found page and is tracked). */
export default function HeaderUserIsland(props: { locale?: string | undefined }) {
  return (
    <IslandBoundary locale={props.locale ?? DEFAULT_LOCALE} name="HeaderUser">
      <HeaderUser {...props} />
    </IslandBoundary>
  );
}
