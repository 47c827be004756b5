import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { useChunk } from '../../shared/errors/chunks.ts';
import { $settingsOpen, openSettings } from './consent-store.ts';
import './consent.css';

/** Props of the consent island. */
export interface Props {
  locale: string;
}

/** Loads the preference dialog's chunk (a failed load shows the retry of useChunk). */
function SettingsDialog({ locale }: Props) {
  const mod = useChunk(() => import('./ConsentDialog.tsx'));
  if (!mod) return <div className="cc-overlay cc-overlay--loading" aria-hidden="true" />;
  const Dialog = mod.default;
  return <Dialog locale={locale} />;
}

/**
 * The cookie preference dialog (spec 2, 4), when asked for ('Cookie settings' in the banner or the
 * footer). The banner itself is static HTML (CookieConsent.astro): this island hydrates only on
 * `discover:open-cookie-settings`, so a page loads no React for consent before that click.
 */
function CookieSettings({ locale }: Props) {
  const open = useStore($settingsOpen);

  useEffect(() => {
    // The click that hydrated this island came before it listened: the flag says so.
    if (document.documentElement.dataset['cookieSettingsRequested'] === 'true') openSettings();
    const onOpen = () => openSettings();
    window.addEventListener('discover:open-cookie-settings', onOpen);
    return () => window.removeEventListener('discover:open-cookie-settings', onOpen);
  }, []);

  return open ? (
    <div className="cc-layer">
      <SettingsDialog locale={locale} />
    </div>
  ) : null;
}

/** The island. */
export default function CookieConsentIsland(props: Props) {
  return (
    <IslandBoundary locale={props.locale} name="CookieSettings">
      <CookieSettings {...props} />
    </IslandBoundary>
  );
}
