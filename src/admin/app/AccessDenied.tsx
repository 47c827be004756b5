import { SITE_HOME } from '../../domain/urls.ts';
import { t } from './texts.ts';

/** What a signed-in non-administrator sees (the server answers the same with a 403 page). */
export function AccessDenied() {
  return (
    <main className="adm-center">
      <div className="adm-card adm-center__card">
        <h1>{t('access.title')}</h1>
        <p>{t('access.text')}</p>
        <p>
          <a href={SITE_HOME}>{t('access.link')}</a>
        </p>
      </div>
    </main>
  );
}
