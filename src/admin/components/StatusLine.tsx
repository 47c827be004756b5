import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { t } from '../app/texts.ts';
import { $status, clearStatus } from './status-store.ts';

/**
 * The status line under the page header: the last success (polite) or error (assertive) message,
 * with a dismiss button. Messages are set with `notifySuccess` / `notifyError`; errors are cleared
 * when the page changes.
 */
export function StatusLine() {
  const status = useStore($status);
  const { pathname } = useLocation();
  useEffect(() => {
    if ($status.get()?.kind === 'error') clearStatus();
  }, [pathname]);
  return (
    <div className="adm-status-slot">
      <div role="status" aria-live="polite" className="adm-sr-live">
        {status?.kind === 'success' ? status.text : ''}
      </div>
      <div role="alert" className="adm-sr-live">
        {status?.kind === 'error' ? status.text : ''}
      </div>
      {status && (
        <div className={`adm-status adm-status--${status.kind}`} data-testid="admin-status">
          <span aria-hidden="true" className="adm-status__icon">
            {status.kind === 'success' ? '✓' : '!'}
          </span>
          <p>{status.text}</p>
          <button type="button" className="adm-icon-btn adm-icon-btn--sm" aria-label={t('status.dismiss')} onClick={clearStatus}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
