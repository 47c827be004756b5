import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { consentRecord, type ConsentChoices } from '../../domain/consent.ts';
import { useT } from '../../i18n/island.ts';
import type { StringKey } from '../../i18n/strings.ts';
import { notify } from '../../shared/site/events.ts';
import { Icon } from '../../shared/site/Icon.tsx';
import { LEGAL_LINKS } from '../../site/links.ts';
import { $consent, acceptAll, closeSettings, saveConsent } from './consent-store.ts';

/** The four sections of the dialog, in the spec's order; strictly necessary is always on. */
const SECTIONS = [
  { key: 'performance', title: 'consent.performance.title', text: 'consent.performance.text' },
  { key: 'functionality', title: 'consent.functionality.title', text: 'consent.functionality.text' },
  { key: 'targeting', title: 'consent.targeting.title', text: 'consent.targeting.text' },
  { key: 'necessary', title: 'consent.necessary.title', text: 'consent.necessary.text' },
] as const satisfies readonly { key: keyof ConsentChoices | 'necessary'; title: StringKey; text: StringKey }[];

const ALL_TRUE: ConsentChoices = { performance: true, functionality: true, targeting: true };

/**
 * The preference center (spec 2, 4): 'Accept all cookies', four expandable sections with a toggle
 * each (strictly necessary on and disabled), 'Confirm my choices', a close button and the policy
 * links. Toggles change a local copy that starts all true (or, when the visitor already chose,
 * their saved choices); only Confirm or Accept all save it.
 */
export default function ConsentDialog({ locale }: { locale: string }) {
  const { t } = useT(locale);
  const saved = useStore($consent);
  const [choices, setChoices] = useState<ConsentChoices>(() => (saved ? { ...saved.custom } : { ...ALL_TRUE }));
  const [expanded, setExpanded] = useState<string | null>(null);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Modal behaviour: focus inside, page still behind, focus back to the opener afterwards.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const prev = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      document.documentElement.style.overflow = prev;
      if (opener && opener.isConnected) opener.focus({ preventScroll: true });
      else document.getElementById('main')?.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      closeSettings();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input:not([disabled])')];
    const firstEl = focusable[0];
    const lastEl = focusable[focusable.length - 1];
    if (!firstEl || !lastEl) return;
    if (e.shiftKey && document.activeElement === firstEl) {
      e.preventDefault();
      lastEl.focus();
    } else if (!e.shiftKey && document.activeElement === lastEl) {
      e.preventDefault();
      firstEl.focus();
    }
  };

  const confirm = () => {
    saveConsent(consentRecord(choices));
    closeSettings();
    notify(t('consent.saved'), 'success');
  };
  const acceptEverything = () => {
    acceptAll();
    closeSettings();
    notify(t('consent.saved'), 'success');
  };

  const policyLinks = LEGAL_LINKS.filter((l) => l.key === 'footer.cookies' || l.key === 'footer.privacy');

  return (
    <div className="cc-overlay">
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the dialog's own keys: focus trap and Escape */}
      <div
        className="cc-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${uid}-title`}
        aria-describedby={`${uid}-intro`}
        ref={dialogRef}
        onKeyDown={onKeyDown}
      >
        <div className="cc-dialog__head">
          <span className="brand__mark cc-dialog__logo" aria-hidden="true">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
              <path d="M12 2.8 20 7.4v9.2l-8 4.6-8-4.6V7.4l8-4.6Z" />
              <path d="m4 7.4 8 4.6 8-4.6M12 12v9.2" />
            </svg>
          </span>
          <h2 id={`${uid}-title`}>{t('consent.dialog.title')}</h2>
          <button type="button" className="cc-dialog__close" aria-label={t('consent.dialog.close')} onClick={closeSettings} ref={closeRef}>
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <div className="cc-dialog__body">
          <p id={`${uid}-intro`} className="cc-dialog__intro">
            {t('consent.dialog.intro')}
          </p>
          <p className="cc-dialog__more">
            <a href={policyLinks[0]?.href} rel="noopener">
              {t('consent.dialog.moreInfo')}
            </a>
          </p>
          <button type="button" className="btn btn-primary cc-dialog__accept" onClick={acceptEverything}>
            {t('consent.dialog.acceptAll')}
          </button>
          <h3 className="cc-dialog__manage">{t('consent.dialog.manage')}</h3>
          <ul className="cc-sections">
            {SECTIONS.map((s) => {
              const necessary = s.key === 'necessary';
              const on = necessary ? true : choices[s.key];
              const open = expanded === s.key;
              const panel = `${uid}-${s.key}-panel`;
              const title = `${uid}-${s.key}-title`;
              return (
                <li key={s.key} className={`cc-section${open ? ' is-open' : ''}`}>
                  <div className="cc-section__head">
                    <button
                      type="button"
                      className="cc-section__toggle"
                      aria-expanded={open}
                      aria-controls={panel}
                      onClick={() => setExpanded(open ? null : s.key)}
                    >
                      <Icon name="right" strokeWidth={2} />
                      <span id={title}>{t(s.title)}</span>
                    </button>
                    {necessary && <span className="cc-section__always">{t('consent.dialog.alwaysActive')}</span>}
                    <span className="cc-switch">
                      <input
                        type="checkbox"
                        role="switch"
                        aria-labelledby={title}
                        checked={on}
                        disabled={necessary}
                        onChange={necessary ? undefined : (e) => setChoices((c) => ({ ...c, [s.key]: e.target.checked }))}
                        data-consent={s.key}
                      />
                      <span className="cc-switch__track" aria-hidden="true" />
                    </span>
                  </div>
                  <div id={panel} className="cc-section__panel" hidden={!open}>
                    <p>{t(s.text)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="cc-dialog__foot">
          <button type="button" className="btn btn-primary" onClick={confirm}>
            {t('consent.dialog.confirm')}
          </button>
          <ul className="cc-dialog__links">
            {policyLinks.map((l) => (
              <li key={l.key}>
                <a href={l.href} rel="noopener">
                  {l.key === 'footer.cookies' ? t('consent.dialog.cookiePolicy') : t('consent.dialog.privacyPolicy')}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
