import { SITE_HOME } from '../../domain/urls.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { signOut } from '../../client/session.ts';
import { confirmLeave, setPreventLeave } from '../../shared/modals/prevent-leave-store.ts';
import { ConfirmHost } from '../components/ConfirmDialog.tsx';
import { LeaveHost } from '../components/LeaveHost.tsx';
import { StatusLine } from '../components/StatusLine.tsx';
import { adminHttp } from '../lib/api.ts';
import { PATHS } from './paths.ts';
import { isTechnicianOnly, useSessionUser } from './session.ts';
import { t } from './texts.ts';

/** The sidebar, in the spec's order (spec 2), then the accounts screen. */
const NAV = [
  { to: PATHS.featuredTags, label: t('nav.featuredTags') },
  { to: PATHS.collections, label: t('nav.collections') },
  { to: PATHS.carousel, label: t('nav.carousel') },
  { to: PATHS.spaces, label: t('nav.spaces') },
  { to: PATHS.banner, label: t('nav.banner') },
  { to: PATHS.auditLog, label: t('nav.auditLog') },
  { to: PATHS.searchInsights, label: t('nav.searchInsights') },
  { to: PATHS.moderation, label: t('nav.moderation') },
  { to: PATHS.accounts, label: t('nav.accounts') },
  { to: PATHS.submissions, label: t('nav.submissions') },
  { to: PATHS.marketplace, label: t('nav.marketplace') },
  { to: PATHS.orders, label: t('nav.orders') },
  { to: PATHS.jobs, label: t('nav.jobs') },
  { to: PATHS.technicians, label: t('nav.technicians') },
];
/** A technician's console: their jobs only. */
const TECHNICIAN_NAV = [{ to: PATHS.jobs, label: t('nav.myJobs') }];

/**
 * The console's frame: top bar (menu button under 960 px, brand, user menu), sidebar, the status
 * line and the screen; hosts the confirmation and leave dialogs.
 */
export function AdminLayout() {
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useLocation();
  const technician = isTechnicianOnly(useSessionUser().data);
  const nav = technician ? TECHNICIAN_NAV : NAV;
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    setNavOpen(false);
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    if (!navOpen) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setNavOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <div className="adm-shell">
      <a className="adm-skip" href="#adm-main">
        Skip to content
      </a>
      <header className="adm-topbar">
        <button
          type="button"
          className="adm-icon-btn adm-menu-btn"
          aria-expanded={navOpen}
          aria-controls="adm-sidebar"
          aria-label={navOpen ? t('nav.closeMenu') : t('nav.menu')}
          onClick={() => setNavOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {navOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <Link to={technician ? PATHS.jobs : PATHS.featuredTags} className="adm-brand">
          <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
            <rect width="32" height="32" rx="9" fill="#4f3bd9" />
            <g fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round">
              <path d="M16 6.5 24 11v9.5l-8 4.5-8-4.5V11l8-4.5Z" />
              <path d="m8 11 8 4.6 8-4.6M16 15.6V25" />
            </g>
          </svg>
          <span className="adm-brand__word">Discover</span>
          <span className="adm-brand__tag">Admin</span>
        </Link>
        <UserMenu />
      </header>
      <div className="adm-body">
        <nav id="adm-sidebar" className={`adm-sidebar${navOpen ? ' adm-sidebar--open' : ''}`} aria-label={t('nav.label')}>
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => `adm-nav-link${isActive ? ' adm-nav-link--active' : ''}`}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {navOpen && <div className="adm-scrim" aria-hidden="true" onClick={() => setNavOpen(false)} />}
        <main id="adm-main" ref={main} className="adm-main" tabIndex={-1}>
          <StatusLine />
          {technician && pathname !== PATHS.jobs ? <Navigate to={PATHS.jobs} replace /> : <Outlet />}
        </main>
      </div>
      <ConfirmHost />
      <LeaveHost />
    </div>
  );
}

/** The header user menu (spec 2): DISCOVER (the public site, new tab) and SIGN OUT (back to /). */
function UserMenu() {
  const { data: user } = useSessionUser();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email : '';
  const initials = (name || '?')
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

  const onSignOut = async () => {
    setOpen(false);
    if (!(await confirmLeave())) return;
    setPreventLeave(null);
    setBusy(true);
    try {
      await signOut(adminHttp());
    } finally {
      location.assign('/');
    }
  };

  return (
    <div className="adm-user" ref={box}>
      <button type="button" className="adm-user__btn" aria-expanded={open} aria-controls={`${id}-menu`} onClick={() => setOpen((o) => !o)}>
        <span className="adm-avatar" aria-hidden="true">
          {initials}
        </span>
        {/* The name comes from this text, not aria-label, so it contains what is shown (WCAG 2.5.3, label in name); phones show only the initials. */}
        <span className="adm-user__name">{name}</span>
        <span className="adm-sr-only">{t('user.menu')}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <ul id={`${id}-menu`} className="adm-user__menu" hidden={!open}>
        <li>
          <a href={SITE_HOME} target="_blank" rel="noopener" onClick={() => setOpen(false)}>
            {t('user.discover')}
            <span className="adm-sr-only"> {t('user.newTab')}</span>
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
            </svg>
          </a>
        </li>
        <li>
          <button type="button" disabled={busy} onClick={() => void onSignOut()}>
            {t('user.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
