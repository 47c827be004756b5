import { useStore } from '@nanostores/react';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { $latestNotification, dismissNotification } from './notifications-store.ts';
import './notifications.css';

/** Props of the notifications island. */
export interface Props {
  locale: string;
}

/** The latest notification at the bottom of the page (spec 2), announced politely. */
function NotificationToast({ locale }: Props) {
  const { t } = useT(locale);
  const latest = useStore($latestNotification);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-label={t('notifications.label')}>
      {latest && (
        <div className={`toast toast--${latest.kind}`} key={latest.id}>
          <span className="toast__icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
              {latest.kind === 'error' ? (
                <path d="M12 8v5M12 16.5v.5M12 3 2 21h20L12 3Z" />
              ) : latest.kind === 'success' ? (
                <path d="m5 12 5 5 9-10" />
              ) : (
                <path d="M12 11v6M12 7.5v.5" />
              )}
            </svg>
          </span>
          <p className="toast__text">{latest.message}</p>
          <button type="button" className="toast__close" aria-label={t('notifications.dismiss')} onClick={() => dismissNotification(latest.id)}>
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}

/** The island. */
export default function NotificationToastIsland(props: Props) {
  return (
    <IslandBoundary locale={props.locale} name="Notifications">
      <NotificationToast {...props} />
    </IslandBoundary>
  );
}
