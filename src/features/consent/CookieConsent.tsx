import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/island.ts';
import { LEGAL_LINKS } from '../../site/links.ts';
import { apiBase } from '../../shared/site/api-base.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { useChunk } from '../../shared/errors/chunks.ts';
import { $hasConsent, $settingsOpen, acceptAll, openSettings } from './consent-store.ts';
import './consent.css';

/** Props of the consent island. */
export interface Props {
  locale: string;
}

/** The site's cookie policy (the banner's learn-more link and the dialog's policy links). */
export const COOKIE_POLICY_URL = LEGAL_LINKS.find((l) => l.key === 'footer.cookies')?.href ?? '#';

/** Tells the server that the consent state is (re)known: spec 7, no payload, answer not read. */
function pingConsentCookie(): void {
  void fetch(`${apiBase()}/api/mp/consent-cookie`, { credentials: 'include', cache: 'no-store' }).catch(() => undefined);
}

/** The bottom strip (spec 2): message, learn-more link, 'Cookie settings', 'Accept all'. */
function CookieBanner({ locale }: Props) {
  const { t } = useT(locale);
  const accept = () => {
    acceptAll();
    // The focused button disappears with the banner: hand focus to the page.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <section className="cc-banner" aria-label={t('consent.banner.label')}>
      <p className="cc-banner__text">
        {t('consent.banner.text')}{' '}
        <a href={COOKIE_POLICY_URL} rel="noopener">
          {t('consent.banner.learnMore')}
        </a>
      </p>
      <div className="cc-banner__actions">
        <button type="button" className="btn btn-outline btn-sm" onClick={openSettings}>
          {t('consent.banner.settings')}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={accept}>
          {t('consent.banner.acceptAll')}
        </button>
      </div>
    </section>
  );
}

/** Loads the preference dialog's chunk when it is first opened. */
function SettingsDialog({ locale }: Props) {
  const mod = useChunk(() => import('./ConsentDialog.tsx'));
  if (!mod) return <div className="cc-overlay cc-overlay--loading" aria-hidden="true" />;
  const Dialog = mod.default;
  return <Dialog locale={locale} />;
}

/**
 * The cookie consent (spec 2, 4): the banner until a consent cookie exists, and the preference
 * dialog when asked for (banner, footer link). Calls GET /api/mp/consent-cookie on mount and
 * whenever the has-consent state changes. Server-rendered as nothing: only the browser knows the cookie.
 */
function CookieConsent({ locale }: Props) {
  const hasConsent = useStore($hasConsent);
  const open = useStore($settingsOpen);
  const [mounted, setMounted] = useState(false);

  useEffect(() => setMounted(true), []);
  useEffect(() => {
    pingConsentCookie();
  }, [hasConsent]);
  useEffect(() => {
    if (document.documentElement.dataset['cookieSettingsRequested'] === 'true') openSettings();
    const onOpen = () => openSettings();
    window.addEventListener('discover:open-cookie-settings', onOpen);
    return () => window.removeEventListener('discover:open-cookie-settings', onOpen);
  }, []);

  if (!mounted) return null;
  return (
    <div className="cc-layer">
      {!hasConsent && <CookieBanner locale={locale} />}
      {open && (
        <IslandBoundary locale={locale} name="CookieSettings">
          <SettingsDialog locale={locale} />
        </IslandBoundary>
      )}
    </div>
  );
}

/** The island. */
export default function CookieConsentIsland(props: Props) {
  return (
    <IslandBoundary locale={props.locale} name="CookieConsent">
      <CookieConsent {...props} />
    </IslandBoundary>
  );
}
